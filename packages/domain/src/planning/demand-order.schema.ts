import { z } from 'zod';
import {
  concurrencyTokenSchema,
  idSchema,
  listQuerySchema,
  optionalText,
  pagedResultSchema,
  plainText,
} from '../core/common.schema.ts';
import { MAX_BAR_LENGTH, isoDateSchema } from '../stock/index.ts';
import { DEMAND_ORDER_STATUSES, DEMAND_PRIORITIES, DEMAND_SOURCES } from './demand-order-status.ts';
import { CUT_PLAN_STATUSES } from './cut-plan-status.ts';
import { IMPORT_FORMATS, IMPORT_PROBLEM_CODES, IMPORT_SEVERITIES } from './demand-import-problems.ts';
import { isBvbsPrivateBlock } from './bvbs.ts';

/** A bar bending schedule has at most this many lines (a file too: larger ones are refused). */
export const MAX_DEMAND_LINES = 20_000;
/** An uploaded schedule file is at most 10 MB. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Legs of one bent bar: BVBS allows more, no bending machine bends more. */
export const MAX_LEGS = 32;
export const MAX_LINE_QUANTITY = 1_000_000;

export const demandOrderStatusSchema = z.enum(DEMAND_ORDER_STATUSES);
export const demandPrioritySchema = z.enum(DEMAND_PRIORITIES);
export const demandSourceSchema = z.enum(DEMAND_SOURCES);

/**
 * One leg of a bent bar, BVBS `G` block style: its length (outer dimension, mm) and the signed angle
 * (degrees, + = counter-clockwise) of the bend that follows it; the last leg's angle is 0.
 */
export const legSchema = z.object({
  length: z.number().positive().max(MAX_BAR_LENGTH),
  angle: z.number().min(-180).max(180),
});
export type Leg = z.infer<typeof legSchema>;

/** A mark (bar position) as drawings write it: `A1`, `12`, `B3-05`. */
const markSchema = plainText().trim().min(1).max(32);

/**
 * A line of `POST /api/demandOrder/import/preview`, as it will be saved. Values a file left unreadable
 * are null (and a problem names them); `weight` is the server's (kg, length × quantity × the spec's
 * unit weight), `rebarId` the product's spec for `grade` + `diameter` (null when there is none).
 */
export const demandImportLineSchema = z.object({
  lineNo: z.number().int().min(1),
  mark: z.string(),
  grade: z.string(),
  diameter: z.number().nullable(),
  rebarId: idSchema.nullable(),
  /** Cut length, mm: the file's, or the developed length of the geometry when the file gave none. */
  length: z.number().nullable(),
  /** Pieces in all: members × barsPerMember. */
  quantity: z.number().nullable(),
  members: z.number().int().nullable(),
  barsPerMember: z.number().int().nullable(),
  weight: z.number().nullable(),
  shapeCode: z.string().nullable(),
  /** Empty or one leg for a straight bar. */
  geometry: z.array(legSchema),
  /** Mandrel (bending pin) diameter, mm; null for a straight bar. */
  mandrel: z.number().nullable(),
  /** Techniques the line needs, derived from the shape (cut; + bend; + thread for a coupler). */
  techniqueIds: z.array(idSchema),
  piecesPerBundle: z.number().int().nullable(),
  /** The drawing (BVBS `r`, with its index `i`) the line comes from. */
  drawing: z.string().nullable(),
  /** A BVBS private block (`P…`), kept as read and written back on export. */
  privateBlock: z.string().nullable(),
  remark: z.string().nullable(),
});
export type DemandImportLine = z.infer<typeof demandImportLineSchema>;

export const importProblemSchema = z.object({
  lineNo: z.number().int(),
  /** The line field the problem is about (`length`, `diameter`…), or `record` for the whole line. */
  field: z.string(),
  severity: z.enum(IMPORT_SEVERITIES),
  code: z.enum(IMPORT_PROBLEM_CODES),
  /** In the caller's language. */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** `POST /api/demandOrder/import/preview`: what the file holds, parsed and checked, nothing saved. */
export const demandImportPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** For a BVBS file: the project (`j`) of its first record, to prefill the order header. */
  project: z.string().nullable(),
  lines: z.array(demandImportLineSchema),
  problems: z.array(importProblemSchema),
});
export type DemandImportPreview = z.infer<typeof demandImportPreviewSchema>;

const positiveInt = (max: number) => z.number().int().min(1).max(max);

/**
 * A line of `POST`/`PUT /api/demandOrder`. It accepts a preview line exactly as the preview returned
 * it: `lineNo`, `grade`, `diameter` and `weight` are read-only there and ignored here (the spec is
 * `rebarId`, the weight the server's). Give `quantity`, or `members` and `barsPerMember` (then
 * `quantity`, when given too, must be their product). `length` may be left out for a bent bar: it is
 * then the developed length of the geometry.
 */
export const demandOrderLineInputSchema = z.object({
  lineNo: z.number().optional(),
  mark: markSchema,
  grade: z.string().nullish(),
  diameter: z.number().nullish(),
  rebarId: idSchema,
  length: positiveInt(MAX_BAR_LENGTH).nullish(),
  quantity: positiveInt(MAX_LINE_QUANTITY).nullish(),
  members: positiveInt(MAX_LINE_QUANTITY).nullish(),
  barsPerMember: positiveInt(MAX_LINE_QUANTITY).nullish(),
  weight: z.number().nullish(),
  shapeCode: plainText().trim().max(8).nullish(),
  geometry: z.array(legSchema).max(MAX_LEGS).default([]),
  mandrel: z.number().positive().max(2000).nullish(),
  techniqueIds: z.array(idSchema).max(10).default([]),
  piecesPerBundle: positiveInt(10_000).nullish(),
  drawing: optionalText(64),
  /** Written into the BVBS export as it is, so it must be one private block and nothing more. */
  privateBlock: optionalText(500).refine((value) => value === null || isBvbsPrivateBlock(value), 'bvbsPrivateBlock'),
  remark: optionalText(200),
});
export type DemandOrderLineInput = z.input<typeof demandOrderLineInputSchema>;

/** `POST /api/demandOrder` (and the body of `PUT`): the header and every line, saved in one transaction. */
export const demandOrderInputSchema = z.object({
  /** Project or site. */
  project: plainText().trim().min(1).max(100),
  /** Structure element: "Beam B3". */
  element: optionalText(100),
  /** Customer contact: name and telephone as the customer gave them. */
  customer: optionalText(100),
  /** The day the site needs the bars. */
  demandDate: isoDateSchema,
  priority: demandPrioritySchema.default('normal'),
  remark: optionalText(500),
  /** Where the lines came from: typed in, or the format of the file they were imported from. */
  source: demandSourceSchema.default('manual'),
  lines: z.array(demandOrderLineInputSchema).min(1).max(MAX_DEMAND_LINES),
});
export type DemandOrderInput = z.input<typeof demandOrderInputSchema>;

export const demandOrderUpdateSchema = demandOrderInputSchema.extend({
  lastModificationTime: concurrencyTokenSchema,
});
export type DemandOrderUpdate = z.input<typeof demandOrderUpdateSchema>;

/** `POST /api/demandOrder/{id}/cancel`: why (optional), kept in the status history. */
export const demandOrderCancelSchema = z.object({ reason: optionalText(200) }).default({ reason: null });

/** A row of the order list. Weights in kg (three decimals). */
export const demandOrderSchema = z.object({
  id: idSchema,
  /** `DO20261121-0001`: per product and the plant's own day. */
  code: z.string(),
  project: z.string(),
  element: z.string().nullable(),
  customer: z.string().nullable(),
  demandDate: z.string(),
  priority: demandPrioritySchema,
  status: demandOrderStatusSchema,
  source: demandSourceSchema,
  remark: z.string().nullable(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  totalWeight: z.number(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type DemandOrder = z.infer<typeof demandOrderSchema>;

export const demandOrderLineSchema = z.object({
  id: idSchema,
  lineNo: z.number().int(),
  mark: z.string(),
  rebarId: idSchema,
  rebarName: z.string(),
  grade: z.string(),
  diameter: z.number().int(),
  length: z.number().int(),
  members: z.number().int(),
  barsPerMember: z.number().int(),
  quantity: z.number().int(),
  weight: z.number(),
  shapeCode: z.string().nullable(),
  geometry: z.array(legSchema),
  mandrel: z.number().nullable(),
  techniqueIds: z.array(idSchema),
  piecesPerBundle: z.number().int().nullable(),
  drawing: z.string().nullable(),
  privateBlock: z.string().nullable(),
  remark: z.string().nullable(),
  /** Pieces put into cutting plans, and pieces produced: written by the areas that follow. */
  plannedQuantity: z.number().int(),
  producedQuantity: z.number().int(),
  /**
   * Set when a revision of the order changed or removed the mark after its work began: the revision's
   * number. The line stays (its plan, tasks and pieces are history); the mark's valid line is another.
   */
  supersededRevision: z.number().int().nullable(),
});
export type DemandOrderLine = z.infer<typeof demandOrderLineSchema>;

export const demandOrderHistorySchema = z.object({
  id: idSchema,
  /** Null for the creation. */
  fromStatus: demandOrderStatusSchema.nullable(),
  toStatus: demandOrderStatusSchema,
  userId: idSchema.nullable(),
  userName: z.string().nullable(),
  time: z.string(),
  note: z.string().nullable(),
});
export type DemandOrderHistory = z.infer<typeof demandOrderHistorySchema>;

export const diameterTotalSchema = z.object({
  diameter: z.number().int(),
  pieces: z.number().int(),
  /** Metres, three decimals. */
  metres: z.number(),
  weight: z.number(),
});
export type DiameterTotal = z.infer<typeof diameterTotalSchema>;

/** A cutting plan that takes lines of the order. */
export const demandOrderPlanRefSchema = z.object({ id: idSchema, code: z.string(), status: z.enum(CUT_PLAN_STATUSES) });

/** `GET /api/demandOrder/{id}`. */
export const demandOrderDetailSchema = demandOrderSchema.extend({
  lines: z.array(demandOrderLineSchema),
  history: z.array(demandOrderHistorySchema),
  totals: z.array(diameterTotalSchema),
  cutPlans: z.array(demandOrderPlanRefSchema),
});
export type DemandOrderDetail = z.infer<typeof demandOrderDetailSchema>;

export const DEMAND_ORDER_SORTS = [
  'code',
  'project',
  'demandDate',
  'priority',
  'status',
  'totalWeight',
  'creationTime',
] as const;

export const demandOrderListQuerySchema = listQuerySchema.extend({
  status: demandOrderStatusSchema.optional(),
  priority: demandPrioritySchema.optional(),
  demandDateFrom: isoDateSchema.optional(),
  demandDateTo: isoDateSchema.optional(),
  /**
   * `true`: only orders a cutting plan may take — confirmed, or producing (a revision's re-planned
   * lines) — with a current line that still has pieces to plan.
   */
  toPlan: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type DemandOrderListQuery = z.infer<typeof demandOrderListQuerySchema>;

export const demandOrderPageSchema = pagedResultSchema(demandOrderSchema);

/** `GET /api/demandOrder/{id}/export?format=bvbs|xlsx`. */
export const EXPORT_FORMATS = ['bvbs', 'xlsx'] as const;
export const demandOrderExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') });
