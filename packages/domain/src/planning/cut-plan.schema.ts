import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, pagedResultSchema } from '../core/common.schema.ts';
import { isoDateSchema } from '../stock/index.ts';
import { jobStateSchema } from '../core/job.schema.ts';
import { BAR_SOURCES, CUT_PLAN_STATUSES } from './cut-plan-status.ts';

/** An optimisation may run at most this long per spec group (seconds). */
export const MAX_TIME_LIMIT_S = 300;
export const DEFAULT_TIME_LIMIT_S = 10;

export const cutPlanStatusSchema = z.enum(CUT_PLAN_STATUSES);
export const barSourceSchema = z.enum(BAR_SOURCES);

/** Which bars the optimiser may use: raw bars on hand, reusable offcuts, purchasable standard lengths. */
export const cutPlanSourcesSchema = z.object({
  raw: z.boolean().default(true),
  tails: z.boolean().default(true),
  purchase: z.boolean().default(true),
});
export type CutPlanSources = z.infer<typeof cutPlanSourcesSchema>;

const ALL_SOURCES: CutPlanSources = { raw: true, tails: true, purchase: true };

/** The settings of one optimisation run. */
export const optimizeSettingsSchema = z.object({
  sources: cutPlanSourcesSchema.default(ALL_SOURCES),
  timeLimitS: z.number().int().min(1).max(MAX_TIME_LIMIT_S).default(DEFAULT_TIME_LIMIT_S),
});
export type OptimizeSettings = z.infer<typeof optimizeSettingsSchema>;

/**
 * `POST /api/cutPlan`: a draft plan over whole confirmed orders, or over chosen lines of confirmed
 * orders (exactly one of the two lists). Lines already fully planned are left out.
 */
export const cutPlanInputSchema = optimizeSettingsSchema
  .extend({
    demandOrderIds: z.array(idSchema).max(500).optional(),
    orderLineIds: z.array(idSchema).max(20_000).optional(),
    planDate: isoDateSchema.optional(),
    remark: optionalText(500),
  })
  .refine((input) => Boolean(input.demandOrderIds?.length) !== Boolean(input.orderLineIds?.length), {
    message: 'oneOf',
    path: ['demandOrderIds'],
  });
export type CutPlanInput = z.input<typeof cutPlanInputSchema>;

/** `POST /api/cutPlan/{id}/optimize` (202 `{ jobId }`): a new run of a draft, with these settings. */
export const cutPlanOptimizeSchema = optimizeSettingsSchema.partial().default({});
export const optimizeAcceptedSchema = z.object({ jobId: idSchema, runId: idSchema });
/** `POST /api/cutPlan/{id}/cancel-run`: whether a run was going (and is now stopped). */
export const cutPlanCancelRunSchema = z.object({ cancelled: z.boolean() });

/** `POST /api/cutPlan/{id}/approve`: approves the chosen run (by default the plan's current one). */
export const cutPlanApproveSchema = z.object({ runId: idSchema.optional() }).default({});
export const cutPlanCancelSchema = z.object({ reason: optionalText(200) }).default({ reason: null });

/** The optimiser's live figures while a run works (and its last ones after). Weights in kg. */
export const jobProgressSchema = z.object({
  /** 0…1 for a progress bar. */
  fraction: z.number(),
  lowerBound: z.number().nullable(),
  bars: z.number().int().nullable(),
  cost: z.number().nullable(),
  wasteWeight: z.number().nullable(),
  /** (best − bound) / bound; null until there is a bound. */
  gap: z.number().nullable(),
  elapsedMs: z.number().int(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** The job of a plan's current run: `GET /api/cutPlan/{id}` answers it as `job`, SSE streams it. */
export const cutPlanJobSchema = z.object({
  id: idSchema.nullable(),
  state: jobStateSchema,
  progress: jobProgressSchema.nullable(),
  /** Why it failed or was cancelled, in the caller's language. */
  message: z.string().nullable(),
});
export type CutPlanJob = z.infer<typeof cutPlanJobSchema>;

export const planCutSchema = z.object({
  length: z.number().int(),
  /** Pieces of this order line on one bar of the pattern. */
  count: z.number().int(),
  orderLineId: idSchema,
});

export const planPatternSchema = z.object({
  stockLength: z.number().int(),
  source: barSourceSchema,
  /** The stock row the bars come from (raw or tail stock); null for purchased lengths. */
  stockId: idSchema.nullable(),
  heatNo: z.string().nullable(),
  /**
   * The plan's answer only (not stored): the code of the offcut lot `stockId` holds, so the plan says which
   * offcuts — the oldest of a length — it takes.
   */
  lotCode: z.string().nullish(),
  /** Repetitions: bars cut this way. */
  count: z.number().int(),
  cuts: z.array(planCutSchema),
  offcut: z.number().int(),
  offcutKind: z.enum(['tail', 'waste']),
});
export type PlanPattern = z.infer<typeof planPatternSchema>;

export const unplacedSchema = z.object({
  orderLineId: idSchema,
  length: z.number().int(),
  count: z.number().int(),
  reason: z.enum(['longer_than_every_stock', 'not_enough_stock']),
});

/** One spec (grade + diameter) of a plan, optimised on its own. */
export const planGroupSchema = z.object({
  rebarId: idSchema,
  grade: z.string(),
  diameter: z.number().int(),
  lowerBound: z.number(),
  gap: z.number(),
  optimal: z.boolean(),
  patterns: z.array(planPatternSchema),
  unplaced: z.array(unplacedSchema),
  /** Free raw bars per length when the run was solved (older runs lack it): why a purchase was needed. */
  freeStock: z.array(z.object({ length: z.number().int(), bars: z.number().int() })).optional(),
});
export type PlanGroup = z.infer<typeof planGroupSchema>;

/** Bars a run uses, per source and length; per spec too (a purchase list needs it), when the API gives it. */
export const rawMaterialSchema = z.object({
  grade: z.string().optional(),
  diameter: z.number().int().optional(),
  length: z.number().int(),
  count: z.number().int(),
  source: barSourceSchema,
  weight: z.number(),
});

/** The totals of a run (the spec's fields), weights in kg, rates 0…1. */
export const planTotalsSchema = z.object({
  demandWeight: z.number(),
  materialWeight: z.number(),
  /** Offcuts at least the minimum reusable tail long, going to tail stock. */
  tailWeight: z.number(),
  wasteWeight: z.number(),
  useRate: z.number(),
  wasteRate: z.number(),
  rawMaterials: z.array(rawMaterialSchema),
  bars: z.number().int(),
  cost: z.number(),
  lowerBound: z.number(),
  gap: z.number(),
  /** Every group proven optimal. */
  optimal: z.boolean(),
  /** Against first-fit decreasing on the same input: steel saved. */
  saving: z.object({ kg: z.number(), percent: z.number() }),
});
export type PlanTotals = z.infer<typeof planTotalsSchema>;

/** The settings a plan was computed with, copied from the product settings when it was created. */
export const cutPlanSettingsSchema = z.object({
  kerf: z.number().int(),
  endTrim: z.number().int(),
  minTailLength: z.number().int(),
  wasteLength: z.number().int(),
  /** Specs with their own minimum tail / waste length, by spec id; the others use the two above. */
  thresholds: z
    .record(z.string(), z.object({ minTailLength: z.number().int(), wasteLength: z.number().int() }))
    .nullish(),
});

/** One optimisation run of a plan: runs are kept so that two can be compared. */
export const cutPlanRunSchema = z.object({
  id: idSchema,
  number: z.number().int(),
  settings: optimizeSettingsSchema,
  job: cutPlanJobSchema,
  totals: planTotalsSchema.nullable(),
  creationTime: z.string(),
  finishedTime: z.string().nullable(),
});
export type CutPlanRun = z.infer<typeof cutPlanRunSchema>;

export const cutPlanSchema = z.object({
  id: idSchema,
  /** `CP20261121-0001`. */
  code: z.string(),
  planDate: z.string(),
  status: cutPlanStatusSchema,
  /** The specs of its groups, as `HRB400E Φ12, HRB400E Φ16`. */
  specs: z.string(),
  orderCodes: z.array(z.string()),
  demandWeight: z.number(),
  materialWeight: z.number().nullable(),
  useRate: z.number().nullable(),
  jobState: jobStateSchema.nullable(),
  remark: z.string().nullable(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type CutPlan = z.infer<typeof cutPlanSchema>;

/** `GET /api/cutPlan/{id}`: the plan, the job of its current run, and that run's result. */
export const cutPlanDetailSchema = cutPlanSchema.extend({
  settings: cutPlanSettingsSchema,
  sources: cutPlanSourcesSchema,
  timeLimitS: z.number().int(),
  orders: z.array(z.object({ id: idSchema, code: z.string(), project: z.string() })),
  job: cutPlanJobSchema,
  currentRunId: idSchema.nullable(),
  totals: planTotalsSchema.nullable(),
  groups: z.array(planGroupSchema),
  runs: z.array(cutPlanRunSchema),
  history: z.array(
    z.object({
      fromStatus: cutPlanStatusSchema.nullable(),
      toStatus: cutPlanStatusSchema,
      userName: z.string().nullable(),
      time: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export type CutPlanDetail = z.infer<typeof cutPlanDetailSchema>;

export const CUT_PLAN_SORTS = ['code', 'planDate', 'status', 'demandWeight', 'creationTime'] as const;

export const cutPlanListQuerySchema = listQuerySchema.extend({
  status: cutPlanStatusSchema.optional(),
  planDateFrom: isoDateSchema.optional(),
  planDateTo: isoDateSchema.optional(),
});
export type CutPlanListQuery = z.infer<typeof cutPlanListQuerySchema>;

export const cutPlanPageSchema = pagedResultSchema(cutPlanSchema);

/** `GET /api/cutPlan/{id}/export?format=xlsx|pdf`. */
export const cutPlanExportQuerySchema = z.object({ format: z.enum(['xlsx', 'pdf']).default('xlsx') });
