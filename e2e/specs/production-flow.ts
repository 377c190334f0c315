import { expect, type APIRequestContext } from '@playwright/test';
import type { Bundle, CutPlanDetail, DailyPlanDetail, DemandOrderDetail, StockItem, Task } from '@armature/domain';
import { DEMO, apiAs, type Api } from './support.ts';

export type { Api } from './support.ts';

/** The administrator's API, signed in like the browser (their stored product selection applies). */
export const adminApi = (request: APIRequestContext): Promise<Api> => apiAs(request, DEMO.admin);

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Bundles as the shop floor makes them: an order of straight bars (bundled 4 at a time) from a raw
 * stock the line holds, its cutting plan optimised and approved, scheduled and released (which
 * dispatches its tasks), and every cut task started and completed. Answers the bundles and the task
 * that made the first.
 */
export async function produceBundles(api: Api) {
  const raw = await api.get<{ items: StockItem[] }>('/stock/raw?maxResultCount=100&sorting=length%20desc');
  const stock = raw.items.find((row) => row.available >= 4 && row.length >= 6000);
  expect(stock, 'the demo line holds raw bars').toBeDefined();
  const length = Math.floor(stock!.length / 3) - 100;
  // One reading of the clock: the order's due date and the schedule's first day agree across midnight.
  const now = Date.now();
  const order = await api.post<DemandOrderDetail>('/demandOrder', {
    project: '标签测试工程',
    element: 'TAG-E2E',
    customer: null,
    demandDate: isoDay(now + 7 * 86_400_000),
    priority: 'normal',
    remark: null,
    lines: [{ mark: 'T1', rebarId: stock!.rebarId, length, members: 1, barsPerMember: 6, piecesPerBundle: 4 }],
  });
  await api.post(`/demandOrder/${order.id}/confirm`);
  const plan = await api.post<CutPlanDetail>('/cutPlan', {
    demandOrderIds: [order.id],
    sources: { raw: true, tails: false, purchase: false },
    timeLimitS: 1,
  });
  await expect
    .poll(async () => (await api.get<CutPlanDetail>(`/cutPlan/${plan.id}`)).job.state, { timeout: 60_000 })
    .toBe('succeeded');
  await api.post(`/cutPlan/${plan.id}/approve`);
  const schedule = await api.post<DailyPlanDetail>('/dailyPlan', {
    firstDay: isoDay(now),
    days: 3,
    cutPlanIds: [plan.id],
  });
  await api.post(`/dailyPlan/${schedule.id}/release`);
  const tasks = await api.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`);
  for (const task of tasks.items.filter((each) => each.kind === 'cut')) {
    // Released into its machine's queue (the line's default), it starts at once.
    await api.post(`/task/${task.id}/start`);
    await api.post(`/task/${task.id}/complete`);
  }
  const bundles = await api.get<{ items: Bundle[] }>(`/bundle?orderId=${order.id}&sorting=length`);
  expect(bundles.items.map((bundle) => bundle.pieces).sort()).toEqual([2, 4]);
  return { bundles: bundles.items, order };
}
