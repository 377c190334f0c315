import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { orderDropListSchema, type OrderDropsInput } from '@armature/domain';
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
      queryFn: ({ signal }) => api.get(`${DEMAND_ORDERS}/${orderId}/drops`, orderDropListSchema, undefined, { signal }),
    }),
};

export const dropMutations = {
  /** Replaces the order's drops as a whole (the order's date becomes the earliest drop's). */
  save: (orderId: string) =>
    mutationOptions({
      mutationFn: (body: OrderDropsInput) =>
        api.put(`${DEMAND_ORDERS}/${orderId}/drops`, body, { schema: orderDropListSchema }),
    }),
  /** A new link for a drop (the old one stops working), or none (`share` false: revoked). */
  share: (orderId: string) =>
    mutationOptions({
      mutationFn: ({ seq, share }: { seq: number; share: boolean }) =>
        api.post(
          `${DEMAND_ORDERS}/${orderId}/drops/${seq}/share`,
          { share },
          { schema: z.object({ shareToken: z.string().nullable() }) },
        ),
    }),
};
