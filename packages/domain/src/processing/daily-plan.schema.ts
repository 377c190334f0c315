import { z } from 'zod';
import {
  concurrencyTokenSchema,
  idSchema,
  listQuerySchema,
  optionalText,
  pagedResultSchema,
} from '../core/common.schema.ts';
import { jobStatusSchema } from '../core/job.schema.ts';
import { operationStatusSchema } from '../equipment/index.ts';
import { isoDateSchema } from '../stock/index.ts';
import { dailyPlanStatusSchema } from './daily-plan-status.ts';
import { taskMaterialSchema } from './task-material.ts';
import {
  MAX_HORIZON_DAYS,
  scheduleOrderSchema,
  scheduleEvaluationSchema,
  scheduleJobSchema,
  scheduleSlotSchema,
  unscheduledJobSchema,
} from './schedule.schema.ts';
import { taskStatusSchema } from './task-status.ts';

/**
 * `POST /api/dailyPlan`: a draft over approved cutting plans, auto-scheduled at once. Its jobs: every
 * pattern of each plan's approved run (`cut`), and for each bent order line the bending of the pieces a
 * pattern cuts for it (`bend`, after that cut). Machines: the current product's installed machines,
 * or the planner's choice among them.
 */
export const dailyPlanCreateInputSchema = z.object({
  firstDay: isoDateSchema,
  days: z.number().int().min(1).max(MAX_HORIZON_DAYS).default(1),
  cutPlanIds: z.array(idSchema).min(1).max(50),
  machineIds: z.array(idSchema).min(1).max(200).optional(),
  remark: optionalText(500),
});
export type DailyPlanCreateInput = z.input<typeof dailyPlanCreateInputSchema>;

/**
 * `POST /api/dailyPlan/{id}/move`: the planner dragged a job on the board to a machine and a start
 * (ms). The job is pinned there and laid from that instant in the machine's shift time; other slots
 * stay where they are, so the board may show overlaps and overload in red until the planner resolves
 * them (or auto-schedules again, which keeps pins).
 */
export const dailyPlanMoveInputSchema = z.object({
  jobId: z.string().min(1).max(100),
  machineId: idSchema,
  start: z.number().int(),
  concurrencyStamp: concurrencyTokenSchema,
});
export type DailyPlanMoveInput = z.infer<typeof dailyPlanMoveInputSchema>;

/**
 * The auto-schedule's mode: the list schedule (by due date), laid out in the request. The optimiser
 * searches for seconds, so it is a background job of its own (`POST /api/dailyPlan/{id}/optimise`).
 */
export const SCHEDULE_MODES = ['list'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

/** `POST /api/dailyPlan/{id}/auto-schedule`: lay out again by the list schedule; pins kept unless `clearPins`. */
export const dailyPlanAutoScheduleInputSchema = z
  .object({
    clearPins: z.boolean().default(false),
    mode: z.enum(SCHEDULE_MODES).default('list'),
    concurrencyStamp: concurrencyTokenSchema,
  })
  .default({ clearPins: false, mode: 'list' });

/**
 * `POST /api/dailyPlan/{id}/optimise`: a background search for fewer order-days late, then fewer
 * changeovers, then an earlier end, for a few seconds, starting from the list schedule and never
 * worse. Answered 202 with its job at once; the result is applied only if the draft has not changed
 * since `concurrencyStamp` (the draft as it is when asked, without one).
 */
export const dailyPlanOptimiseInputSchema = z
  .object({ clearPins: z.boolean().default(false), concurrencyStamp: concurrencyTokenSchema })
  .default({ clearPins: false });
export const dailyPlanOptimiseAcceptedSchema = z.object({ jobId: idSchema });

/** What an auto-schedule changed, for the planner (`scheduleFigures`); `end` in ms, null when nothing is placed. */
export const scheduleFiguresSchema = z.object({
  daysLate: z.number(),
  changeovers: z.number().int(),
  end: z.number().nullable(),
});

/**
 * The live events of `GET /api/dailyPlan/{id}/events` besides the job's state (`job`): the search's
 * progress (its best order-days late and changeovers so far) and, once applied, the figures before → after.
 */
export const dailyPlanOptimiseProgressSchema = z.object({
  jobId: idSchema,
  fraction: z.number().min(0).max(1),
  daysLate: z.number(),
  changeovers: z.number().int(),
});
export type DailyPlanOptimiseProgress = z.infer<typeof dailyPlanOptimiseProgressSchema>;
export const dailyPlanOptimiseResultSchema = z.object({
  jobId: idSchema,
  before: scheduleFiguresSchema,
  after: scheduleFiguresSchema,
  placed: z.number().int(),
  total: z.number().int(),
});
export type DailyPlanOptimiseResult = z.infer<typeof dailyPlanOptimiseResultSchema>;

/**
 * A job as the board shows it: the scheduling job plus where it comes from and, once released, its
 * task. `after`, `pinned` and `family` are plain nullable fields here: a response is encoded, and the
 * input schema's nullish-to-null transforms cannot run backwards.
 */
export const dailyPlanJobSchema = scheduleJobSchema.extend({
  after: z.string().nullable(),
  family: z.string().nullable(),
  pinned: z.object({ machineId: z.string(), start: z.number().int() }).nullable(),
  cutPlanId: idSchema,
  cutPlanCode: z.string(),
  groupIndex: z.number().int(),
  patternIndex: z.number().int(),
  /** Bend jobs: the order line bent. */
  orderLineId: idSchema.nullable(),
  /** The last instant it can start and its order still be on time (`latestStarts`); null: no such limit. */
  latestStart: z.number().nullable(),
  rebarId: idSchema,
  /** Bars (cut) or pieces (bend). */
  repetitions: z.number().int(),
  taskId: idSchema.nullable(),
  taskCode: z.string().nullable(),
  taskStatus: taskStatusSchema.nullable(),
  /** A cut job's bars (its task's once released): missing ones make it red on the board. Null for a bend job or an ended task. */
  material: taskMaterialSchema.nullable(),
});
export type DailyPlanJob = z.infer<typeof dailyPlanJobSchema>;

export const dailyPlanMachineSchema = z.object({
  id: idSchema,
  name: z.string(),
  serialNumber: z.string(),
  spec: z.string(),
  operationStatus: operationStatusSchema,
});

const historyEntrySchema = z.object({
  fromStatus: dailyPlanStatusSchema.nullable(),
  toStatus: dailyPlanStatusSchema,
  userName: z.string().nullable(),
  time: z.string(),
  note: z.string().nullable(),
});

/** A row of `GET /api/dailyPlan`. */
export const dailyPlanSchema = z.object({
  id: idSchema,
  code: z.string(),
  firstDay: isoDateSchema,
  days: z.number().int(),
  status: dailyPlanStatusSchema,
  /** `CP20261121-0001, CP20261121-0002`. */
  cutPlanCodes: z.string(),
  jobCount: z.number().int(),
  unscheduledCount: z.number().int(),
  /** Orders finishing after their due date on this schedule. */
  lateOrderCount: z.number().int(),
  tasksDone: z.number().int(),
  remark: z.string().nullable(),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type DailyPlan = z.infer<typeof dailyPlanSchema>;

/** `GET /api/dailyPlan/{id}`: everything the board draws. Slots' instants are ms. */
export const dailyPlanDetailSchema = dailyPlanSchema.extend({
  timeZone: z.string(),
  cutPlans: z.array(z.object({ id: idSchema, code: z.string(), specs: z.string() })),
  machines: z.array(dailyPlanMachineSchema),
  jobs: z.array(dailyPlanJobSchema),
  slots: z.array(scheduleSlotSchema),
  unscheduled: z.array(unscheduledJobSchema),
  evaluation: scheduleEvaluationSchema,
  /** The orders of its jobs: `dueDate` their earliest drop's, `lineDueDates` as scheduling reads them. */
  orders: z.array(
    scheduleOrderSchema.extend({
      id: idSchema,
      code: z.string(),
      project: z.string(),
      dueDate: isoDateSchema.nullable(),
    }),
  ),
  history: z.array(historyEntrySchema),
  /** The latest optimisation's background job (`POST /optimise`), null when none was asked for. */
  optimiseJob: jobStatusSchema.nullable(),
});
export type DailyPlanDetail = z.infer<typeof dailyPlanDetailSchema>;

export const DAILY_PLAN_SORTS = ['code', 'firstDay', 'status', 'creationTime'] as const;

export const dailyPlanListQuerySchema = listQuerySchema.extend({
  status: z
    .array(dailyPlanStatusSchema)
    .or(dailyPlanStatusSchema.transform((s) => [s]))
    .optional(),
  dayFrom: isoDateSchema.optional(),
  dayTo: isoDateSchema.optional(),
});
export const dailyPlanPageSchema = pagedResultSchema(dailyPlanSchema);
