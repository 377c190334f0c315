import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  DEMAND_ORDER_ACTION_ENDPOINTS,
  DEMAND_ORDER_ENDPOINTS,
  demandImportPreviewSchema,
  rebarResource,
  techniqueResource,
  type DemandOrderUpdate,
  type ItemOf,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';
import { resourceCrud } from '../../components/resource/resource-endpoint.ts';
import { saveFile } from '../../lib/browser-files.ts';

/** The API path of demand orders (`/api/demandOrder`), also the root of their query keys. */
export const DEMAND_ORDERS = 'demandOrder';

export type RebarSpec = ItemOf<typeof rebarResource>;
export type Technique = ItemOf<typeof techniqueResource>;
export type ExportFormat = 'bvbs' | 'xlsx';

/** Every query key of the demand-order screens: lists, details and `all` under the path, like a resource. */
export const planningKeys = {
  orders: () => resourceKeys.root(DEMAND_ORDERS),
  order: (id: string | undefined) => resourceKeys.detail(DEMAND_ORDERS, id),
};

export const planningLists = {
  orders: DEMAND_ORDER_ENDPOINTS.list,
};

export const planningQueries = {
  /** An order with its lines, status history, totals by diameter and the cutting plans using it. */
  order: (id: string | undefined) => resourceQueries.detail(DEMAND_ORDER_ENDPOINTS.get, id),
  /** The current product's specs (the same cache entry as every spec select). */
  rebarSpecs: () => resourceQueries.all(resourceCrud(rebarResource).all),
  techniques: () =>
    queryOptions({
      ...resourceQueries.all(resourceCrud(techniqueResource).all),
      // A role without the technique page still enters lines; the select then stays empty.
      meta: { silent: true },
    }),
};

export const planningMutations = {
  /** `POST` a new order (typed in or imported) or `PUT` a draft, header and lines in one transaction. */
  save: (id: string | undefined, keyFor: KeyFor) =>
    mutationOptions({
      // A new order's body is an update's without its `lastModificationTime`.
      mutationFn: (body: DemandOrderUpdate) =>
        id === undefined
          ? api.call(DEMAND_ORDER_ENDPOINTS.create, { params: {}, body, ...keyedBy(keyFor, body) })
          : api.call(DEMAND_ORDER_ENDPOINTS.update, { params: { id }, body }),
    }),
  confirm: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(DEMAND_ORDER_ACTION_ENDPOINTS.confirm, { params: { id } }),
    }),
  cancel: () =>
    mutationOptions({
      mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
        api.call(DEMAND_ORDER_ACTION_ENDPOINTS.cancel, { params: { id }, body: { reason } }),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(DEMAND_ORDER_ENDPOINTS.delete, { params: { id } }),
    }),
  /** Parses a schedule file (.xlsx, .csv, BVBS) without saving anything. */
  preview: () =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return api.upload(`${DEMAND_ORDERS}/import/preview`, form, demandImportPreviewSchema);
      },
    }),
  /** Downloads an order as .xlsx or BVBS (with the bearer token, so not a plain link). */
  exportFile: (id: string, fallbackName: string) =>
    mutationOptions({
      mutationFn: async (format: ExportFormat) => {
        const file = await api.download(`${DEMAND_ORDERS}/${id}/export`, { format });
        saveFile(file.blob, file.fileName ?? `${fallbackName}.${format === 'bvbs' ? 'abs' : 'xlsx'}`);
      },
    }),
  /** The import template, its headers in the user's language. */
  template: (fallbackName: string) =>
    mutationOptions({
      mutationFn: async () => {
        const file = await api.download(`${DEMAND_ORDERS}/import/template`);
        saveFile(file.blob, file.fileName ?? `${fallbackName}.xlsx`);
      },
    }),
};

/** Any write changes lists, the order's detail and its totals. */
export async function refreshOrders(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: planningKeys.orders() });
}
