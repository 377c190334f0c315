import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { DEMAND_REVISION_ENDPOINTS, type DemandRevisionInput, type Disposition } from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';
import { planningKeys } from './planning.queries.ts';

/** Under the order's detail key, so every order write (which refreshes the orders) refreshes them too. */
export const revisionKeys = {
  revisions: (id: string) => [...planningKeys.order(id), 'revisions'] as const,
  superseded: (id: string) => [...planningKeys.order(id), 'superseded'] as const,
  loosePieces: (id: string) => [...planningKeys.order(id), 'superseded-pieces'] as const,
};

export const revisionQueries = {
  /** The order's revisions, oldest first, each with its mark-by-mark changes. */
  revisions: (id: string) =>
    queryOptions({
      queryKey: revisionKeys.revisions(id),
      queryFn: ({ signal }) => api.call(DEMAND_REVISION_ENDPOINTS.revisions, { params: { id }, signal }),
    }),
  /** The bundles its revisions superseded, each with a proposal and what was done with it. */
  superseded: (id: string) =>
    queryOptions({
      queryKey: revisionKeys.superseded(id),
      queryFn: ({ signal }) => api.call(DEMAND_REVISION_ENDPOINTS.superseded, { params: { id }, signal }),
    }),
  /** Pieces of superseded lines cut for a bender and never bent, with a proposal for them. */
  loosePieces: (id: string) =>
    queryOptions({
      queryKey: revisionKeys.loosePieces(id),
      queryFn: ({ signal }) => api.call(DEMAND_REVISION_ENDPOINTS.loosePieces, { params: { id }, signal }),
    }),
};

export const revisionMutations = {
  /** The diff of a revised list against the order, with what applying it costs; nothing saved. */
  preview: (id: string) =>
    mutationOptions({
      mutationFn: (body: DemandRevisionInput) => api.call(DEMAND_REVISION_ENDPOINTS.preview, { params: { id }, body }),
    }),
  /** Applies it as the order's next revision (the same list sent twice applies once). */
  apply: (id: string, keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: DemandRevisionInput) =>
        api.call(DEMAND_REVISION_ENDPOINTS.apply, { params: { id }, body, ...keyedBy(keyFor, body) }),
    }),
  /** …and the loose pieces of a superseded line at one cut length (never bundled). */
  disposeLoose: (orderId: string) =>
    mutationOptions({
      mutationFn: (body: { orderLineId: string; length: number; action: Disposition; targetLineId: string | null }) =>
        api.call(DEMAND_REVISION_ENDPOINTS.disposeLoose, { params: { id: orderId }, body }),
    }),
  /** Re-uses, keeps as offcut or scraps a superseded bundle, through the stock ledgers. */
  dispose: () =>
    mutationOptions({
      mutationFn: ({ id, action, orderLineId }: { id: string; action: Disposition; orderLineId: string | null }) =>
        api.call(DEMAND_REVISION_ENDPOINTS.disposeBundle, { params: { id }, body: { action, orderLineId } }),
    }),
};
