import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { ORDER_DROP_ENDPOINTS, type OrderDropsInput } from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { DEMAND_ORDERS } from './planning.queries.ts';

export const dropKeys = {
  drops: (orderId: string) => [DEMAND_ORDERS, 'drops', orderId] as const,
};

/** The site contact's page for a drop's link token (the web page `/drop/:token`). */
export const dropLinkOf = (token: string) => `${window.location.origin}/drop/${token}`;

export const dropQueries = {
  /** An order's drops in route order (site, date, window, marks, contact, link). */
  drops: (orderId: string) =>
    queryOptions({
      queryKey: dropKeys.drops(orderId),
      queryFn: ({ signal }) => api.call(ORDER_DROP_ENDPOINTS.list, { params: { id: orderId }, signal }),
    }),
};

export const dropMutations = {
  /** Replaces the order's drops as a whole (the order's date becomes the earliest drop's). */
  save: (orderId: string) =>
    mutationOptions({
      mutationFn: (body: OrderDropsInput) => api.call(ORDER_DROP_ENDPOINTS.save, { params: { id: orderId }, body }),
    }),
  /** A new link for a drop (the old one stops working), or none (`share` false: revoked). */
  share: (orderId: string) =>
    mutationOptions({
      mutationFn: ({ seq, share }: { seq: number; share: boolean }) =>
        api.call(ORDER_DROP_ENDPOINTS.share, { params: { id: orderId, seq }, body: { share } }),
    }),
};
