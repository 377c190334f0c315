import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, instant } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { bundles, deliveryNotes, taskOutputs } from './processing.table.ts';
import { vehicles } from './vehicle.table.ts';

/** A saved load plan (`LP{date}-{nnnn}`): a delivery day's bundles on trucks like one vehicle. */
export const loadPlans = pgTable(
  'load_plan',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    planDate: date({ mode: 'string' }).notNull(),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id),
    lowerBound: integer().notNull(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('load_plan_code_unique').on(table.productId, table.code),
    index('load_plan_product_date_idx').on(table.productId, table.planDate),
  ],
);

/** A truck of a plan: once every planned bundle is scanned on, completing it writes its delivery note. */
export const loadPlanTrucks = pgTable(
  'load_plan_truck',
  {
    planId: uuid()
      .notNull()
      .references(() => loadPlans.id, { onDelete: 'cascade' }),
    /** 1, 2, … within the plan. */
    truck: integer().notNull(),
    deliveryNoteId: uuid().references(() => deliveryNotes.id),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.truck] }),
    check('load_plan_truck_positive', sql`${table.truck} > 0`),
  ],
);

/**
 * A bundle's place in a plan: truck, bay, position in the bay (loading order), and when it was scanned on.
 * A bundle the schedule will produce before the day is planned before it exists: `taskOutputId` and
 * `number` name it (bundle `number` of `count` of that output, `pieces` and `weightGrams` as planned), and
 * `bundleId` is set when its task completes and bundles it. Such a row's id is what the screens call it
 * until then (`expectedBundleId`).
 */
export const loadPlanBundles = pgTable(
  'load_plan_bundle',
  {
    ...idColumn,
    planId: uuid()
      .notNull()
      .references(() => loadPlans.id, { onDelete: 'cascade' }),
    bundleId: uuid().references(() => bundles.id),
    taskOutputId: uuid().references(() => taskOutputs.id),
    number: integer(),
    count: integer(),
    pieces: integer(),
    weightGrams: bigint({ mode: 'number' }),
    truck: integer().notNull(),
    bay: integer().notNull(),
    position: integer().notNull(),
    drop: integer().notNull(),
    /** The drop's site when planned (null: its order has no drops). */
    site: varchar({ length: 200 }),
    loadedAt: instant(),
    loaderId: uuid(),
  },
  (table) => [
    uniqueIndex('load_plan_bundle_plan_bundle_unique').on(table.planId, table.bundleId),
    // A bundle is in one open plan at a time (checked on writing: a returned bundle is planned again).
    index('load_plan_bundle_bundle_idx').on(table.bundleId),
    index('load_plan_bundle_truck_idx').on(table.planId, table.truck),
    index('load_plan_bundle_output_idx').on(table.taskOutputId),
    check(
      'load_plan_bundle_planned',
      sql`${table.bundleId} is not null or (${table.taskOutputId} is not null and ${table.number} > 0 and ${table.count} >= ${table.number} and ${table.pieces} > 0 and ${table.weightGrams} >= 0)`,
    ),
  ],
);

/**
 * Proof of delivery of a note, taken on the phone at the site: who received it, when, the drawn
 * signature and a photo (data URLs, downsized by the phone), and where when the browser gave it.
 */
export const deliveryProofs = pgTable('delivery_proof', {
  deliveryNoteId: uuid()
    .primaryKey()
    .references(() => deliveryNotes.id),
  receivedBy: varchar({ length: 100 }).notNull(),
  receivedAt: instant().notNull(),
  signature: text().notNull(),
  photo: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  remark: varchar({ length: 500 }),
  ...auditColumns,
});

/** A bundle the site did not take (partial delivery): back to finished stock, recorded against its note. */
export const deliveryReturns = pgTable(
  'delivery_return',
  {
    ...idColumn,
    deliveryNoteId: uuid()
      .notNull()
      .references(() => deliveryNotes.id),
    bundleId: uuid()
      .notNull()
      .references(() => bundles.id),
    reason: varchar({ length: 200 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('delivery_return_note_bundle_unique').on(table.deliveryNoteId, table.bundleId),
    index('delivery_return_bundle_idx').on(table.bundleId),
  ],
);
