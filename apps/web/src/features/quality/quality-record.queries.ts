import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  dueInspectionSchema,
  inspectionPageSchema,
  inspectionSchema,
  inspectionTypeResource,
  rebarMaterialResource,
  rebarReceiveSchema,
  rebarResource,
  receiptInspectionResultSchema,
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
const RECEIPTS = 'rebarReceive';
const TASKS = 'task';
const receiptPath = (receiptId: string) => `${INSPECTIONS}/receipt/${receiptId}`;

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
        api.get(
          INSPECTIONS,
          inspectionPageSchema,
          { [owner]: id, maxResultCount: RECORDS, sorting: 'inspectedAt desc' },
          { signal },
        ),
    }),
  /**
   * The pieces of a task due for a check and what to check on them; `done` (the task's reported count)
   * is part of the key, so a report that makes a new piece due reads them again.
   */
  due: (taskId: string, done: number) =>
    queryOptions({
      queryKey: recordKeys.due(taskId, done),
      queryFn: ({ signal }) => api.get(`${INSPECTIONS}/task/${taskId}/due`, dueInspectionSchema, undefined, { signal }),
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
        api.post(receiptPath(receiptId), body, { schema: receiptInspectionResultSchema }),
    }),
  /** `release` lets held bars go to production, `return` sends them back to the supplier. */
  decideHold: (receiptId: string, decision: 'release' | 'return') =>
    mutationOptions({
      mutationFn: (reason: string) =>
        api.post(`${receiptPath(receiptId)}/${decision}`, { reason }, { schema: rebarReceiveSchema }),
    }),
  recordProduction: (taskId: string) =>
    mutationOptions({
      mutationFn: (body: ProductionInspectionInput) =>
        api.post(`${INSPECTIONS}/task/${taskId}`, body, { schema: inspectionSchema }),
    }),
};

/**
 * A receipt inspection, release or return moves raw bars between free and held stock: refetch the
 * receipts, the raw balances and ledger, and every inspection list.
 */
export async function refreshAfterReceipt(queryClient: QueryClient): Promise<void> {
  const roots = [RECEIPTS, 'stock/raw', 'stockLog/raw', 'stock/summary', INSPECTIONS];
  await Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: resourceKeys.root(root) })));
}

/** A production inspection may flag the task and scrap pieces: refetch tasks, stocks moved and inspections. */
export async function refreshAfterTask(queryClient: QueryClient): Promise<void> {
  const roots = [TASKS, 'stock/finished', 'stock/waste', INSPECTIONS];
  await Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: resourceKeys.root(root) })));
}
