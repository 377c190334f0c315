import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  CutPlanSources,
  CutPlanStatus,
  JobProgress,
  OptimizeSettings,
  PlanGroup,
  PlanTotals,
  SpecThresholds,
} from '@armature/domain';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';

/**
 * A cutting plan of a product (`CP{plant day}-{nnnn}`): the settings copied from the product settings
 * when it was made, the run settings it offers by default, and which run is current (the one its page
 * shows and approval takes). `ordersFingerprint` is a digest of the orders and lines it was made from:
 * a run or an approval over orders that changed since is refused.
 */
export const cutPlans = pgTable(
  'cut_plan',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    planDate: date({ mode: 'string' }).notNull(),
    status: varchar({ length: 16 }).$type<CutPlanStatus>().notNull().default('draft'),
    /** The specs of its groups, as lists show them: `HRB400E Φ12, HRB400E Φ16`. */
    specs: varchar({ length: 500 }).notNull(),
    kerf: integer().notNull(),
    endTrim: integer().notNull(),
    minTailLength: integer().notNull(),
    wasteLength: integer().notNull(),
    /**
     * The specs' own minimum tail and waste lengths when the plan was made, by spec id; a
     * spec not named (and every plan made before) goes by `minTailLength`/`wasteLength` above.
     */
    thresholds: jsonb().$type<SpecThresholds>(),
    sources: jsonb().$type<CutPlanSources>().notNull(),
    timeLimitS: integer().notNull(),
    remark: varchar({ length: 500 }),
    demandWeightGrams: bigint({ mode: 'number' }).notNull().default(0),
    ordersFingerprint: varchar({ length: 64 }).notNull(),
    /** The latest run (no foreign key: runs point at their plan). */
    currentRunId: uuid(),
    /** The run approval took; its reservations and planned quantities are the plan's. */
    approvedRunId: uuid(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('cut_plan_code_unique').on(table.productId, table.code),
    index('cut_plan_product_status_idx').on(table.productId, table.status),
    index('cut_plan_product_date_idx').on(table.productId, table.planDate),
    check('cut_plan_status', sql`${table.status} in ('draft', 'approved', 'scheduled', 'done', 'cancelled')`),
  ],
);

/**
 * An order line a plan takes: how many of its pieces (what was left to plan when the plan was made),
 * and once approved how many its run placed (added to the line's planned quantity, given back on cancel).
 */
export const cutPlanLines = pgTable(
  'cut_plan_line',
  {
    ...idColumn,
    ...scopeColumns(),
    planId: uuid()
      .notNull()
      .references(() => cutPlans.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => demandOrders.id),
    orderLineId: uuid()
      .notNull()
      .references(() => demandOrderLines.id),
    quantity: integer().notNull(),
    placedQuantity: integer().notNull().default(0),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('cut_plan_line_plan_line_unique').on(table.planId, table.orderLineId),
    index('cut_plan_line_order_idx').on(table.orderId),
    index('cut_plan_line_line_idx').on(table.orderLineId),
    check('cut_plan_line_quantity', sql`${table.quantity} > 0 and ${table.placedQuantity} >= 0`),
  ],
);

/** What a run saved: the plan's groups (as the contract names them) and its totals. */
export type CutPlanRunResult = { groups: PlanGroup[]; totals: PlanTotals };

/**
 * One optimisation of a plan, with its settings, its background job and, once it has one, its result
 * (also the best plan so far of a cancelled run). Runs are kept so that two can be compared.
 */
export const cutPlanRuns = pgTable(
  'cut_plan_run',
  {
    ...idColumn,
    ...scopeColumns(),
    planId: uuid()
      .notNull()
      .references(() => cutPlans.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    settings: jsonb().$type<OptimizeSettings>().notNull(),
    /** The background job (null for a run solved in place, the demo's). */
    jobId: uuid(),
    /** The optimiser's last live figures. */
    progress: jsonb().$type<JobProgress>(),
    result: jsonb().$type<CutPlanRunResult>(),
    finishedTime: timestamp({ withTimezone: true, mode: 'string' }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('cut_plan_run_plan_number_unique').on(table.planId, table.number),
    index('cut_plan_run_job_idx').on(table.jobId),
  ],
);

/** Every status change of a plan (its creation too): who, when, from, to and why. Append-only. */
export const cutPlanHistory = pgTable(
  'cut_plan_history',
  {
    ...idColumn,
    ...scopeColumns(),
    planId: uuid()
      .notNull()
      .references(() => cutPlans.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    fromStatus: varchar({ length: 16 }).$type<CutPlanStatus>(),
    toStatus: varchar({ length: 16 }).$type<CutPlanStatus>().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    userName: varchar({ length: 64 }),
    note: varchar({ length: 200 }),
    time: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (table) => [index('cut_plan_history_plan_idx').on(table.planId, table.seq)],
);
