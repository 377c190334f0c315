import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  INSPECTION_ENDPOINTS,
  PRODUCTION_INSPECTION_ENDPOINTS,
  RECEIPT_ENDPOINTS,
  RECEIPT_INSPECTION_ENDPOINTS,
  STOCK_ENDPOINTS,
  STOCK_OVERVIEW_ENDPOINTS,
  inspectionTypeResource,
  rebarMaterialResource,
  rebarResource,
  techniqueResource,
  type ProductionInspectionInput,
  type ReceiptInspectionInput,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';
import { resourceCrud } from '../../components/resource/resource-endpoint.ts';
import { INSPECTIONS } from './quality.queries.ts';

/** A receipt's or a task's records at once: an inspector records a handful, never hundreds. */
const RECORDS = 100;
const TASKS = 'task';

export const recordKeys = {
  records: (owner: 'receiptId' | 'taskId', id: string) => [INSPECTIONS, 'records', owner, id] as const,
  due: (taskId: string, done: number) => [INSPECTIONS, 'due', taskId, done] as const,
};

export const recordQueries = {
  /** The inspection records of one receipt or one task, newest first. */
  records: (owner: 'receiptId' | 'taskId', id: string) =>
    queryOptions({
      queryKey: recordKeys.records(owner, id),
      queryFn: ({ signal }) =>
        api.call(INSPECTION_ENDPOINTS.list, {
          params: {},
          query: { [owner]: id, maxResultCount: RECORDS, sorting: 'inspectedAt desc' },
          signal,
        }),
    }),
  /**
   * The pieces of a task due for a check and what to check on them; `done` (the task's reported count)
   * is part of the key, so a report that makes a new piece due reads them again.
   */
  due: (taskId: string, done: number) =>
    queryOptions({
      queryKey: recordKeys.due(taskId, done),
      queryFn: ({ signal }) => api.call(PRODUCTION_INSPECTION_ENDPOINTS.due, { params: { taskId }, signal }),
      retry: false,
      meta: { silent: true },
    }),
  techniques: () => resourceQueries.all(resourceCrud(techniqueResource).all),
  inspectionTypes: () => resourceQueries.all(resourceCrud(inspectionTypeResource).all),
  rebarSpecs: () => resourceQueries.all(resourceCrud(rebarResource).all),
  rebarMaterials: () => resourceQueries.all(resourceCrud(rebarMaterialResource).all),
};

export const recordMutations = {
  inspectReceipt: (receiptId: string) =>
    mutationOptions({
      mutationFn: (body: ReceiptInspectionInput) =>
        api.call(RECEIPT_INSPECTION_ENDPOINTS.inspect, { params: { receiptId }, body }),
    }),
  /** `release` lets held bars go to production, `return` sends them back to the supplier. */
  decideHold: (receiptId: string, decision: 'release' | 'return') =>
    mutationOptions({
      mutationFn: (reason: string) =>
        api.call(RECEIPT_INSPECTION_ENDPOINTS[decision], { params: { receiptId }, body: { reason } }),
    }),
  recordProduction: (taskId: string) =>
    mutationOptions({
      mutationFn: (body: ProductionInspectionInput) =>
        api.call(PRODUCTION_INSPECTION_ENDPOINTS.record, { params: { taskId }, body }),
    }),
};

/**
 * A receipt inspection, release or return moves raw bars between free and held stock: refetch the
 * receipts, the raw balances and ledger, and every inspection list.
 */
export async function refreshAfterReceipt(queryClient: QueryClient): Promise<void> {
  const roots = [
    RECEIPT_ENDPOINTS.list.path,
    STOCK_ENDPOINTS.raw.list.path,
    STOCK_ENDPOINTS.raw.ledger.path,
    STOCK_OVERVIEW_ENDPOINTS.summary.path,
    INSPECTIONS,
  ];
  await Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: resourceKeys.root(root) })));
}

/** A production inspection may flag the task and scrap pieces: refetch tasks, stocks moved and inspections. */
export async function refreshAfterTask(queryClient: QueryClient): Promise<void> {
  const roots = [TASKS, STOCK_ENDPOINTS.finished.list.path, STOCK_ENDPOINTS.waste.list.path, INSPECTIONS];
  await Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: resourceKeys.root(root) })));
}
