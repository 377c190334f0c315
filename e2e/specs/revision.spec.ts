import { expect, test } from './fixtures.ts';
import {
  DEMAND_ORDER_PERMISSIONS,
  bvbsRecord,
  pageUrlOf,
  type Bundle,
  type CutPlanDetail,
  type DailyPlanDetail,
  type DemandOrderDetail,
  type StockItem,
  type Task,
} from '@armature/domain';
import { DEMO, enterAs } from './support.ts';
import { adminApi, isoDay } from './production-flow.ts';

const ORDER_URL = `${pageUrlOf(DEMAND_ORDER_PERMISSIONS.read)}/detail`;
const PHONE = { width: 390, height: 844 };

/**
 * A revised bar list on a producing order, in real Chromium: the planner imports a revised BVBS (drawing
 * index `b`), reads the mark-by-mark diff with what it costs, applies it, sees the superseded pieces with
 * their proposals and disposes of one; the tag's scan page on a phone says the other is superseded.
 */
test('a revised bar list: import, diff, apply, superseded pieces disposed, the scan page warns', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  const api = await adminApi(page.request);

  // Two marks of two specs the line holds raw bars of, so each has its own cut task: R1 is made, R2 waits.
  const raw = await api.get<{ items: StockItem[] }>('/stock/raw?maxResultCount=100&sorting=length%20desc');
  const usable = raw.items.filter((row) => row.available >= 4 && row.length >= 6000);
  const first = usable[0]!;
  const second = usable.find((row) => row.rebarId !== first.rebarId);
  expect(second, 'the demo line holds raw bars of two specs').toBeDefined();
  const specs = await api.get<{ id: string; grade: string; diameter: number }[]>('/rebar/all');
  const specOf = (rebarId: string) => specs.find((spec) => spec.id === rebarId)!;
  const suffix = String(Date.now() % 100_000);
  const [r1, r2, r3] = [`R1-${suffix}`, `R2-${suffix}`, `R3-${suffix}`];
  const length1 = Math.floor(first.length / 3) - 100;
  const length2 = Math.floor(second!.length / 3) - 100;
  const now = Date.now();
  const order = await api.post<DemandOrderDetail>('/demandOrder', {
    project: `改版测试-${suffix}`,
    element: 'E2E',
    demandDate: isoDay(now + 7 * 86_400_000),
    lines: [
      {
        mark: r1,
        rebarId: first.rebarId,
        length: length1,
        members: 1,
        barsPerMember: 6,
        piecesPerBundle: 4,
        drawing: 'E2E (a)',
      },
      { mark: r2, rebarId: second!.rebarId, length: length2, members: 1, barsPerMember: 3, drawing: 'E2E (a)' },
    ],
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
  const onlyFor = (task: Task, mark: string) => task.outputs.every((output) => output.mark === mark);
  for (const task of tasks.items.filter((each) => each.kind === 'cut' && onlyFor(each, r1))) {
    await api.post(`/task/${task.id}/start`);
    await api.post(`/task/${task.id}/complete`);
  }
  const r2Tasks = tasks.items.filter((each) => onlyFor(each, r2));
  expect(r2Tasks.length).toBeGreaterThan(0);
  expect((await api.get<DemandOrderDetail>(`/demandOrder/${order.id}`)).status).toBe('producing');
  const made = await api.get<{ items: Bundle[] }>(`/bundle?orderId=${order.id}&sorting=length`);
  expect(made.items.map((bundle) => bundle.pieces).sort()).toEqual([2, 4]);

  // The detailer's revision b: R1 shortened by 300 mm (its pieces are made), R2 from 3 to 5 (planned,
  // not cut), R3 new.
  const record = (mark: string, rebarId: string, length: number, quantity: number) => {
    const spec = specOf(rebarId);
    return bvbsRecord({
      project: `改版测试-${suffix}`,
      drawing: 'E2E (b)',
      mark,
      length,
      quantity,
      weightPerPiece: null,
      diameter: spec.diameter,
      grade: spec.grade,
      mandrel: null,
      legs: [],
      coupler: false,
      privateBlock: null,
    });
  };
  const revised = [
    record(r1, first.rebarId, length1 - 300, 6),
    record(r2, second!.rebarId, length2, 5),
    record(r3, first.rebarId, 1000, 2),
  ].join('\r\n');

  await page.goto(`${ORDER_URL}/${order.id}`);
  await expect(page.getByTestId('detail-lines')).toContainText(r1);
  await page.getByTestId('revision-file').setInputFiles({
    name: `E2E-b-${suffix}.abs`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`${revised}\r\n`, 'utf8'),
  });

  // The diff: one added, two changed; R1's pieces made → superseded, R2 planned → out of its plan.
  const preview = page.getByTestId('revision-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('revision-count-added')).toContainText('1');
  await expect(page.getByTestId('revision-count-changed')).toContainText('2');
  await expect(page.getByTestId('revision-count-removed')).toContainText('0');
  const diff = page.getByTestId('revision-diff');
  await expect(diff.getByTestId(`change-${r1}`)).toHaveAttribute('data-kind', 'changed');
  await expect(diff.getByTestId(`outcome-${r1}`)).toHaveText('已作废（已加工）');
  await expect(diff.getByTestId(`outcome-${r2}`)).toHaveText('撤出排料，待重排');
  await expect(diff.getByTestId(`change-${r3}`)).toHaveAttribute('data-kind', 'added');
  // What it costs: R1's two bundles, and R2's not-started cut cancelled.
  const cost = page.getByTestId('revision-cost');
  await expect(cost).toContainText('2 捆');
  for (const task of r2Tasks) await expect(page.getByTestId('revision-cost-tasks')).toContainText(task.code);
  await page.getByTestId('revision-apply').click();
  await expect(preview).toBeHidden();

  // Applied: the history has R1 with index b, the old R1 and R2 lines stay flagged, the status history says so.
  await expect(page.getByTestId('revision-R1')).toContainText('b');
  await expect(page.getByTestId('detail-lines')).toContainText(r3);
  await expect(page.getByTestId('detail-lines').getByTestId('line-superseded-1')).toBeVisible();
  await expect(page.getByTestId('detail-history')).toContainText('已应用第 R1 版（图纸版本 b）');
  for (const task of r2Tasks) expect((await api.get<Task>(`/task/${task.id}`)).status).toBe('cancelled');

  // The superseded pieces: both bundles, each proposed for re-use by the new, shorter R1.
  const superseded = page.getByTestId('superseded-bundles');
  await expect(superseded).toBeVisible();
  const [kept, reused] = [...made.items].sort((a, b) => a.number - b.number);
  for (const bundle of made.items)
    await expect(superseded.getByTestId(`superseded-${bundle.code}`)).toContainText('改用于');
  await expect(page.getByTestId('superseded-open')).toContainText('2');
  await page.getByTestId(`dispose-${reused!.code}`).click();
  await page.locator('.armature-confirm .ant-btn-primary').click();
  await expect(page.getByTestId(`disposed-${reused!.code}`)).toContainText('改用于');
  await expect(page.getByTestId('superseded-open')).toContainText('1');

  // The order page works at phone width.
  await page.setViewportSize(PHONE);
  await expect(superseded).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

  // The other bundle's tag on a phone: the scan page says it is superseded; the bundle list filters it.
  const phone = await browser.newContext({ viewport: PHONE });
  const scan = await phone.newPage();
  await scan.goto(`${baseURL}/scan/${kept!.scanId}`);
  await expect(scan.getByTestId('scan-mark')).toHaveText(r1);
  await expect(scan.getByTestId('scan-superseded')).toContainText('已作废');
  await expect
    .poll(() => scan.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await phone.close();
  const flagged = await api.get<{ items: Bundle[] }>(`/bundle?orderId=${order.id}&superseded=true`);
  expect(flagged.items.map((bundle) => bundle.code).sort()).toEqual([kept!.code, reused!.code].sort());
  const valid = await api.get<{ items: Bundle[] }>(`/bundle?orderId=${order.id}&superseded=false`);
  expect(valid.items).toEqual([]);
});
