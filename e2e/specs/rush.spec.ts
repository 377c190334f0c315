import { expect, test } from './fixtures.ts';
import { DEMAND_ORDER_PERMISSIONS, pageUrlOf, type DemandOrderDetail, type StockItem } from '@armature/domain';
import { announced } from './messages.ts';
import { DEMO, enterAs } from './support.ts';
import { adminApi, isoDay } from './production-flow.ts';

const ORDER_URL = `${pageUrlOf(DEMAND_ORDER_PERMISSIONS.read)}/detail`;
const PHONE = { width: 390, height: 844 };

/**
 * A rush order in one step, in real Chromium at phone width: on a new order's page the planner presses
 * 加急, reads what it costs (pieces cut from stock, orders made late, the tasks it pushes), decides later,
 * comes back to the order to find the rush waiting, and applies it — once refused as stale, then from the
 * fresh proposal the dialog fetched; the order is planned, its schedule released.
 */
test('a rush order: one click plans, schedules and proposes; applied from the phone', async ({ page }) => {
  test.setTimeout(180_000);
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  const api = await adminApi(page.request);
  const raw = await api.get<{ items: StockItem[] }>('/stock/raw?maxResultCount=100&sorting=length%20desc');
  const bar = raw.items.find((row) => row.available >= 2 && row.length >= 6000);
  expect(bar, 'the demo line holds free raw bars').toBeDefined();
  const suffix = String(Date.now() % 100_000);
  const order = await api.post<DemandOrderDetail>('/demandOrder', {
    project: `加急测试-${suffix}`,
    element: 'E2E',
    demandDate: isoDay(Date.now() + 2 * 86_400_000),
    lines: [{ mark: `U1-${suffix}`, rebarId: bar!.rebarId, length: 1500, members: 1, barsPerMember: 4 }],
  });

  await page.setViewportSize(PHONE);
  await page.goto(`${ORDER_URL}/${order.id}`);
  await page.getByTestId('order-rush').click();
  const proposal = page.getByTestId('rush-proposal');
  await expect(proposal).toBeVisible();
  await expect(page.getByTestId('rush-pieces')).toHaveText('4 / 4');
  await expect(page.getByTestId('rush-orders')).toContainText(order.code);
  await expect(page.getByTestId('rush-moves')).toContainText('加急');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  // Decided later: the dialog closes, the draft stays; the order page, opened again, offers the rush back.
  await page.getByTestId('rush-later').click();
  await expect(proposal).toBeHidden();
  await page.reload();
  await page.getByTestId('order-rush-pending').click();
  await expect(page.getByTestId('order-rush')).toBeHidden();
  await expect(proposal).toBeVisible();
  await expect(page.getByTestId('rush-pieces')).toHaveText('4 / 4');
  // The work changed since the page loaded (here: the first Apply carries an older stamp, as a page left open
  // past a change would): the server answers 409 replan_stale, the dialog fetches the fresh proposal and says so.
  await page.route(
    `**/api/demandOrder/${order.id}/rush/apply`,
    (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), stamp: 'stale' }) }),
    { times: 1 },
  );
  await page.getByTestId('rush-apply').click();
  await expect(page.getByTestId('rush-stale')).toBeVisible();
  await expect(page.getByTestId('rush-error')).toBeHidden();
  await expect(proposal).toBeVisible();
  await page.getByTestId('rush-apply').click();
  await announced(page, `${order.code} 已加急`, { kind: 'success' });
  await expect(proposal).toBeHidden();
  await expect(page.getByTestId('order-rush-pending')).toBeHidden();

  const planned = await api.get<DemandOrderDetail>(`/demandOrder/${order.id}`);
  expect(planned).toMatchObject({ status: 'planned', priority: 'urgent' });
  // Its cutting plan (from stock and offcuts) went into the released schedule.
  expect(planned.cutPlans).toEqual([expect.objectContaining({ status: 'scheduled' })]);
});
