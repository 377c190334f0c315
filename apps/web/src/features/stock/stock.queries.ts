import { useQuery, type QueryClient } from '@tanstack/react-query';
import { rebarResource, type ItemOf, type StockKind, type StockSummaryRow } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

export const RECEIPTS = 'rebarReceive';
export const stockPath = (kind: StockKind) => `stock/${kind}`;
export const stockLogPath = (kind: StockKind) => `stockLog/${kind}`;
const SUMMARY = 'stock/summary';

/** A rebar spec as `GET /rebar/all` answers it. */
export type RebarSpec = ItemOf<typeof rebarResource>;

/** The specs of the current product; the same cache entry as the spec selects (`ReferenceSelect`). */
export function useRebarSpecs() {
  return useQuery({
    queryKey: [rebarResource.path, 'all'],
    queryFn: ({ signal }) => api.get<RebarSpec[]>(`${rebarResource.path}/all`, undefined, { signal }),
  });
}

export function useStockSummary() {
  return useQuery({
    queryKey: [SUMMARY],
    queryFn: ({ signal }) => api.get<StockSummaryRow[]>(SUMMARY, undefined, { signal }),
  });
}

/** Any stock write changes balances, ledgers, the chart and (a reversal) receipts: refetch them all. */
export function refreshStock(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [root] }) =>
      typeof root === 'string' && (root.startsWith('stock') || root.startsWith(RECEIPTS)),
  });
}
