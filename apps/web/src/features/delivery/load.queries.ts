import { mutationOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { DELIVERY_ENDPOINTS, LOAD_PLAN_ENDPOINTS, type DeliveryProofInput } from '@armature/domain';
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
      queryFn: ({ signal }) => api.call(LOAD_PLAN_ENDPOINTS.list, { params: {}, query: { date }, signal }),
      enabled: date !== undefined,
    }),
  /** The day's bundles on no saved plan (produced, sent back or removed since), packed live. */
  live: (date: string, vehicleId: string | undefined) =>
    queryOptions({
      queryKey: loadKeys.live(date, vehicleId),
      queryFn: ({ signal }) =>
        api.call(DELIVERY_ENDPOINTS.loadPlan, { params: {}, query: { date, vehicleId }, signal }),
      enabled: vehicleId !== undefined,
    }),
  plan: (id: string | undefined) =>
    queryOptions({
      queryKey: loadKeys.plan(id),
      // No plan chosen yet: nothing to read.
      queryFn:
        id === undefined ? skipToken : ({ signal }) => api.call(LOAD_PLAN_ENDPOINTS.get, { params: { id }, signal }),
    }),
  proof: (noteId: string | undefined) =>
    queryOptions({
      queryKey: loadKeys.proof(noteId),
      queryFn:
        noteId === undefined
          ? skipToken
          : ({ signal }) => api.call(DELIVERY_ENDPOINTS.proof, { params: { id: noteId }, signal }),
    }),
};

/** The same body sent again reuses its key, so the server applies it once (see `idempotencyKeys`). */

export const loadMutations = {
  create: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { date: string; vehicleId: string }) =>
        api.call(LOAD_PLAN_ENDPOINTS.create, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  move: (planId: string, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { bundleId: string; truck: number }) =>
        api.call(LOAD_PLAN_ENDPOINTS.move, { params: { id: planId }, body, ...keyedBy(keyFor, body) }),
      meta: { silent: true },
    }),
  /** The planner's "remove from plan": the bundle leaves its truck (a superseded one must, to let it leave). */
  remove: (planId: string, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { bundleId: string }) =>
        api.call(LOAD_PLAN_ENDPOINTS.remove, { params: { id: planId }, body, ...keyedBy(keyFor, body) }),
      meta: { silent: true },
    }),
  scan: (planId: string, truck: number, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: { scanId: string }) =>
        api.call(LOAD_PLAN_ENDPOINTS.scan, {
          params: { id: planId, truck },
          body,
          ...keyedBy(keyFor, { ...body, at: Date.now() }),
        }),
      meta: { silent: true },
    }),
  complete: (planId: string, truck: number, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: () =>
        api.call(LOAD_PLAN_ENDPOINTS.complete, {
          params: { id: planId, truck },
          body: {},
          ...keyedBy(keyFor, { planId, truck }),
        }),
    }),
  proof: (noteId: string, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: DeliveryProofInput) =>
        api.call(DELIVERY_ENDPOINTS.recordProof, { params: { id: noteId }, body, ...keyedBy(keyFor, body) }),
    }),
};
