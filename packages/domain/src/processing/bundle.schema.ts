import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, pagedResultSchema, plainText } from '../core/common.schema.ts';
import { legSchema } from '../planning/index.ts';
import { isoDateSchema } from '../stock/index.ts';
import { bundleCodeSchema } from './bundle-code.ts';
import { ZPL_DPIS } from './tag-zpl.ts';
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
  /** A revision of the order's bar list made its pieces invalid: the tag and the scan page say so. */
  superseded: z.boolean(),
  /**
   * The heat numbers of the steel its pieces were cut from — the raw bars its cut took and the heats of the
   * offcut lots it re-used — so a tag or its scan page leads a recall to it; empty when unknown.
   */
  heatNos: z.array(z.string()),
});
export type BundleTag = z.infer<typeof bundleTagSchema>;

export const BUNDLE_STATUSES = ['produced', 'delivered'] as const;

/** `GET /api/scan/{scanId}` (public, rate-limited): exactly the tag, and whether the bundle left. */
export const scanAnswerSchema = bundleTagSchema.extend({ status: z.enum(BUNDLE_STATUSES) });
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;

/** `layout`: one 100 × 150 mm label per page, or several on A4 (PDF only). */
export const TAG_LAYOUTS = ['label', 'a4'] as const;
/** What tags download as: a PDF, or ZPL II for a thermal printer (at its resolution, `dpi`). */
export const TAG_FORMATS = ['pdf', 'zpl'] as const;

/** `GET /api/task/{id}/tags?format=&layout=&dpi=`: the tags of a task's bundles. */
export const tagsQuerySchema = z.object({
  format: z.enum(TAG_FORMATS).default('pdf'),
  layout: z.enum(TAG_LAYOUTS).default('label'),
  dpi: z.enum(ZPL_DPIS).default('203'),
});

/**
 * Which bundles' tags: chosen ones (`ids`), or all of an order, a schedule (its tasks'), a machine, a
 * delivery note, or a shift (a plant day and a shift's name, as the machines' calendars name them; with
 * `machineId`, that machine's shift only) — exactly one of these.
 */
export const tagSelectionSchema = z
  .object({
    ids: z
      .array(idSchema)
      .or(idSchema.transform((id) => [id]))
      .pipe(z.array(idSchema).min(1).max(500))
      .optional(),
    orderId: idSchema.optional(),
    dailyPlanId: idSchema.optional(),
    machineId: idSchema.optional(),
    deliveryNoteId: idSchema.optional(),
    day: isoDateSchema.optional(),
    shift: plainText().trim().min(1).max(20).optional(),
  })
  .superRefine((selection, context) => {
    if (Boolean(selection.day) !== Boolean(selection.shift))
      context.addIssue({ code: 'custom', path: [selection.day ? 'shift' : 'day'], message: 'required' });
    // A machine and a shift together are one selection: the machine's shift.
    const chosen = [
      selection.ids,
      selection.orderId,
      selection.dailyPlanId,
      selection.deliveryNoteId,
      selection.day ?? selection.machineId,
    ];
    if (chosen.filter((each) => each !== undefined).length !== 1)
      context.addIssue({ code: 'custom', path: ['ids'], message: 'oneTagSelection' });
  });
export type TagSelection = z.output<typeof tagSelectionSchema>;

/** `GET /api/bundle/tags?…&format=&layout=&dpi=`: the tags of a selection of the current product's bundles. */
export const bundleTagsQuerySchema = z.intersection(tagsQuerySchema, tagSelectionSchema);

/** `POST /api/task/{id}/tags/print`: the task's tags as ZPL to a label printer of the product. */
export const printTagsInputSchema = z.object({ printerId: idSchema });
/** `POST /api/bundle/tags/print`: a selection's tags to a label printer. */
export const printBundleTagsInputSchema = z.intersection(printTagsInputSchema, tagSelectionSchema);
/** What a print sent: how many labels, and the printer's name. */
export const printTagsResultSchema = z.object({ labels: z.number().int(), printer: z.string() });

/** `GET /api/bundle`: bundles to pick for a delivery (produced ones by default). */
export const bundleListQuerySchema = listQuerySchema.extend({
  status: z.enum(BUNDLE_STATUSES).optional(),
  orderId: idSchema.optional(),
  taskId: idSchema.optional(),
  /** `true`: only bundles a revision superseded; `false`: only valid ones; absent: both. */
  superseded: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export const bundlePageSchema = pagedResultSchema(bundleSchema);

/**
 * `POST /api/delivery`: bundles sent to a site, picked by scanning their tags, typing their codes or
 * from the list. In one transaction: finished stock out (reason `delivery`, referring to the note), bundles
 * delivered. A bundle already delivered, or unknown in the caller's product, is refused.
 */
export const deliveryNoteInputSchema = z.object({
  site: plainText().trim().min(1).max(200),
  vehicle: optionalText(50),
  receiver: optionalText(100),
  remark: optionalText(500),
  /** Scan ids, or bundle codes typed off tags that could not be scanned. */
  bundleScanIds: z.array(scanIdSchema.or(bundleCodeSchema)).min(1).max(500),
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
