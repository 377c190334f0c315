import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DesignBomStatus, PlcParameter, PlcSignal } from '@armature/domain';
import { auditColumns, idColumn, instant } from '../../core/db/audit-columns.ts';
import { productTypes, techniques } from '../master-data/master-data.table.ts';
import { spareParts } from './spare-part.table.ts';
import { users } from '../../core/auth/users.table.ts';

const quantity = () => numeric({ precision: 12, scale: 3, mode: 'number' });

/**
 * A version of a design BOM (the maker's global data): `code` names the BOM, `version` counts from 1;
 * a released version is frozen, a new version copies the last one (`basedOnId`).
 */
export const designBoms = pgTable(
  'design_bom',
  {
    ...idColumn,
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    version: integer().notNull(),
    status: varchar({ length: 16 }).$type<DesignBomStatus>().notNull().default('draft'),
    productTypeId: uuid().references(() => productTypes.id),
    /** The root part: the machine model as a part. */
    partId: uuid()
      .notNull()
      .references(() => spareParts.id),
    basedOnId: uuid().references((): AnyPgColumn => designBoms.id),
    remark: varchar({ length: 500 }),
    releasedAt: instant(),
    releasedBy: uuid().references(() => users.id),
    releasedByName: varchar({ length: 64 }),
    ...auditColumns,
  },
  (table) => [uniqueIndex('design_bom_code_version_unique').on(table.code, table.version)],
);

/**
 * A node of a design BOM tree: a part and its quantity per unit of the parent. The root (no parent)
 * is the BOM's part with quantity 1. Subtrees are read with a recursive query over (bom, parent).
 */
export const designBomNodes = pgTable(
  'design_bom_node',
  {
    ...idColumn,
    bomId: uuid()
      .notNull()
      .references(() => designBoms.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => designBomNodes.id, { onDelete: 'cascade' }),
    partId: uuid()
      .notNull()
      .references(() => spareParts.id),
    quantity: quantity().notNull(),
    positionNo: varchar({ length: 20 }),
    remark: varchar({ length: 200 }),
    /** Order among siblings. */
    sortIndex: integer().notNull().default(0),
    depth: integer().notNull().default(0),
  },
  (table) => [
    index('design_bom_node_parent_idx').on(table.bomId, table.parentId, table.sortIndex),
    index('design_bom_node_part_idx').on(table.partId),
  ],
);

/** A manufacturing BOM: the tree of a released design BOM with the process data of each node. */
export const makeBoms = pgTable(
  'make_bom',
  {
    ...idColumn,
    designBomId: uuid()
      .notNull()
      .references(() => designBoms.id),
    name: varchar({ length: 100 }).notNull(),
    ...auditColumns,
  },
  (table) => [index('make_bom_design_idx').on(table.designBomId)],
);

export const makeBomNodes = pgTable(
  'make_bom_node',
  {
    ...idColumn,
    makeBomId: uuid()
      .notNull()
      .references(() => makeBoms.id, { onDelete: 'cascade' }),
    /** The design node it was derived from. */
    designNodeId: uuid()
      .notNull()
      .references(() => designBomNodes.id),
    parentId: uuid().references((): AnyPgColumn => makeBomNodes.id, { onDelete: 'cascade' }),
    partId: uuid()
      .notNull()
      .references(() => spareParts.id),
    quantity: quantity().notNull(),
    positionNo: varchar({ length: 20 }),
    remark: varchar({ length: 200 }),
    sortIndex: integer().notNull().default(0),
    depth: integer().notNull().default(0),
    techniqueIds: jsonb().$type<string[]>().notNull().default([]),
    sequence: integer(),
    workCentre: varchar({ length: 100 }),
    makeOrBuy: varchar({ length: 8 }).$type<'make' | 'buy'>().notNull().default('make'),
  },
  (table) => [index('make_bom_node_parent_idx').on(table.makeBomId, table.parentId, table.sortIndex)],
);

/** A digital-twin BOM: the elements of a machine's twin mapped to design BOM nodes and PLC signals. */
export const digitalTwinBoms = pgTable(
  'digital_twin_bom',
  {
    ...idColumn,
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    designBomId: uuid()
      .notNull()
      .references(() => designBoms.id),
    remark: varchar({ length: 500 }),
    ...auditColumns,
  },
  (table) => [uniqueIndex('digital_twin_bom_code_unique').on(table.code)],
);

export const digitalTwinBomElements = pgTable(
  'digital_twin_bom_element',
  {
    ...idColumn,
    twinBomId: uuid()
      .notNull()
      .references(() => digitalTwinBoms.id, { onDelete: 'cascade' }),
    element: varchar({ length: 100 }).notNull(),
    designNodeId: uuid().references(() => designBomNodes.id),
    signals: jsonb().$type<PlcSignal[]>().notNull().default([]),
    alarmCodes: jsonb().$type<string[]>().notNull().default([]),
    sortIndex: integer().notNull().default(0),
  },
  (table) => [index('digital_twin_bom_element_bom_idx').on(table.twinBomId, table.sortIndex)],
);

/** A parameterised task template of an equipment model ("cut L mm × n"). */
export const plcTaskTemplates = pgTable(
  'plc_task_template',
  {
    ...idColumn,
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    equipmentModel: varchar({ length: 100 }).notNull(),
    techniqueId: uuid().references(() => techniques.id),
    parameters: jsonb().$type<PlcParameter[]>().notNull().default([]),
    command: varchar({ length: 500 }).notNull(),
    description: varchar({ length: 500 }),
    ...auditColumns,
  },
  (table) => [uniqueIndex('plc_task_template_model_code_unique').on(table.equipmentModel, table.code)],
);
