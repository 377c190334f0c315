import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, pagedResultSchema } from '../core/common.schema.ts';
import { heatNoSchema, isoDateSchema, MAX_MOVE_QUANTITY } from './stock.schema.ts';

/**
 * A purchase list: the bars an approved cutting plan buys (the lengths its free stock could not give),
 * for the keeper to order and receive. Bars received against a line go into raw stock reserved for
 * the plan; the list is `received` once every line has its bars, `cancelled` with its plan.
 */
export const PURCHASE_LIST_STATUSES = ['open', 'received', 'cancelled'] as const;
export const purchaseListStatusSchema = z.enum(PURCHASE_LIST_STATUSES);
export type PurchaseListStatus = z.infer<typeof purchaseListStatusSchema>;

export const purchaseListLineSchema = z.object({
  id: idSchema,
  rebarId: idSchema,
  rebarName: z.string(),
  length: z.number().int(),
  bars: z.number().int(),
  /** kg, the spec's weight of the bars. */
  weight: z.number(),
  receivedBars: z.number().int(),
});
export type PurchaseListLine = z.infer<typeof purchaseListLineSchema>;

export const purchaseListSchema = z.object({
  id: idSchema,
  code: z.string(),
  cutPlanId: idSchema,
  cutPlanCode: z.string(),
  status: purchaseListStatusSchema,
  /** The day the bars are needed: the first planned task of the plan once scheduled, else its orders' earliest due date. */
  neededBy: isoDateSchema.nullable(),
  lines: z.array(purchaseListLineSchema),
  creationTime: z.string(),
});
export type PurchaseList = z.infer<typeof purchaseListSchema>;

export const purchaseListQuerySchema = listQuerySchema.extend({
  /** `open` by default: the keeper's work; `all` lists every list. */
  status: z.enum([...PURCHASE_LIST_STATUSES, 'all']).default('open'),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;

export const purchaseListPageSchema = pagedResultSchema(purchaseListSchema);

/** `POST /api/purchaseList/{id}/receive`: bars of one line delivered; the receipt's other fields as a receipt's. */
export const purchaseReceiveInputSchema = z.object({
  lineId: idSchema,
  supplier: z.string().trim().min(1).max(100),
  heatNo: heatNoSchema,
  bundles: z.number().int().min(1).max(10_000),
  barCount: z.number().int().min(1).max(MAX_MOVE_QUANTITY),
  receiveDate: isoDateSchema,
  /** The rack or bin the bars are put away at, as on any receipt; absent: not put away yet. */
  locationId: idSchema.nullish(),
  remark: optionalText(500),
});
export type PurchaseReceiveInput = z.infer<typeof purchaseReceiveInputSchema>;
export type PurchaseListPage = z.infer<typeof purchaseListPageSchema>;
