import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText } from '../core/common.schema.ts';
import { isoDateSchema, rebarReceiveInputSchema, rebarReceiveSchema, stockLogItemSchema } from './stock.schema.ts';

/** No mill truck brings more lines than this. */
export const MAX_DELIVERY_LINES = 50;

/** One line of a delivery note: a spec, length and heat, its bundles and bars, optionally weighed. */
export const rebarDeliveryLineInputSchema = rebarReceiveInputSchema.omit({ supplier: true, receiveDate: true });
export type RebarDeliveryLineInput = z.infer<typeof rebarDeliveryLineInputSchema>;

/**
 * `POST /api/rebarDelivery`: a mill's delivery note with its lines, all received in one transaction.
 * Each line becomes a receipt of its own (its heat is inspected, held and certified apart). Two lines
 * of the same spec, length and heat are one line: 400 `duplicate` on the second's heat number.
 */
export const rebarDeliveryInputSchema = z
  .object({
    supplier: z.string().trim().min(1).max(100),
    /** The mill's own number on the paper, to find the delivery by. */
    deliveryNoteNo: optionalText(50),
    receiveDate: isoDateSchema,
    remark: optionalText(500),
    lines: z.array(rebarDeliveryLineInputSchema).min(1).max(MAX_DELIVERY_LINES),
  })
  .superRefine((delivery, ctx) => {
    const seen = new Set<string>();
    delivery.lines.forEach((line, index) => {
      const key = `${line.rebarId}|${line.length}|${line.heatNo}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['lines', index, 'heatNo'] });
      seen.add(key);
    });
  });
export type RebarDeliveryInput = z.infer<typeof rebarDeliveryInputSchema>;

export const rebarDeliverySchema = z.object({
  id: idSchema,
  /** `DN20261129-0001`, per product and day. */
  code: z.string(),
  supplier: z.string(),
  deliveryNoteNo: z.string().nullable(),
  receiveDate: z.string(),
  remark: z.string().nullable(),
  lineCount: z.number().int(),
  barCount: z.number().int(),
  /** kg, theoretical (the lines' sum). */
  weight: z.number(),
  /** kg weighed, the lines' sum (null when no line was weighed). */
  weighedWeight: z.number().nullable(),
  /** Lines whose weighed weight is beyond the tolerance. */
  outOfToleranceLines: z.number().int(),
  /** Lines on quality hold now. */
  heldLines: z.number().int(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type RebarDelivery = z.infer<typeof rebarDeliverySchema>;

/** A delivery with its lines (receipts) and the ledger rows they caused. */
export const rebarDeliveryDetailSchema = rebarDeliverySchema.extend({
  lines: z.array(rebarReceiveSchema),
  ledger: z.array(stockLogItemSchema),
});
export type RebarDeliveryDetail = z.infer<typeof rebarDeliveryDetailSchema>;

export const rebarDeliveryListQuerySchema = listQuerySchema.extend({
  receiveDateFrom: isoDateSchema.optional(),
  receiveDateTo: isoDateSchema.optional(),
});
export type RebarDeliveryListQuery = z.infer<typeof rebarDeliveryListQuerySchema>;
