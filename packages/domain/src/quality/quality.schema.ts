import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, pagedResultSchema } from '../core/common.schema.ts';
import { INSPECTION_METHODS } from '../master-data/index.ts';
import { rebarReceiveSchema, receiptQualityStatusSchema } from '../stock/index.ts';
import { attachmentSchema } from '../core/attachment.schema.ts';
import { MAX_SUBGROUP_SIZE } from './control-chart.ts';

export const INSPECTION_KINDS = ['receipt', 'production'] as const;
export const inspectionKindSchema = z.enum(INSPECTION_KINDS);
export type InspectionKind = z.infer<typeof inspectionKindSchema>;

export const INSPECTION_RESULTS = ['pass', 'fail'] as const;
export const inspectionResultSchema = z.enum(INSPECTION_RESULTS);

const isoDateTime = z.iso.datetime({ offset: true });
const measurement = z.number().finite().min(-1_000_000).max(1_000_000);

// ── Recording ──────────────────────────────────────────────────────────────────────────────────

/**
 * One check as entered: the characteristic and, by its method (INSPECTION_METHODS), a `value`, a
 * weighed sample's `massKg` and `lengthMm`, or `passed`. The server judges it (evaluateCheck) and
 * answers 400 naming the field when what the method needs is missing: nothing counts as judged by
 * default. `notTested` says the check was not done: it is not recorded (nor counted in pass rates).
 */
export const checkInputSchema = z.object({
  inspectionTypeId: idSchema,
  value: measurement.nullish(),
  massKg: z.number().finite().positive().max(10_000).nullish(),
  lengthMm: z.number().int().min(1).max(18_000).nullish(),
  passed: z.boolean().nullish(),
  notTested: z.literal(true).optional(),
  remark: optionalText(200),
});
export type CheckInput = z.infer<typeof checkInputSchema>;

const checksSchema = z
  .array(checkInputSchema)
  .min(1)
  .max(50)
  .refine((checks) => new Set(checks.map((check) => check.inspectionTypeId)).size === checks.length, 'duplicate');

/**
 * `POST /api/inspection/receipt/{receiptId}`: checks of the receiving technique's characteristics
 * (techniques whose stage is `receipt`). A failed check puts the receipt's bars still in raw stock on
 * hold (ledger: raw out + held raw in, reason `hold`). `inspectedAt` defaults to now.
 */
export const receiptInspectionInputSchema = z.object({
  checks: checksSchema,
  inspectedAt: isoDateTime.optional(),
  remark: optionalText(500),
});
export type ReceiptInspectionInput = z.infer<typeof receiptInspectionInputSchema>;

/**
 * `POST /api/inspection/task/{taskId}`: checks of piece `pieceNo` of a running, paused or done task
 * (its technique's characteristics). A failed check flags the task and scraps `scrapPieces` (default 1,
 * the piece checked): the task's scrap count, the machine's OEE quality, and finished stock → waste
 * when the pieces were already reported.
 */
export const productionInspectionInputSchema = z.object({
  pieceNo: z.number().int().min(1).max(1_000_000),
  checks: checksSchema,
  scrapPieces: z.number().int().min(0).max(10_000).optional(),
  inspectedAt: isoDateTime.optional(),
  remark: optionalText(500),
});
export type ProductionInspectionInput = z.infer<typeof productionInspectionInputSchema>;

/** The answer of `POST /api/inspection/receipt/{receiptId}`: the record's outcome and the receipt after it. */
export const receiptInspectionResultSchema = z.object({
  inspection: z.object({
    id: idSchema,
    code: z.string(),
    result: inspectionResultSchema,
    /** Codes of the characteristics that failed. */
    failedChecks: z.array(z.string()),
  }),
  receipt: rebarReceiveSchema,
});
export type ReceiptInspectionResult = z.infer<typeof receiptInspectionResultSchema>;

/** `POST /api/inspection/receipt/{receiptId}/release` and `…/return` (answering the receipt): why. */
export const holdDecisionSchema = z.object({ reason: z.string().trim().min(1).max(200) });
export type HoldDecision = z.infer<typeof holdDecisionSchema>;

// ── Records ────────────────────────────────────────────────────────────────────────────────────

/** The characteristic a check, a pass rate or a chart is about, named as it was when judged. */
const characteristicFields = {
  inspectionTypeId: idSchema,
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
};
const machineSchema = z.object({ id: idSchema, name: z.string(), serialNumber: z.string() });

/** A recorded check, with the characteristic and limits as they were when it was judged. */
export const inspectionCheckSchema = z.object({
  ...characteristicFields,
  method: z.enum(INSPECTION_METHODS),
  /** The judged value (weight deviation: in %), null for a pass/fail check. */
  value: z.number().nullable(),
  massKg: z.number().nullable(),
  lengthMm: z.number().int().nullable(),
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  result: inspectionResultSchema,
  remark: z.string().nullable(),
});
export type InspectionCheck = z.infer<typeof inspectionCheckSchema>;

const ref = z.object({ id: idSchema, code: z.string() });

export const inspectionSchema = z.object({
  id: idSchema,
  /** `QI20261122-0001`, per product and plant day. */
  code: z.string(),
  kind: inspectionKindSchema,
  result: inspectionResultSchema,
  techniqueId: idSchema,
  techniqueName: z.string(),
  receipt: ref.nullable(),
  task: ref.nullable(),
  equipment: machineSchema.nullable(),
  /** Receipt: its heat; production: the heats the task consumed, comma-separated ('' when none yet). */
  heatNo: z.string(),
  rebarName: z.string(),
  pieceNo: z.number().int().nullable(),
  scrapPieces: z.number().int(),
  inspectorName: z.string().nullable(),
  inspectedAt: z.string(),
  remark: z.string().nullable(),
  checks: z.array(inspectionCheckSchema),
  creationTime: z.string(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const INSPECTION_SORTS = ['inspectedAt', 'code', 'result', 'heatNo'] as const;

/** `GET /api/inspection`: filters of the records page (the export takes the same). */
export const inspectionListQuerySchema = listQuerySchema.extend({
  kind: inspectionKindSchema.optional(),
  result: inspectionResultSchema.optional(),
  techniqueId: idSchema.optional(),
  inspectionTypeId: idSchema.optional(),
  equipmentId: idSchema.optional(),
  receiptId: idSchema.optional(),
  taskId: idSchema.optional(),
  heatNo: z.string().trim().max(50).optional(),
  /** Plant days, inclusive. */
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
});
export type InspectionListQuery = z.infer<typeof inspectionListQuerySchema>;
export const inspectionPageSchema = pagedResultSchema(inspectionSchema);

// ── Statistics ─────────────────────────────────────────────────────────────────────────────────

/** `GET /api/inspection/stats/pass-rate` (same filters as the list): per characteristic. */
export const passRateSchema = z.object({
  items: z.array(
    z.object({
      ...characteristicFields,
      checks: z.number().int(),
      passed: z.number().int(),
      /** passed ÷ checks, 0–1 (4 decimals). */
      passRate: z.number(),
    }),
  ),
});
export type PassRate = z.infer<typeof passRateSchema>;

/** `GET /api/inspection/stats/control-chart`: one characteristic, optionally one machine, over a date range. */
export const controlChartQuerySchema = z.object({
  inspectionTypeId: idSchema,
  equipmentId: idSchema.optional(),
  subgroupSize: z.coerce.number().int().min(1).max(MAX_SUBGROUP_SIZE).default(1),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  /** The most recent values charted (oldest first). */
  limit: z.coerce.number().int().min(2).max(1000).default(200),
});
export type ControlChartQuery = z.infer<typeof controlChartQuerySchema>;

export const controlChartSchema = z.object({
  ...characteristicFields,
  subgroupSize: z.number().int(),
  /** The tolerance lines (absolute), null where a side is open. */
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  centre: z.number().nullable(),
  upperControl: z.number().nullable(),
  lowerControl: z.number().nullable(),
  rangeCentre: z.number().nullable(),
  rangeUpperControl: z.number().nullable(),
  rangeLowerControl: z.number().nullable(),
  points: z.array(
    z.object({
      value: z.number(),
      range: z.number().nullable(),
      outOfControl: z.boolean(),
      /** The first inspection of the point (its time and code). */
      inspectedAt: z.string(),
      inspectionCode: z.string(),
    }),
  ),
});
export type ControlChartResult = z.infer<typeof controlChartSchema>;

// ── Sampling plans ─────────────────────────────────────────────────────────────────────────────

/** `GET /api/inspection/sampling-plans`: every production technique, with the current product's rule. */
export const samplingPlanSchema = z.object({
  techniqueId: idSchema,
  techniqueCode: z.string(),
  techniqueName: z.string(),
  /** 0: the first piece of each task only; N: also every Nth piece after it. Default 0. */
  everyN: z.number().int(),
  lastModificationTime: z.string().nullable(),
});
export type SamplingPlan = z.infer<typeof samplingPlanSchema>;

/** `PUT /api/inspection/sampling-plans/{techniqueId}`. */
export const samplingPlanInputSchema = z.object({ everyN: z.number().int().min(0).max(100_000) });
export type SamplingPlanInput = z.infer<typeof samplingPlanInputSchema>;

/** `GET /api/inspection/task/{taskId}/due`: what the operator's phone asks to check now. */
export const dueInspectionSchema = z.object({
  taskId: idSchema,
  everyN: z.number().int(),
  produced: z.number().int(),
  /** Piece numbers due and not yet recorded, oldest first. */
  due: z.array(z.number().int()),
  /** The characteristics to record (the task's technique's). */
  characteristics: z.array(
    z.object({
      id: idSchema,
      code: z.string(),
      name: z.string(),
      unit: z.string().nullable(),
      method: z.enum(INSPECTION_METHODS),
      lowerLimit: z.number().nullable(),
      upperLimit: z.number().nullable(),
    }),
  ),
  flagged: z.boolean(),
});
export type DueInspection = z.infer<typeof dueInspectionSchema>;

// ── Traceability ───────────────────────────────────────────────────────────────────────────────

const tracedReceiptSchema = z.object({
  id: idSchema,
  code: z.string(),
  supplier: z.string(),
  heatNo: z.string(),
  rebarName: z.string(),
  receiveDate: z.string(),
  barCount: z.number().int(),
  qualityStatus: receiptQualityStatusSchema,
  certificates: z.array(attachmentSchema),
  inspections: z.array(
    inspectionSchema.pick({ id: true, code: true, result: true, inspectedAt: true, inspectorName: true }),
  ),
});

const tracedTaskSchema = z.object({
  id: idSchema,
  code: z.string(),
  kind: z.enum(['cut', 'bend']),
  status: z.string(),
  equipment: machineSchema,
  /** Who started, reported and completed it. */
  operators: z.array(z.string()),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cutPlan: ref,
  dailyPlan: ref,
});

/** `GET /api/inspection/trace/bundle/{scanId}`: from a bundle back to the steel it was made of. */
export const backwardTraceSchema = z.object({
  bundle: z.object({
    id: idSchema,
    scanId: z.string(),
    mark: z.string(),
    rebarName: z.string(),
    length: z.number().int(),
    pieces: z.number().int(),
    status: z.string(),
    orderCode: z.string(),
    project: z.string().nullable(),
  }),
  /** The task that made it, then (for bent pieces) the cut task before it. */
  tasks: z.array(tracedTaskSchema),
  heatNos: z.array(z.string()),
  receipts: z.array(tracedReceiptSchema),
  productionInspections: z.array(
    inspectionSchema.pick({ id: true, code: true, result: true, inspectedAt: true, pieceNo: true }),
  ),
});
export type BackwardTrace = z.infer<typeof backwardTraceSchema>;

/** `GET /api/inspection/trace/heat/{heatNo}` (and `…/export`, .xlsx): the recall list of a heat. */
export const forwardTraceSchema = z.object({
  heatNo: z.string(),
  receipts: z.array(tracedReceiptSchema),
  bundles: z.array(
    z.object({
      id: idSchema,
      scanId: z.string(),
      mark: z.string(),
      rebarName: z.string(),
      length: z.number().int(),
      pieces: z.number().int(),
      status: z.string(),
      orderCode: z.string(),
      project: z.string().nullable(),
      taskCode: z.string(),
      equipmentName: z.string(),
      serialNumber: z.string(),
      finishedAt: z.string().nullable(),
      delivery: z.object({ id: idSchema, code: z.string(), site: z.string(), deliveredAt: z.string() }).nullable(),
    }),
  ),
});
export type ForwardTrace = z.infer<typeof forwardTraceSchema>;
