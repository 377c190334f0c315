import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, pagedResultSchema } from '../core/common.schema.ts';
import { STOCK_DIRECTIONS, STOCK_KINDS, STOCK_REASONS, STOCK_SOURCE_TYPES } from './stock-kinds.ts';
import { offcutLotSchema } from './offcut-lot.ts';

/** No bar, piece or offcut is longer than this (18 m: the longest commercial bar). */
export const MAX_BAR_LENGTH = 18_000;
export const MAX_MOVE_QUANTITY = 1_000_000;

export const stockKindSchema = z.enum(STOCK_KINDS);
export const stockDirectionSchema = z.enum(STOCK_DIRECTIONS);
export const stockReasonSchema = z.enum(STOCK_REASONS);
export const stockSourceTypeSchema = z.enum(STOCK_SOURCE_TYPES);

export const barLengthSchema = z.coerce.number().int().min(1).max(MAX_BAR_LENGTH);
const quantitySchema = z.number().int().min(1).max(MAX_MOVE_QUANTITY);
/** Heat numbers as mills print them: letters, digits and a few separators. */
export const heatNoSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9/._-]*$/, 'invalid');
/** A calendar day, `2026-11-21`. */
export const isoDateSchema = z.iso.date();
/** An instant, ISO-8601 (`2026-11-21T08:00:00Z` or with an offset). */
const isoDateTimeSchema = z.iso.datetime({ offset: true });

// ── Raw receipts ───────────────────────────────────────────────────────────────────────────────

/** A weighbridge reading, kg: no truck line weighs 1 000 t. */
export const MAX_WEIGHED_KG = 1_000_000;

/** `POST /api/rebarReceive`: bars delivered by a supplier. The weight is the server's. */
export const rebarReceiveInputSchema = z.object({
  rebarId: idSchema,
  supplier: z.string().trim().min(1).max(100),
  heatNo: heatNoSchema,
  length: z.number().int().min(1).max(MAX_BAR_LENGTH),
  bundles: z.number().int().min(1).max(10_000),
  barCount: z.number().int().min(1).max(MAX_MOVE_QUANTITY),
  receiveDate: isoDateSchema,
  /** kg on the weighbridge (optional): checked against the theoretical weight with the standard's tolerance. */
  weighedWeight: z.number().positive().max(MAX_WEIGHED_KG).nullish(),
  /** The rack or bin the bars are put away at; absent: not put away yet. */
  locationId: idSchema.nullish(),
  remark: optionalText(500),
});
export type RebarReceiveInput = z.infer<typeof rebarReceiveInputSchema>;

/** `POST /api/rebarReceive/{id}/reverse`: a wrong receipt is reversed (raw stock out), never edited. */
export const rebarReceiveReverseSchema = z.object({ reason: z.string().trim().min(1).max(200) });
export type RebarReceiveReverse = z.infer<typeof rebarReceiveReverseSchema>;

export const RECEIPT_STATUSES = ['received', 'reversed'] as const;
export const receiptStatusSchema = z.enum(RECEIPT_STATUSES);
export type ReceiptStatus = z.infer<typeof receiptStatusSchema>;

/**
 * Where a receipt stands in quality: `uninspected` until a receipt inspection is recorded; `passed`
 * when its last inspection passed; `held` when one failed (its bars still here moved to held stock);
 * `released` when someone with the permission let the held bars go to production; `returned` when
 * they went back to the supplier.
 */
export const RECEIPT_QUALITY_STATUSES = ['uninspected', 'passed', 'held', 'released', 'returned'] as const;
export const receiptQualityStatusSchema = z.enum(RECEIPT_QUALITY_STATUSES);
export type ReceiptQualityStatus = z.infer<typeof receiptQualityStatusSchema>;

/** The spec a stock row, receipt or ledger row is about, as lists show it. */
const specColumns = {
  rebarId: idSchema,
  rebarName: z.string(),
  grade: z.string(),
  diameter: z.number().int(),
};

export const rebarReceiveSchema = z.object({
  id: idSchema,
  /** `RC20261121-0001`, per product and day. */
  code: z.string(),
  ...specColumns,
  supplier: z.string(),
  heatNo: z.string(),
  length: z.number().int(),
  bundles: z.number().int(),
  barCount: z.number().int(),
  /** kg, three decimals: the theoretical weight (length × bars × the spec's kg/m), the one stock books. */
  weight: z.number(),
  /** kg on the weighbridge, null when not weighed. */
  weighedWeight: z.number().nullable(),
  /** (weighed − theoretical) / theoretical, null when not weighed. */
  weightDeviation: z.number().nullable(),
  /** GB/T 1499.2's allowed deviation for the diameter (0.05 = ±5 %), null when it gives none. */
  weightTolerance: z.number().nullable(),
  /** The weighed weight deviates beyond the tolerance: the inspector looks at this line first. */
  weightOutOfTolerance: z.boolean(),
  /** The delivery note this receipt is a line of (`POST /api/rebarDelivery`), null for a single receipt. */
  deliveryId: idSchema.nullable(),
  deliveryCode: z.string().nullable(),
  /** Where the bars were put away when received (null: not put away then). */
  locationId: idSchema.nullable(),
  receiveDate: z.string(),
  remark: z.string().nullable(),
  status: receiptStatusSchema,
  qualityStatus: receiptQualityStatusSchema,
  /** Bars of this receipt in held stock now (0 unless held). */
  heldQuantity: z.number().int(),
  reversedTime: z.string().nullable(),
  reverseReason: z.string().nullable(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type RebarReceive = z.infer<typeof rebarReceiveSchema>;

export const RECEIPT_SORTS = [
  'code',
  'receiveDate',
  'supplier',
  'heatNo',
  'length',
  'barCount',
  'weight',
  'creationTime',
] as const;

export const rebarReceiveListQuerySchema = listQuerySchema.extend({
  rebarId: idSchema.optional(),
  supplier: z.string().trim().max(100).optional(),
  heatNo: z.string().trim().max(50).optional(),
  receiveDateFrom: isoDateSchema.optional(),
  receiveDateTo: isoDateSchema.optional(),
  status: receiptStatusSchema.optional(),
  qualityStatus: receiptQualityStatusSchema.optional(),
});
export type RebarReceiveListQuery = z.infer<typeof rebarReceiveListQuerySchema>;

// ── Balances ───────────────────────────────────────────────────────────────────────────────────

export const stockItemSchema = z.object({
  id: idSchema,
  kind: stockKindSchema,
  ...specColumns,
  length: z.number().int(),
  /** Raw stock only; null for the other kinds. */
  heatNo: z.string().nullable(),
  /** Raw only: bars on quality hold (a receipt failed its inspection). Cutting plans never use them. */
  held: z.boolean(),
  /** Raw and offcuts: the rack or bin the bars lie at (`stockLocation`); null while not put away. */
  locationId: idSchema.nullable(),
  locationCode: z.string().nullable(),
  locationName: z.string().nullable(),
  /** Offcuts only: the lot (its label, heats, the task that kept it, its age); null for the other kinds. */
  lot: offcutLotSchema.nullable(),
  quantity: z.number().int(),
  /** Bars approved cutting plans count on (the ledger is untouched until they are cut). */
  reserved: z.number().int(),
  /** quantity − reserved: what a new plan may still use (0 for held rows). */
  available: z.number().int(),
  /** kg, three decimals; the sum of the row's ledger. */
  weight: z.number(),
  lastMoveTime: z.string().nullable(),
});
export type StockItem = z.infer<typeof stockItemSchema>;

export const STOCK_SORTS = [
  'rebarName',
  'diameter',
  'length',
  'heatNo',
  'quantity',
  'weight',
  'lastMoveTime',
  'locationCode',
  'lotMadeAt',
] as const;

export const stockListQuerySchema = listQuerySchema.extend({
  rebarId: idSchema.optional(),
  diameter: z.coerce.number().int().min(1).max(100).optional(),
  length: barLengthSchema.optional(),
  heatNo: z.string().trim().max(50).optional(),
  /** The rows at one location (raw and offcuts). */
  locationId: idSchema.optional(),
  /** Offcuts: the rows of lots kept at least this many days ago (the aging report). */
  minAgeDays: z.coerce.number().int().min(0).max(36_500).optional(),
  /** Offcuts: `true` lists the aged lots alone, those kept the product setting's `offcutAgeDays` ago or more. */
  aged: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Raw only: held rows alone (`true`) or free rows alone (`false`); both when absent. */
  held: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Also the rows whose balance went back to zero (they keep their ledger). */
  includeEmpty: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type StockListQuery = z.infer<typeof stockListQuerySchema>;

/** `GET /api/stock/{kind}`: a page of balances and the totals of every row the filters match. */
export const stockPageSchema = pagedResultSchema(stockItemSchema).extend({
  /** `heldQuantity`: of `quantity`, the bars on quality hold (raw; 0 for the other kinds). */
  totals: z.object({ quantity: z.number().int(), weight: z.number(), heldQuantity: z.number().int() }),
});
export type StockPage = z.infer<typeof stockPageSchema>;

/** `GET /api/stock/summary`: weight per kind and diameter, for the kinds the caller may read (charts). */
export const stockSummaryRowSchema = z.object({
  kind: stockKindSchema,
  diameter: z.number().int(),
  quantity: z.number().int(),
  weight: z.number(),
});
export type StockSummaryRow = z.infer<typeof stockSummaryRowSchema>;

// ── The ledger ─────────────────────────────────────────────────────────────────────────────────

export const stockLogItemSchema = z.object({
  id: idSchema,
  /** The ledger's running number (per database): the order rows were written in. */
  seq: z.number().int(),
  kind: stockKindSchema,
  direction: stockDirectionSchema,
  stockId: idSchema,
  ...specColumns,
  length: z.number().int(),
  heatNo: z.string().nullable(),
  /** The location of the stock row moved (raw and offcuts; null: unplaced). */
  locationId: idSchema.nullable(),
  /** Offcuts: the lot the bars belong to and its label's code (`OC…`); null for other stock. */
  lotId: idSchema.nullable(),
  lotCode: z.string().nullable(),
  quantity: z.number().int(),
  weight: z.number(),
  /** The stock row's balance once this move applied. */
  balanceAfter: z.number().int(),
  balanceWeightAfter: z.number(),
  reason: stockReasonSchema,
  sourceType: stockSourceTypeSchema,
  sourceId: idSchema.nullable(),
  /** The document's human code: a receipt `RC…`, a manual move `MV…`. */
  sourceCode: z.string().nullable(),
  remark: z.string().nullable(),
  operatorId: idSchema.nullable(),
  operatorName: z.string().nullable(),
  time: z.string(),
});
export type StockLogItem = z.infer<typeof stockLogItemSchema>;

/** Ledgers sort by time only (newest first by default): the order the running balances make sense in. */
export const STOCK_LOG_SORTS = ['time'] as const;

export const stockLogListQuerySchema = listQuerySchema.extend({
  rebarId: idSchema.optional(),
  stockId: idSchema.optional(),
  direction: stockDirectionSchema.optional(),
  reason: stockReasonSchema.optional(),
  length: barLengthSchema.optional(),
  heatNo: z.string().trim().max(50).optional(),
  sourceCode: z.string().trim().max(32).optional(),
  timeFrom: isoDateTimeSchema.optional(),
  timeTo: isoDateTimeSchema.optional(),
});
export type StockLogListQuery = z.infer<typeof stockLogListQuerySchema>;

/**
 * `POST /api/stockLog/{kind}`: a move recorded by hand (delivery to a site, stock-take adjustment,
 * scrapping…). `heatNo` is required for raw stock and ignored for the others; the reason must be one
 * `MANUAL_REASONS` allows for the kind and direction (checked with the kind, see `manualMoveProblems`).
 */
export const stockMoveInputSchema = z.object({
  rebarId: idSchema,
  length: z.number().int().min(1).max(MAX_BAR_LENGTH),
  heatNo: heatNoSchema.nullish(),
  /** Raw and offcuts: the row at this location (null: unplaced); ignored for the other kinds. */
  locationId: idSchema.nullish(),
  /** Offcuts: the lot an out-move takes from (absent: the oldest lots of that spec, length and place). */
  lotId: idSchema.nullish(),
  direction: stockDirectionSchema,
  quantity: quantitySchema,
  reason: stockReasonSchema,
  remark: optionalText(500),
});
export type StockMoveInput = z.infer<typeof stockMoveInputSchema>;

/** The answer to a manual move: the document code and the ledger rows it wrote (two when scrapping). */
export const stockMoveResultSchema = z.object({
  sourceCode: z.string(),
  rows: z.array(stockLogItemSchema),
});
export type StockMoveResult = z.infer<typeof stockMoveResultSchema>;

export const rebarReceiveDetailSchema = rebarReceiveSchema.extend({ ledger: z.array(stockLogItemSchema) });
export type RebarReceiveDetail = z.infer<typeof rebarReceiveDetailSchema>;

export const stockDetailSchema = stockItemSchema.extend({ ledger: z.array(stockLogItemSchema) });
export type StockDetail = z.infer<typeof stockDetailSchema>;

// ── Integrity ──────────────────────────────────────────────────────────────────────────────────

export const stockIntegritySchema = z.object({
  ok: z.boolean(),
  /** Stock rows compared. */
  checked: z.number().int(),
  /** Ledger rows re-added. */
  ledgerRows: z.number().int(),
  mismatches: z.array(
    z.object({
      stockId: idSchema,
      kind: stockKindSchema,
      rebarName: z.string(),
      length: z.number().int(),
      heatNo: z.string().nullable(),
      balance: z.object({ quantity: z.number().int(), weight: z.number() }),
      ledger: z.object({ quantity: z.number().int(), weight: z.number() }),
    }),
  ),
});
export type StockIntegrity = z.infer<typeof stockIntegritySchema>;
