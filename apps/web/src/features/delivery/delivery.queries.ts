import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DELIVERY_ENDPOINTS, type DeliveryNoteInput } from '@armature/domain';
import { api, type Query } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';
import { openInNewTab } from '../../lib/browser-files.ts';

const DELIVERIES = DELIVERY_ENDPOINTS.list.path;
const BUNDLES = 'bundle';

/** How many produced bundles the picker lists at once; typing searches the server for others. */
const PICKABLE = 100;

export const deliveryKeys = {
  notes: () => resourceKeys.root(DELIVERIES),
  note: (id: string | undefined) => resourceKeys.detail(DELIVERIES, id),
  bundles: () => resourceKeys.root(BUNDLES),
  produced: (search: string) => [BUNDLES, 'produced', search] as const,
};

/** The paged list of notes (the generic list machinery reads it). */
export const deliveryLists = { notes: DELIVERY_ENDPOINTS.list };

export const deliveryQueries = {
  note: (id: string | undefined) => resourceQueries.detail(DELIVERY_ENDPOINTS.get, id),
  /** The current line's bundles still in stock, matching what the user typed (order, mark, task, tag). */
  produced: (search: string) =>
    queryOptions({
      queryKey: deliveryKeys.produced(search),
      queryFn: ({ signal }) =>
        api.call(DELIVERY_ENDPOINTS.bundles, {
          params: {},
          // A superseded bundle cannot go on a delivery: the picker does not offer it.
          query: {
            status: 'produced',
            superseded: false,
            filter: search.trim() || undefined,
            maxResultCount: PICKABLE,
          },
          signal,
        }),
    }),
};

/** The same body sent again reuses its key, so the server applies it once (see `idempotencyKeys`). */

/** Opens a PDF the API answers in a new tab. */
const openPdf = (path: string, query?: Query) => openInNewTab(() => api.download(path, query));

export const deliveryMutations = {
  /** Records a delivery note: the picked bundles leave finished stock. */
  record: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: DeliveryNoteInput) =>
        api.call(DELIVERY_ENDPOINTS.record, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  /** The printable delivery note. */
  pdf: () => mutationOptions({ mutationFn: (id: string) => openPdf(`${DELIVERIES}/${id}/pdf`) }),
};

/** A delivery changes the notes, the bundles and finished stock: refetch them. */
export async function refreshDeliveries(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      deliveryKeys.notes(),
      deliveryKeys.bundles(),
      resourceKeys.root('stock/finished'),
      resourceKeys.root('stockLog/finished'),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
