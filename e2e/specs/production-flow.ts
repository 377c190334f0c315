import { expect, type APIRequestContext } from '@playwright/test';
import type { Bundle, CutPlanDetail, DailyPlanDetail, DemandOrderDetail, StockItem, Task } from '@armature/domain';
import { DEMO, apiAs, type Api } from './support.ts';

export type { Api } from './support.ts';

/** The administrator's API, signed in like the browser (their stored product selection applies). */
export const adminApi = (request: APIRequestContext): Promise<Api> => apiAs(request, DEMO.admin);

export const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * An order of one line of straight bars, due in a week, confirmed and optimised (a 1 s search): the order and
 * its plan, not yet approved. `sources` as the plan form's (the line's defaults when left out: stock first,
 * then purchasable lengths).
 */
export async function plannedOrder(
  api: Api,
  order: { project: string; mark: string; rebarId: string; length: number; barsPerMember?: number; now?: number },
  sources?: { raw: boolean; tails: boolean; purchase: boolean },
) {
  const { project, mark, rebarId, length, barsPerMember = 4, now = Date.now() } = order;
  const created = await api.post<DemandOrderDetail>('/demandOrder', {
    project,
    element: mark,
    customer: null,
    demandDate: isoDay(now + 7 * 86_400_000),
    priority: 'normal',
    remark: null,
    lines: [{ mark, rebarId, length, members: 1, barsPerMember, piecesPerBundle: 4 }],
  });
  await api.post(`/demandOrder/${created.id}/confirm`);
  const plan = await api.post<CutPlanDetail>('/cutPlan', {
    demandOrderIds: [created.id],
    ...(sources && { sources }),
    timeLimitS: 1,
  });
  await expect
    .poll(async () => (await api.get<CutPlanDetail>(`/cutPlan/${plan.id}`)).job.state, { timeout: 60_000 })
    .toBe('succeeded');
  return { order: created, plan };
}

/** The first HRB400E spec of these diameters the line has no free raw bar of: a plan of it must buy. */
export async function specWithoutFreeBars(api: Api, diameters: readonly number[]) {
  const specs = await api.get<{ id: string; grade: string; diameter: number; name: string }[]>('/rebar/all');
  for (const diameter of diameters) {
    const spec = specs.find((each) => each.grade === 'HRB400E' && each.diameter === diameter);
    if (!spec) continue;
    const raw = await api.get<{ items: StockItem[] }>(`/stock/raw?diameter=${diameter}&maxResultCount=100`);
    if (raw.items.every((row) => row.rebarId !== spec.id || row.available === 0)) return spec;
  }
  throw new Error(`the first line has no HRB400E spec of Φ${diameters.join('/Φ')} without free raw bars`);
}

/**
 * An order of straight bars (bundled 4 at a time, 6 pieces) from a raw stock the line holds, its cutting
 * plan optimised and approved, scheduled from today and released (which dispatches its tasks). Answers
 * the order and its cut tasks, not started.
 */
export async function releasedOrder(api: Api) {
  const raw = await api.get<{ items: StockItem[] }>('/stock/raw?maxResultCount=100&sorting=length%20desc');
  const stock = raw.items.find((row) => row.available >= 4 && row.length >= 6000);
  expect(stock, 'the demo line holds raw bars').toBeDefined();
  const length = Math.floor(stock!.length / 3) - 100;
  // One reading of the clock: the order's due date and the schedule's first day agree across midnight.
  const now = Date.now();
  const { order, plan } = await plannedOrder(
    api,
    { project: '标签测试工程', mark: 'T1', rebarId: stock!.rebarId, length, barsPerMember: 6, now },
    { raw: true, tails: false, purchase: false },
  );
  await api.post(`/cutPlan/${plan.id}/approve`);
  const schedule = await api.post<DailyPlanDetail>('/dailyPlan', {
    firstDay: isoDay(now),
    days: 3,
    cutPlanIds: [plan.id],
  });
  await api.post(`/dailyPlan/${schedule.id}/release`);
  const tasks = await api.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`);
  return { order, cuts: tasks.items.filter((each) => each.kind === 'cut') };
}

/**
 * Bundles as the shop floor makes them: a released order (`releasedOrder`) whose every cut task is
 * started and completed. Answers the bundles and the order.
 */
export async function produceBundles(api: Api) {
  const { order, cuts } = await releasedOrder(api);
  for (const task of cuts) {
    // Released into its machine's queue (the line's default), it starts at once.
    await api.post(`/task/${task.id}/start`);
    await api.post(`/task/${task.id}/complete`);
  }
  const bundles = await api.get<{ items: Bundle[] }>(`/bundle?orderId=${order.id}&sorting=length`);
  expect(bundles.items.map((bundle) => bundle.pieces).sort()).toEqual([2, 4]);
  return { bundles: bundles.items, order };
}
