import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, pagedResultSchema, plainText } from '../core/common.schema.ts';
import { legSchema } from '../planning/index.ts';
import { isoDateSchema } from '../stock/index.ts';
import { bundleSchema } from './task.schema.ts';

/** A tag's scan id: 128 random bits, base64url (22 characters). */
export const scanIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/**
 * What a bundle's tag shows, and so what its public scan page may show (plus the bundle's status):
 * nothing internal (no ids), nothing about other records.
 */
export const bundleTagSchema = z.strictObject({
  /** The plant: the client's company name and the line. */
  plant: z.string(),
  project: z.string(),
  orderCode: z.string(),
  mark: z.string(),
  /** `HRB400E Φ12`. */
  spec: z.string(),
  shapeCode: z.string().nullable(),
  /** The shape's legs with their dimensions (a straight bar: one leg). */
  geometry: z.array(legSchema),
  /** Cut length, mm. */
  cutLength: z.number().int(),
  pieces: z.number().int(),
  /** kg. */
  weight: z.number(),
  bundleNo: z.number().int(),
  bundleCount: z.number().int(),
  /** The plant day it was produced. */
  productionDate: isoDateSchema,
});
export type BundleTag = z.infer<typeof bundleTagSchema>;

export const BUNDLE_STATUSES = ['produced', 'delivered'] as const;

/** `GET /api/scan/{scanId}` (public, rate-limited): exactly the tag, and whether the bundle left. */
export const scanAnswerSchema = bundleTagSchema.extend({ status: z.enum(BUNDLE_STATUSES) });
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;

/** `GET /api/task/{id}/tags?layout=`: one 100 × 150 mm label per page, or several on A4. */
export const TAG_LAYOUTS = ['label', 'a4'] as const;
export const tagsQuerySchema = z.object({ layout: z.enum(TAG_LAYOUTS).default('label') });
/** `GET /api/bundle/tags?ids=…&ids=…&layout=`: the tags of any bundles of the current product. */
export const bundleTagsQuerySchema = tagsQuerySchema.extend({
  ids: z
    .array(idSchema)
    .or(idSchema.transform((id) => [id]))
    .pipe(z.array(idSchema).min(1).max(500)),
});

/** `GET /api/bundle`: bundles to pick for a delivery (produced ones by default). */
export const bundleListQuerySchema = listQuerySchema.extend({
  status: z.enum(BUNDLE_STATUSES).optional(),
  orderId: idSchema.optional(),
  taskId: idSchema.optional(),
});
export const bundlePageSchema = pagedResultSchema(bundleSchema);

/**
 * `POST /api/delivery`: bundles sent to a site, picked by scanning their tags or from the list (scan
 * ids). In one transaction: finished stock out (reason `delivery`, referring to the note), bundles
 * delivered. A bundle already delivered, or unknown in the caller's product, is refused.
 */
export const deliveryNoteInputSchema = z.object({
  site: plainText().trim().min(1).max(200),
  vehicle: optionalText(50),
  receiver: optionalText(100),
  remark: optionalText(500),
  bundleScanIds: z.array(scanIdSchema).min(1).max(500),
});
export type DeliveryNoteInput = z.input<typeof deliveryNoteInputSchema>;

export const deliveryNoteSchema = z.object({
  id: idSchema,
  code: z.string(),
  site: z.string(),
  vehicle: z.string().nullable(),
  receiver: z.string().nullable(),
  remark: z.string().nullable(),
  deliveredAt: z.string(),
  bundleCount: z.number().int(),
  pieces: z.number().int(),
  weight: z.number(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type DeliveryNote = z.infer<typeof deliveryNoteSchema>;

export const deliveryNoteDetailSchema = deliveryNoteSchema.extend({ bundles: z.array(bundleSchema) });
export type DeliveryNoteDetail = z.infer<typeof deliveryNoteDetailSchema>;

export const deliveryNoteListQuerySchema = listQuerySchema.extend({
  dayFrom: isoDateSchema.optional(),
  dayTo: isoDateSchema.optional(),
});
export const deliveryNotePageSchema = pagedResultSchema(deliveryNoteSchema);

/**
 * How `pieces` are bundled `perBundle` at a time: full bundles, the last one holding the rest; no
 * bundle size (null) makes one bundle.
 */
export function bundleSizes(pieces: number, perBundle: number | null): number[] {
  if (pieces <= 0) return [];
  if (!perBundle || perBundle >= pieces) return [pieces];
  const sizes = Array.from({ length: Math.floor(pieces / perBundle) }, () => perBundle);
  if (pieces % perBundle > 0) sizes.push(pieces % perBundle);
  return sizes;
}
