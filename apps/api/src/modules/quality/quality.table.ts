import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { InspectionKind, InspectionMethod } from '@armature/domain';
import { auditColumns, idColumn, instant } from '../../core/db/audit-columns.ts';
import { inspectionTypes, rebars, techniques } from '../master-data/master-data.table.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { equipment } from '../equipment/equipment.table.ts';
import { tasks } from '../processing/processing.table.ts';
import { rebarReceives } from '../stock/stock.table.ts';

/** The owner type of receipts' mill certificates among stored files (owned by the receipt, in its product). */
export const CERTIFICATE_OWNER = 'rebarReceive';

/** Values are kept as the characteristics are (3 decimals); read back as numbers. */
const measure = () => numeric({ precision: 14, scale: 3, mode: 'number' });

/**
 * One inspection: a set of checks on a receipt (raw bars) or on a piece of a machine task. Never
 * edited: a wrong record is followed by a new one (the receipt's status follows its latest inspection).
 */
export const inspections = pgTable(
  'inspection',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    kind: varchar({ length: 16 }).$type<InspectionKind>().notNull(),
    result: varchar({ length: 8 }).$type<'pass' | 'fail'>().notNull(),
    techniqueId: uuid()
      .notNull()
      .references(() => techniques.id),
    rebarReceiveId: uuid().references((): AnyPgColumn => rebarReceives.id),
    taskId: uuid().references((): AnyPgColumn => tasks.id),
    equipmentId: uuid().references((): AnyPgColumn => equipment.id),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    /** The receipt's heat, or the heats the task had consumed when checked (comma-separated). */
    heatNo: varchar({ length: 200 }).notNull().default(''),
    pieceNo: integer(),
    scrapPieces: integer().notNull().default(0),
    inspectorId: uuid().references(() => users.id),
    inspectorName: varchar({ length: 64 }),
    inspectedAt: instant().notNull(),
    remark: varchar({ length: 500 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('inspection_code_unique').on(table.productId, table.code),
    index('inspection_product_time_idx').on(table.productId, table.inspectedAt),
    index('inspection_receipt_idx').on(table.rebarReceiveId),
    index('inspection_task_idx').on(table.taskId, table.pieceNo),
    index('inspection_equipment_time_idx').on(table.equipmentId, table.inspectedAt),
    index('inspection_product_heat_idx').on(table.productId, table.heatNo),
  ],
);

/** A check of an inspection: the characteristic, its limits as judged, the entry and the result. */
export const inspectionChecks = pgTable(
  'inspection_check',
  {
    ...idColumn,
    ...scopeColumns(),
    inspectionId: uuid()
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    inspectionTypeId: uuid()
      .notNull()
      .references(() => inspectionTypes.id),
    /** The characteristic as it was (basic configuration may change later). */
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    unit: varchar({ length: 16 }),
    method: varchar({ length: 16 }).$type<InspectionMethod>().notNull(),
    value: measure(),
    massKg: measure(),
    lengthMm: integer(),
    lowerLimit: measure(),
    upperLimit: measure(),
    passed: boolean().notNull(),
    remark: varchar({ length: 200 }),
    /** Copied from the inspection, so statistics per characteristic, machine and time need no join. */
    equipmentId: uuid(),
    inspectedAt: instant().notNull(),
  },
  (table) => [
    index('inspection_check_inspection_idx').on(table.inspectionId),
    index('inspection_check_type_time_idx').on(table.productId, table.inspectionTypeId, table.inspectedAt),
  ],
);

/** Per product and production technique: check the first piece of a task, then every `everyN`th (0: first only). */
export const samplingPlans = pgTable(
  'sampling_plan',
  {
    ...idColumn,
    ...scopeColumns(),
    techniqueId: uuid()
      .notNull()
      .references(() => techniques.id, { onDelete: 'cascade' }),
    everyN: integer().notNull().default(0),
    ...auditColumns,
  },
  (table) => [uniqueIndex('sampling_plan_unique').on(table.productId, table.techniqueId)],
);
