import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  deliveryProofSchema,
  loadPlanAnswerSchema,
  loadPlanListSchema,
  savedLoadPlanSchema,
  type DeliveryProofInput,
} from '@armature/domain';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';

const PLANS = 'loadPlan';

export const loadKeys = {
  plans: (date: string | undefined) => [PLANS, 'list', date ?? ''] as const,
  live: (date: string, vehicleId: string | undefined) => [PLANS, 'live', date, vehicleId ?? ''] as const,
  plan: (id: string | undefined) => [PLANS, 'detail', id ?? ''] as const,
  proof: (noteId: string | undefined) => ['delivery', 'proof', noteId ?? ''] as const,
};

export const loadQueries = {
  /** The saved plans of a day. */
  plans: (date: string | undefined) =>
    queryOptions({
      queryKey: loadKeys.plans(date),
      queryFn: ({ signal }) => api.get(PLANS, loadPlanListSchema, { date }, { signal }),
      enabled: date !== undefined,
    }),
  /** The day's bundles on no saved plan (produced, sent back or removed since), packed live. */
  live: (date: string, vehicleId: string | undefined) =>
    queryOptions({
      queryKey: loadKeys.live(date, vehicleId),
      queryFn: ({ signal }) => api.get('delivery/load-plan', loadPlanAnswerSchema, { date, vehicleId }, { signal }),
      enabled: vehicleId !== undefined,
    }),
  plan: (id: string | undefined) =>
    queryOptions({
      queryKey: loadKeys.plan(id),
      queryFn: ({ signal }) => api.get(`${PLANS}/${id}`, savedLoadPlanSchema, undefined, { signal }),
      enabled: id !== undefined,
    }),
  proof: (noteId: string | undefined) =>
    queryOptions({
      queryKey: loadKeys.proof(noteId),
      queryFn: ({ signal }) =>
        api.get(`delivery/${noteId}/proof`, deliveryProofSchema.nullable(), undefined, { signal }),
      enabled: noteId !== undefined,
    }),
};

/** The same body sent again reuses its key, so the server applies it once (see `idempotencyKeys`). */

export const loadMutations = {
  create: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { date: string; vehicleId: string }) =>
        api.post(PLANS, body, { ...keyedBy(keyFor, body), schema: savedLoadPlanSchema }),
    }),
  move: (planId: string, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { bundleId: string; truck: number }) =>
        api.post(`${PLANS}/${planId}/move`, body, { ...keyedBy(keyFor, body), schema: savedLoadPlanSchema }),
      meta: { silent: true },
    }),
  /** The planner's "remove from plan": the bundle leaves its truck (a superseded one must, to let it leave). */
  remove: (planId: string, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { bundleId: string }) =>
        api.post(`${PLANS}/${planId}/remove`, body, { ...keyedBy(keyFor, body), schema: savedLoadPlanSchema }),
      meta: { silent: true },
    }),
  scan: (planId: string, truck: number, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { scanId: string }) =>
        api.post(`${PLANS}/${planId}/truck/${truck}/scan`, body, {
          ...keyedBy(keyFor, { ...body, at: Date.now() }),
          schema: savedLoadPlanSchema,
        }),
      meta: { silent: true },
    }),
  complete: (planId: string, truck: number, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: () =>
        api.post(
          `${PLANS}/${planId}/truck/${truck}/complete`,
          {},
          {
            ...keyedBy(keyFor, { planId, truck }),
            schema: z.object({ plan: savedLoadPlanSchema, deliveryNoteId: z.string() }),
          },
        ),
    }),
  proof: (noteId: string, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: DeliveryProofInput) =>
        api.post(`delivery/${noteId}/proof`, body, { ...keyedBy(keyFor, body), schema: deliveryProofSchema }),
    }),
};
