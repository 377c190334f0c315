import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DailyPlanStatus, ScheduleJobKind, SlotKind, TaskStatus } from '@armature/domain';
import { auditColumns, idColumn, instant } from '../../core/db/audit-columns.ts';
import { rebars, techniques } from '../master-data/master-data.table.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { equipment } from '../equipment/equipment.table.ts';
import { cutPlanRuns, cutPlans } from '../planning/cut-plan.table.ts';
import { demandOrderLines } from '../planning/planning.table.ts';

/**
 * A daily schedule (`DP{plant day}-{nnnn}`): approved cutting plans' work laid onto the product's
 * machines over `days` plant days from `firstDay`. Its jobs and slots are rows below; releasing it
 * makes a task of every job.
 */
export const dailyPlans = pgTable(
  'daily_plan',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    firstDay: date({ mode: 'string' }).notNull(),
    days: smallint().notNull(),
    status: varchar({ length: 16 }).$type<DailyPlanStatus>().notNull().default('draft'),
    /** The machines it schedules onto (the product's machines when it was made, or the planner's choice). */
    machineIds: uuid().array().notNull(),
    remark: varchar({ length: 500 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('daily_plan_code_unique').on(table.productId, table.code),
    index('daily_plan_product_status_idx').on(table.productId, table.status),
    index('daily_plan_product_day_idx').on(table.productId, table.firstDay),
    check('daily_plan_status', sql`${table.status} in ('draft', 'released', 'inProgress', 'done', 'cancelled')`),
  ],
);

/**
 * A cutting plan a daily schedule takes, with the run it was approved with. A plan is in at most one
 * schedule that is not cancelled (checked under the plan's row lock when a schedule is made).
 */
export const dailyPlanCutPlans = pgTable(
  'daily_plan_cut_plan',
  {
    ...scopeColumns(),
    dailyPlanId: uuid()
      .notNull()
      .references(() => dailyPlans.id, { onDelete: 'cascade' }),
    cutPlanId: uuid()
      .notNull()
      .references(() => cutPlans.id),
    runId: uuid()
      .notNull()
      .references(() => cutPlanRuns.id),
  },
  (table) => [
    uniqueIndex('daily_plan_cut_plan_unique').on(table.dailyPlanId, table.cutPlanId),
    index('daily_plan_cut_plan_plan_idx').on(table.cutPlanId),
  ],
);

/**
 * A job of a daily schedule (`ScheduleJob`): a `cut` job is pattern `patternIndex` of group
 * `groupIndex` of the plan's approved run; a `bend` job bends the pieces of `orderLineId` that cut job
 * `afterKey` produces. `key` is the job's id in the scheduling contract.
 */
export const dailyPlanJobs = pgTable(
  'daily_plan_job',
  {
    ...idColumn,
    ...scopeColumns(),
    dailyPlanId: uuid()
      .notNull()
      .references(() => dailyPlans.id, { onDelete: 'cascade' }),
    key: varchar({ length: 100 }).notNull(),
    kind: varchar({ length: 8 }).$type<ScheduleJobKind>().notNull(),
    label: varchar({ length: 200 }).notNull(),
    cutPlanId: uuid()
      .notNull()
      .references(() => cutPlans.id),
    groupIndex: integer().notNull(),
    patternIndex: integer().notNull(),
    /** Bend jobs: the order line whose pieces are bent. */
    orderLineId: uuid().references(() => demandOrderLines.id),
    techniqueId: uuid()
      .notNull()
      .references(() => techniques.id),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    diameter: integer().notNull(),
    grade: varchar({ length: 40 }).notNull(),
    /** Cut jobs: bars (the pattern's repetitions); bend jobs: pieces. */
    repetitions: integer().notNull(),
    pieces: integer().notNull(),
    weightGrams: bigint({ mode: 'number' }).notNull(),
    afterKey: varchar({ length: 100 }),
    /** Placed by hand on the board: `{ machineId, start }` (ms). */
    pinned: jsonb().$type<{ machineId: string; start: number } | null>(),
    orderIds: uuid().array().notNull(),
    orderLineIds: uuid().array().notNull(),
  },
  (table) => [uniqueIndex('daily_plan_job_key_unique').on(table.dailyPlanId, table.key)],
);

/** Where a job runs: pieces of work (and changeovers) on a machine, inside its shifts. */
export const dailyPlanSlots = pgTable(
  'daily_plan_slot',
  {
    ...idColumn,
    ...scopeColumns(),
    dailyPlanId: uuid()
      .notNull()
      .references(() => dailyPlans.id, { onDelete: 'cascade' }),
    jobKey: varchar({ length: 100 }).notNull(),
    equipmentId: uuid()
      .notNull()
      .references(() => equipment.id),
    kind: varchar({ length: 8 }).$type<SlotKind>().notNull(),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
  },
  (table) => [
    index('daily_plan_slot_plan_idx').on(table.dailyPlanId),
    index('daily_plan_slot_equipment_time_idx').on(table.equipmentId, table.startsAt),
  ],
);

/** Status changes of a daily schedule: who, when, from, to. */
export const dailyPlanHistory = pgTable(
  'daily_plan_history',
  {
    ...idColumn,
    ...scopeColumns(),
    dailyPlanId: uuid()
      .notNull()
      .references(() => dailyPlans.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    fromStatus: varchar({ length: 16 }).$type<DailyPlanStatus>(),
    toStatus: varchar({ length: 16 }).$type<DailyPlanStatus>().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    userName: varchar({ length: 64 }),
    note: varchar({ length: 200 }),
    time: instant().notNull().defaultNow(),
  },
  (table) => [index('daily_plan_history_plan_idx').on(table.dailyPlanId, table.seq)],
);

/**
 * A machine task (`TK{plant day}-{nnnn}`), made from a released schedule's job. `done` counts what
 * the task's kind counts: bars cut for a cut task, pieces bent for a bend task; `telemetryPieces` is
 * what the machine's counters reported while it ran (progress shown, stock untouched).
 */
export const tasks = pgTable(
  'task',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    dailyPlanId: uuid()
      .notNull()
      .references(() => dailyPlans.id),
    jobId: uuid()
      .notNull()
      .references(() => dailyPlanJobs.id),
    equipmentId: uuid()
      .notNull()
      .references(() => equipment.id),
    kind: varchar({ length: 8 }).$type<ScheduleJobKind>().notNull(),
    status: varchar({ length: 16 }).$type<TaskStatus>().notNull().default('pending'),
    /** Bars (cut) or pieces (bend) to do. */
    repetitions: integer().notNull(),
    done: integer().notNull().default(0),
    scrap: integer().notNull().default(0),
    telemetryPieces: integer().notNull().default(0),
    plannedStart: instant().notNull(),
    plannedEnd: instant().notNull(),
    startedAt: instant(),
    finishedAt: instant(),
    failReason: varchar({ length: 200 }),
    /** A production inspection of the task failed: shown on the task, its machine's queue and the twin. */
    qualityFlag: boolean().notNull().default(false),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('task_code_unique').on(table.productId, table.code),
    uniqueIndex('task_job_unique').on(table.jobId),
    index('task_equipment_status_idx').on(table.equipmentId, table.status, table.plannedStart),
    index('task_product_start_idx').on(table.productId, table.plannedStart),
    index('task_daily_plan_idx').on(table.dailyPlanId),
    check('task_done_not_negative', sql`${table.done} >= 0 and ${table.done} <= ${table.repetitions}`),
    check(
      'task_status',
      sql`${table.status} in ('pending', 'dispatched', 'running', 'paused', 'done', 'failed', 'cancelled')`,
    ),
  ],
);

/** What a task produces per order line: pieces of `length` per repetition (a bend task: 1 per piece). */
export const taskOutputs = pgTable(
  'task_output',
  {
    ...idColumn,
    ...scopeColumns(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    orderLineId: uuid()
      .notNull()
      .references(() => demandOrderLines.id),
    length: integer().notNull(),
    perRepetition: integer().notNull(),
    /** Whether these pieces are finished here (straight bars cut, bent bars bent) or go on to a bender. */
    finished: varchar({ length: 8 }).$type<'finished' | 'wip'>().notNull(),
    produced: integer().notNull().default(0),
  },
  (table) => [uniqueIndex('task_output_unique').on(table.taskId, table.orderLineId, table.length)],
);

/** Everything that happened to a task: transitions, reports, scans — who, when, and the figures. */
export const taskEvents = pgTable(
  'task_event',
  {
    ...idColumn,
    ...scopeColumns(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    action: varchar({ length: 16 }).notNull(),
    fromStatus: varchar({ length: 16 }).$type<TaskStatus>(),
    toStatus: varchar({ length: 16 }).$type<TaskStatus>(),
    data: jsonb().$type<Record<string, unknown>>(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    userName: varchar({ length: 64 }),
    time: instant().notNull().defaultNow(),
  },
  (table) => [index('task_event_task_idx').on(table.taskId, table.seq)],
);

/**
 * A delivery note (`DN{plant day}-{nnnn}`): bundles sent to a site, moved out of finished stock
 * (reason `delivery`) when it is recorded.
 */
export const deliveryNotes = pgTable(
  'delivery_note',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    site: varchar({ length: 200 }).notNull(),
    vehicle: varchar({ length: 50 }),
    receiver: varchar({ length: 100 }),
    remark: varchar({ length: 500 }),
    deliveredAt: instant().notNull(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('delivery_note_code_unique').on(table.productId, table.code),
    index('delivery_note_product_time_idx').on(table.productId, table.deliveredAt),
  ],
);

/**
 * A bundle of finished pieces of one order line, tagged. `scanId` (≥ 128 random bits, base64url) is
 * what the tag's QR code holds (`/scan/{scanId}`): the only id that leaves the plant.
 */
export const bundles = pgTable(
  'bundle',
  {
    ...idColumn,
    ...scopeColumns(),
    scanId: varchar({ length: 32 }).notNull(),
    /**
     * The short code printed under the QR (`B-7K3Q-9F`), unique per client: what a person types into the
     * trace or the delivery when a tag cannot be scanned. Not secret (reads of it are scoped); the scan
     * id stays the only key of the public page.
     */
    code: varchar({ length: 12 }).notNull(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id),
    orderLineId: uuid()
      .notNull()
      .references(() => demandOrderLines.id),
    length: integer().notNull(),
    /** Bundle `number` of `count` of what its task made for the line. */
    number: integer().notNull(),
    count: integer().notNull(),
    pieces: integer().notNull(),
    weightGrams: bigint({ mode: 'number' }).notNull(),
    producedAt: instant().notNull(),
    status: varchar({ length: 16 }).$type<'produced' | 'delivered'>().notNull().default('produced'),
    deliveryNoteId: uuid().references(() => deliveryNotes.id),
    /**
     * Set when a revision of its order changed or removed its mark: the bundle is kept apart and may not be
     * delivered. `disposition` is what was done with its pieces once decided (re-used for another mark,
     * kept as offcut, scrapped), `disposedAt` when.
     */
    supersededAt: instant(),
    disposition: varchar({ length: 8 }).$type<'reuse' | 'offcut' | 'scrap'>(),
    disposedAt: instant(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('bundle_scan_id_unique').on(table.scanId),
    uniqueIndex('bundle_client_code_unique').on(table.clientId, table.code),
    index('bundle_task_idx').on(table.taskId),
    index('bundle_order_line_idx').on(table.orderLineId),
    index('bundle_delivery_note_idx').on(table.deliveryNoteId),
    check('bundle_status', sql`${table.status} in ('produced', 'delivered')`),
    check('bundle_disposition', sql`${table.disposition} in ('reuse', 'offcut', 'scrap')`),
  ],
);
