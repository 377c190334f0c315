import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';
import { isoDateSchema } from '../stock/index.ts';

/** `GET /api/delivery/load-plan?date=&vehicleId=`: the day's loads on trucks like this vehicle. */
export const loadPlanQuerySchema = z.object({ date: isoDateSchema, vehicleId: idSchema });

const plannedBundleSchema = z.object({
  id: idSchema,
  code: z.string(),
  orderCode: z.string(),
  project: z.string(),
  mark: z.string(),
  /** mm. */
  length: z.number().int(),
  /** kg. */
  weight: z.number(),
  /** The stop on the route (the day's drops by window, project, order and drop): 1 unloads first. */
  drop: z.number().int(),
  /** The drop's site (null: the order has no drops). */
  site: z.string().nullable(),
  /**
   * Not produced yet: the code of the task the schedule has make it before the day (its code then reads
   * `TK… 1/2`, bundle 1 of 2 of that task's output); null for a bundle that exists.
   */
  fromTask: z.string().nullable(),
});
export type PlannedBundle = z.infer<typeof plannedBundleSchema>;

export const loadPlanAnswerSchema = z.object({
  date: isoDateSchema,
  vehicle: z.object({
    id: idSchema,
    code: z.string(),
    name: z.string(),
    bedLength: z.number().int(),
    maxPayload: z.number().int(),
    bays: z.number().int(),
  }),
  /** No plan uses fewer trucks (the weight, floor-length and long-bundle bounds). */
  lowerBound: z.number().int(),
  trucks: z.array(
    z.object({
      /** kg. */
      weight: z.number(),
      /** Each bay's bundles in loading order (the last drop first, at the cab). */
      bays: z.array(z.array(plannedBundleSchema)),
    }),
  ),
  /** Bundles due that day that no such truck can carry. */
  refused: z.array(z.object({ bundle: plannedBundleSchema, reason: z.enum(['bedLength', 'payload']) })),
});
export type LoadPlanAnswer = z.infer<typeof loadPlanAnswerSchema>;
