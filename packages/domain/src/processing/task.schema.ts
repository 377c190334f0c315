import { z } from 'zod';
import { taskMaterialSchema } from './task-material.ts';
import { idSchema, listQuerySchema, pagedResultSchema } from '../core/common.schema.ts';
import { legSchema, planCutSchema, barSourceSchema } from '../planning/index.ts';
import { barPlaceSchema, isoDateSchema, stockLogItemSchema } from '../stock/index.ts';
import { SCHEDULE_JOB_KINDS } from './schedule.schema.ts';
import { TASK_ACTIONS, taskStatusSchema } from './task-status.ts';

/** What a task makes for one order line; `finished`: done here, `wip`: cut for a bender to bend next. */
export const taskOutputSchema = z.object({
  orderLineId: idSchema,
  orderId: idSchema,
  orderCode: z.string(),
  project: z.string(),
  mark: z.string(),
  length: z.number().int(),
  /** Pieces per repetition (per bar cut; 1 for a bend task). */
  perRepetition: z.number().int(),
  /** Pieces to make in all, and made so far. */
  pieces: z.number().int(),
  produced: z.number().int(),
  stage: z.enum(['finished', 'wip']),
  shapeCode: z.string().nullable(),
  geometry: z.array(legSchema),
  mandrel: z.number().nullable(),
  piecesPerBundle: z.number().int().nullable(),
  /** The order revision that superseded the line (null: valid): its pieces are made for nothing. */
  supersededRevision: z.number().int().nullable(),
});
export type TaskOutput = z.infer<typeof taskOutputSchema>;

/** A cut task's pattern: the bar and how it is cut (the cutting diagram draws it). */
export const taskPatternSchema = z.object({
  stockLength: z.number().int(),
  source: barSourceSchema,
  heatNo: z.string().nullable(),
  cuts: z.array(planCutSchema),
  offcut: z.number().int(),
  offcutKind: z.enum(['tail', 'waste']),
});

/** A row of `GET /api/task` and the operator's queue. */
export const taskSchema = z.object({
  id: idSchema,
  code: z.string(),
  status: taskStatusSchema,
  kind: z.enum(SCHEDULE_JOB_KINDS),
  label: z.string(),
  dailyPlanId: idSchema,
  dailyPlanCode: z.string(),
  equipmentId: idSchema,
  equipmentName: z.string(),
  serialNumber: z.string(),
  cutPlanId: idSchema,
  cutPlanCode: z.string(),
  rebarId: idSchema,
  grade: z.string(),
  diameter: z.number().int(),
  /** Cut tasks: the pattern; bend tasks: null (the output's geometry is the shape). */
  pattern: taskPatternSchema.nullable(),
  /** Bars (cut) or pieces (bend) to do, and done as reported. */
  repetitions: z.number().int(),
  done: z.number().int(),
  /** Pieces scrapped, as reported. */
  scrap: z.number().int(),
  /** Pieces the machine's counters reported while the task ran (progress only: reports move stock). */
  telemetryPieces: z.number().int(),
  piecesTotal: z.number().int(),
  piecesDone: z.number().int(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  failReason: z.string().nullable(),
  /** A production inspection of the task failed: shown on the task, the queue and the twin. */
  qualityFlag: z.boolean(),
  /** An open cut task: whether the bars it still needs are there, and which are missing; null otherwise. */
  material: taskMaterialSchema.nullable(),
  /**
   * An open cut task: where the bars it takes lie — its plan's stock row, or for a purchased length the
   * free raw rows of its spec and length, oldest first (as completion takes them); null otherwise.
   */
  places: z.array(barPlaceSchema).nullable(),
  outputs: z.array(taskOutputSchema),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskEventSchema = z.object({
  /** `inspection`: a failed production inspection (its code, the failed checks, the pieces scrapped). */
  /** `reassign`: moved to another machine (`data`: the machines, from and to) — events before re-planning. */
  /** `replan`: moved or re-timed by a re-plan (`data`: `from`/`to` machine, `fromStart`/`start` instants). */
  action: z.enum([...TASK_ACTIONS, 'reassign', 'replan', 'report', 'telemetry', 'inspection']),
  fromStatus: taskStatusSchema.nullable(),
  toStatus: taskStatusSchema.nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  userName: z.string().nullable(),
  time: z.string(),
});
export type TaskEvent = z.infer<typeof taskEventSchema>;

/** A bundle as lists show it (the plant's view; the public scan answer is `scanAnswerSchema`). */
export const bundleSchema = z.object({
  id: idSchema,
  scanId: z.string(),
  /** The typeable code printed under the QR (`B-7K3Q-9F`). */
  code: z.string(),
  taskId: idSchema,
  taskCode: z.string(),
  orderLineId: idSchema,
  orderCode: z.string(),
  project: z.string(),
  mark: z.string(),
  spec: z.string(),
  length: z.number().int(),
  number: z.number().int(),
  count: z.number().int(),
  pieces: z.number().int(),
  weight: z.number(),
  status: z.enum(['produced', 'delivered']),
  producedAt: z.string(),
  deliveryNoteId: idSchema.nullable(),
  deliveryNoteCode: z.string().nullable(),
  /** When a revision of its order's bar list made its pieces invalid (null: a valid bundle). */
  supersededAt: z.string().nullable(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** `GET /api/task/{id}`: the row plus its events, the ledger rows it caused and its bundles. */
export const taskDetailSchema = taskSchema.extend({
  events: z.array(taskEventSchema),
  stockMoves: z.array(stockLogItemSchema),
  bundles: z.array(bundleSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const TASK_SORTS = ['code', 'plannedStart', 'status', 'equipmentName'] as const;

/** `GET /api/task`: by machine and shift (a shift name of the machine's calendar on `day`), with filters. */
export const taskListQuerySchema = listQuerySchema.extend({
  equipmentId: idSchema.optional(),
  status: z
    .array(taskStatusSchema)
    .or(taskStatusSchema.transform((s) => [s]))
    .optional(),
  kind: z.enum(SCHEDULE_JOB_KINDS).optional(),
  dailyPlanId: idSchema.optional(),
  /** Plant day of the planned start. */
  day: isoDateSchema.optional(),
  shift: z.string().max(20).optional(),
});
export const taskPageSchema = pagedResultSchema(taskSchema);

/**
 * `GET /api/task/queue?equipmentId=&next=`: a machine's queue for its operator (dispatched, running, paused).
 * With `next`, its running and paused tasks and only the first `next` dispatched ones in planned order (the
 * answer's `dispatchedCount` says how many are dispatched in all); without it, every queued task.
 */
export const taskQueueQuerySchema = z.object({
  equipmentId: idSchema,
  next: z.coerce.number().int().min(0).max(100).optional(),
});
/** How many dispatched tasks the operator's screen shows after the running and paused ones. */
export const OPERATOR_QUEUE_NEXT = 10;
/**
 * What the product's sampling plan for a queued task's technique asks of its operator: the next piece to
 * set aside for a check (null when the plan asks for no more of this task) and the samples made and not
 * recorded yet, oldest first. A technique without a plan checks the first piece only (everyN 0).
 */
export const taskSamplingSchema = z.object({
  everyN: z.number().int(),
  nextPiece: z.number().int().nullable(),
  due: z.array(z.number().int()),
});
export type TaskSampling = z.infer<typeof taskSamplingSchema>;
export const queuedTaskSchema = taskSchema.extend({ sampling: taskSamplingSchema });
export type QueuedTask = z.infer<typeof queuedTaskSchema>;
export const taskQueueSchema = z.object({
  equipment: z.object({
    id: idSchema,
    name: z.string(),
    serialNumber: z.string(),
    operationStatus: z.string(),
    telemetry: z.boolean(),
  }),
  tasks: z.array(queuedTaskSchema),
  /** The machine's dispatched tasks in all, those left out by `next` included. */
  dispatchedCount: z.number().int(),
});
export type TaskQueue = z.infer<typeof taskQueueSchema>;

/**
 * `POST /api/task/{id}/report`: progress as the operator counts it, cumulative — bars cut (cut task) or
 * pieces bent (bend task) so far, and pieces scrapped so far. A report below an earlier one is refused;
 * each report moves the stock of what was newly done (bars consumed, pieces, offcuts), so a retried or
 * repeated report changes nothing.
 */
export const taskReportInputSchema = z.object({
  done: z.number().int().min(0).max(1_000_000),
  scrap: z.number().int().min(0).max(1_000_000).optional(),
});
export type TaskReportInput = z.infer<typeof taskReportInputSchema>;

/** `POST /api/task/{id}/complete`: the rest is done (what was not reported yet), then the task ends. */
export const taskCompleteInputSchema = z
  .object({ scrap: z.number().int().min(0).max(1_000_000).optional() })
  .default({});

/** `GET /api/task/resolve?code=`: what a scanned text (a bundle tag's URL, a task code) opens. */
export const taskResolveQuerySchema = z.object({
  code: z.string().trim().min(1).max(300),
  equipmentId: idSchema.optional(),
});
export const taskResolveSchema = z.object({ taskId: idSchema });

/**
 * The shift lead's bulk actions on the task list: dispatch to the queue, cancel. Moving tasks to another
 * machine is a re-plan (`task/replan/…` with `kind: 'move'`): they are re-timed on it, cost shown first.
 */
export const TASK_BULK_ACTIONS = ['dispatch', 'cancel'] as const;
export type TaskBulkAction = (typeof TASK_BULK_ACTIONS)[number];

/** `POST /api/task/bulk/{dispatch|cancel}`: the selected tasks (each at most once). */
export const taskBulkInputSchema = z.object({ ids: z.array(idSchema).min(1).max(200) });

/**
 * What became of each selected task: done (its new status), or refused with the message the single
 * action would have answered — the others still go through.
 */
export const taskBulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: idSchema,
      code: z.string().nullable(),
      ok: z.boolean(),
      status: taskStatusSchema.nullable(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
});
export type TaskBulkResult = z.infer<typeof taskBulkResultSchema>;

/** `GET`/`PUT /api/task/my-machine`: the machine the caller works in the current product, kept on the server. */
export const operatorMachineSchema = z.object({ equipmentId: idSchema.nullable() });
export const operatorMachineInputSchema = z.object({ equipmentId: idSchema });
