import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DemandOrderStatus, DemandPriority, DemandRevisionChange, DemandSource, Leg } from '@armature/domain';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { users } from '../../core/auth/users.table.ts';

/**
 * A demand order (bar bending schedule) of a product. The line totals are kept on the order, written
 * with its lines, so a list page needs no aggregate over the lines.
 */
export const demandOrders = pgTable(
  'demand_order',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    project: varchar({ length: 100 }).notNull(),
    element: varchar({ length: 100 }),
    customer: varchar({ length: 100 }),
    demandDate: date({ mode: 'string' }).notNull(),
    priority: varchar({ length: 16 }).$type<DemandPriority>().notNull().default('normal'),
    status: varchar({ length: 16 }).$type<DemandOrderStatus>().notNull().default('draft'),
    source: varchar({ length: 8 }).$type<DemandSource>().notNull().default('manual'),
    remark: varchar({ length: 500 }),
    lineCount: integer().notNull().default(0),
    totalQuantity: integer().notNull().default(0),
    totalWeightGrams: bigint({ mode: 'number' }).notNull().default(0),
    /** The bar list's revision: 0 as entered or first imported, +1 each time a revised list is applied. */
    revision: integer().notNull().default(0),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('demand_order_code_unique').on(table.productId, table.code),
    index('demand_order_product_status_idx').on(table.productId, table.status),
    index('demand_order_product_date_idx').on(table.productId, table.demandDate),
    check(
      'demand_order_status',
      sql`${table.status} in ('draft', 'confirmed', 'planned', 'producing', 'completed', 'cancelled')`,
    ),
  ],
);

/**
 * A line of an order: a bar mark in a spec, its shape (BVBS-style legs and bend angles, as jsonb), cut
 * length, pieces and the server's weight. Planned and produced pieces are written by the areas that follow.
 */
export const demandOrderLines = pgTable(
  'demand_order_line',
  {
    ...idColumn,
    ...scopeColumns(),
    orderId: uuid()
      .notNull()
      .references(() => demandOrders.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    mark: varchar({ length: 32 }).notNull(),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    length: integer().notNull(),
    members: integer().notNull(),
    barsPerMember: integer().notNull(),
    quantity: integer().notNull(),
    weightGrams: bigint({ mode: 'number' }).notNull(),
    shapeCode: varchar({ length: 8 }),
    geometry: jsonb().$type<Leg[]>().notNull().default([]),
    mandrel: doublePrecision(),
    /** Technique ids (global master data): no foreign key on an array; techniques check their use here. */
    techniqueIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    piecesPerBundle: integer(),
    drawing: varchar({ length: 64 }),
    privateBlock: varchar({ length: 500 }),
    remark: varchar({ length: 200 }),
    plannedQuantity: integer().notNull().default(0),
    producedQuantity: integer().notNull().default(0),
    /**
     * Set when a revision changed or removed this mark after work on it began (planned or produced): the
     * line stays, with its plan, tasks and pieces, as history; the revision's version of the mark is a new
     * line. A superseded line is planned no more and its pieces are not delivered.
     */
    supersededAt: timestamp({ withTimezone: true, mode: 'string' }),
    /** The order revision that superseded it. */
    supersededRevision: integer(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('demand_order_line_order_line_unique').on(table.orderId, table.lineNo),
    index('demand_order_line_rebar_idx').on(table.rebarId),
    index('demand_order_line_product_idx').on(table.productId),
    check('demand_order_line_quantity_positive', sql`${table.quantity} > 0 and ${table.length} > 0`),
    check(
      'demand_order_line_progress',
      sql`${table.plannedQuantity} >= 0 and ${table.producedQuantity} >= 0 and ${table.producedQuantity} <= ${table.quantity}`,
    ),
  ],
);

/** Every status change of an order (the creation too): who, when, from, to and why. Append-only. */
export const demandOrderHistory = pgTable(
  'demand_order_history',
  {
    ...idColumn,
    ...scopeColumns(),
    orderId: uuid()
      .notNull()
      .references(() => demandOrders.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    fromStatus: varchar({ length: 16 }).$type<DemandOrderStatus>(),
    toStatus: varchar({ length: 16 }).$type<DemandOrderStatus>().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The user's name at the time: history does not change when a user is renamed. */
    userName: varchar({ length: 64 }),
    note: varchar({ length: 200 }),
    time: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (table) => [index('demand_order_history_order_idx').on(table.orderId, table.seq)],
);

/**
 * A revision applied to an order's bar list: its number, where it came from (the BVBS drawing index
 * `i`, the file), who applied it and when, and what changed mark by mark. Append-only.
 */
export const demandOrderRevisions = pgTable(
  'demand_order_revision',
  {
    ...idColumn,
    ...scopeColumns(),
    orderId: uuid()
      .notNull()
      .references(() => demandOrders.id, { onDelete: 'cascade' }),
    revision: integer().notNull(),
    /** The drawing index the file carried (BVBS `i`), if any. */
    drawingIndex: varchar({ length: 16 }),
    fileName: varchar({ length: 200 }),
    changes: jsonb().$type<DemandRevisionChange[]>().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    userName: varchar({ length: 64 }),
    time: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (table) => [uniqueIndex('demand_order_revision_unique').on(table.orderId, table.revision)],
);
