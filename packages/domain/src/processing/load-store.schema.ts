import { z } from 'zod';
import { idSchema, optionalText, plainText } from '../core/common.schema.ts';
import { isoDateSchema } from '../stock/index.ts';
import { bundleCodeSchema } from './bundle-code.ts';
import { scanAnswerSchema, scanIdSchema } from './bundle.schema.ts';
import { loadPlanAnswerSchema } from './load-plan.schema.ts';

const clockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** One drop of an order: a site, a date and window, and the marks it carries (none: every mark no other drop names). */
export const orderDropInputSchema = z
  .object({
    site: plainText().trim().min(1).max(200),
    date: isoDateSchema,
    windowStart: clockSchema.nullish(),
    windowEnd: clockSchema.nullish(),
    marks: z.array(plainText().trim().min(1).max(32)).max(500).default([]),
    contact: optionalText(100),
  })
  .refine((drop) => !drop.windowStart === !drop.windowEnd, { message: 'invalid', path: ['windowEnd'] })
  .refine((drop) => !drop.windowStart || !drop.windowEnd || drop.windowStart < drop.windowEnd, {
    message: 'invalid',
    path: ['windowEnd'],
  });

/** `PUT /api/demandOrder/{id}/drops`: the order's drops, replacing the ones it had, in route order. */
export const orderDropsInputSchema = z.object({ drops: z.array(orderDropInputSchema).min(1).max(50) });
export type OrderDropsInput = z.input<typeof orderDropsInputSchema>;

export const orderDropSchema = z.object({
  id: idSchema,
  seq: z.number().int(),
  site: z.string(),
  date: isoDateSchema,
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  marks: z.array(z.string()),
  contact: z.string().nullable(),
  /** The site contact's link token, or null (never shared or revoked). */
  shareToken: z.string().nullable(),
});
export type OrderDrop = z.infer<typeof orderDropSchema>;
export const orderDropListSchema = z.object({
  orderId: idSchema,
  demandDate: isoDateSchema,
  drops: z.array(orderDropSchema),
});

/** `POST /api/loadPlan`: save the day's packing on trucks like this vehicle. */
export const loadPlanCreateSchema = z.object({ date: isoDateSchema, vehicleId: idSchema });

/** `POST /api/loadPlan/{id}/move`: a bundle to another truck (`truck` = the truck count + 1 opens a new one). */
export const loadPlanMoveSchema = z.object({ bundleId: idSchema, truck: z.number().int().min(1).max(500) });

/**
 * `POST /api/loadPlan/{id}/remove`: a bundle taken out of the plan (superseded after planning, or held
 * back); it is due again for a later plan unless superseded.
 */
export const loadPlanRemoveSchema = z.object({ bundleId: idSchema });

/** `POST /api/loadPlan/{id}/truck/{truck}/scan`: a tag scanned, or its code typed, at the truck. */
export const loadScanSchema = z.object({ scanId: scanIdSchema.or(bundleCodeSchema) });
export const loadTruckParamsSchema = z.object({ id: idSchema, truck: z.coerce.number().int().min(1).max(500) });

/** `POST /api/loadPlan/{id}/truck/{truck}/complete`: the loaded truck leaves with its delivery note. */
export const loadCompleteSchema = z.object({ site: plainText().trim().min(1).max(200).optional() });

const savedBundleSchema = loadPlanAnswerSchema.shape.trucks.element.shape.bays.element.element.extend({
  /** When it was scanned onto its truck, or null. */
  loadedAt: z.string().nullable(),
  /** A revised bar list superseded it after it was planned: it may not ship; the planner removes it. */
  superseded: z.boolean(),
  /**
   * A bundle planned before it was made whose task will no longer make it: `taskCancelled` (its task was
   * cancelled) or `taskEndedShort` (its task ended, done or failed, with fewer bundles). It does not count
   * toward its truck's `planned` nor weight, nor hold the truck back; the planner removes it, or the truck
   * leaves without it. Null otherwise (and for a superseded one, which the planner must remove).
   */
  willNotBeMade: z.enum(['taskCancelled', 'taskEndedShort']).nullable(),
});

export const savedLoadPlanSchema = loadPlanAnswerSchema.omit({ trucks: true, refused: true }).extend({
  id: idSchema,
  code: z.string(),
  trucks: z.array(
    z.object({
      truck: z.number().int(),
      weight: z.number(),
      loaded: z.number().int(),
      /** The bundles it will carry (those that will not be made left out). */
      planned: z.number().int(),
      deliveryNote: z.object({ id: idSchema, code: z.string() }).nullable(),
      bays: z.array(z.array(savedBundleSchema)),
    }),
  ),
});
export type SavedLoadPlan = z.infer<typeof savedLoadPlanSchema>;

export const loadPlanListQuerySchema = z.object({ date: isoDateSchema.optional() });
export const loadPlanListSchema = z.array(
  z.object({
    id: idSchema,
    code: z.string(),
    date: isoDateSchema,
    vehicleName: z.string(),
    trucks: z.number().int(),
    lowerBound: z.number().int(),
  }),
);

/** A PNG or JPEG data URL, as a canvas gives it (at most ~1.5 MB of base64). */
const imageDataUrl = z
  .string()
  .max(2_000_000)
  .regex(/^data:image\/(png;base64,iVBORw0KGgo|jpeg;base64,\/9j\/)[A-Za-z0-9+/]+=*$/);

/** `POST /api/delivery/{id}/proof`: signed for at the site; bundles the site refused go back to stock. */
export const deliveryProofInputSchema = z.object({
  receivedBy: plainText().trim().min(1).max(100),
  signature: imageDataUrl,
  photo: imageDataUrl.nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  remark: optionalText(500),
  /** Bundle ids of the note the site sent back (a partial delivery). */
  returnedBundleIds: z.array(idSchema).max(500).default([]),
});
export type DeliveryProofInput = z.input<typeof deliveryProofInputSchema>;

export const deliveryProofSchema = z.object({
  receivedBy: z.string(),
  receivedAt: z.string(),
  signature: z.string(),
  photo: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  remark: z.string().nullable(),
  returned: z.array(z.object({ id: idSchema, code: z.string(), mark: z.string() })),
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

/**
 * `GET /api/drop/{token}` (public, the site contact's link): a drop of an order, its bundles with their
 * tags' data, which truck each is planned on, and when it was delivered and signed for, by whom.
 */
export const dropViewSchema = z.object({
  orderCode: z.string(),
  project: z.string(),
  site: z.string(),
  date: isoDateSchema,
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  bundles: z.array(
    scanAnswerSchema.extend({
      code: z.string(),
      loadPlan: z.object({ code: z.string(), truck: z.number().int(), vehicle: z.string() }).nullable(),
      loadedAt: z.string().nullable(),
      delivered: z
        .object({
          note: z.string(),
          deliveredAt: z.string(),
          receivedBy: z.string().nullable(),
          receivedAt: z.string().nullable(),
        })
        .nullable(),
      returned: z.boolean(),
    }),
  ),
  /**
   * Bundles not made yet that a load plan already puts on a truck: the schedule makes them before the day
   * (bundle `number` of `count` of task `task`'s output for the mark; kg as planned).
   */
  toMake: z.array(
    z.object({
      mark: z.string(),
      task: z.string(),
      number: z.number().int(),
      count: z.number().int(),
      length: z.number().int(),
      pieces: z.number().int(),
      weight: z.number(),
      loadPlan: z.object({ code: z.string(), truck: z.number().int(), vehicle: z.string() }),
    }),
  ),
});
export type DropView = z.infer<typeof dropViewSchema>;
