import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TASK_PERMISSIONS,
  pageUrlOf,
  type DailyPlanDetail,
  type Equipment,
  type StockItem,
  type Task,
} from '@armature/domain';
import { DEMO, apiAs, enterAs, pickOption, signOut, type Api } from './support.ts';
import { confirmDialogOk } from './resource-form.ts';
import { isoDay, plannedOrder } from './production-flow.ts';
import { applyProposal } from './replan-dialog.ts';

const OPERATOR = { userName: 'operator', password: 'Operator2026' } as const;
const SHIFT_LEAD = { userName: 'shiftLead', password: 'ShiftLead2026' } as const;
const TASKS_URL = pageUrlOf(TASK_PERMISSIONS.read);
const OPERATOR_URL = pageUrlOf(TASK_PERMISSIONS.operator);
const PHONE = { width: 390, height: 844 };

/** An order of Φ12 straight bars from the line's raw stock, confirmed, optimised and approved: its plan. */
async function approvedPlan(api: Api, stock: StockItem, mark: string, length: number): Promise<string> {
  const { plan } = await plannedOrder(
    api,
    { project: '派工测试工程', mark, rebarId: stock.rebarId, length },
    { raw: true, tails: false, purchase: false },
  );
  await api.post(`/cutPlan/${plan.id}/approve`);
  return plan.id;
}

/** A demo user's API on the first line: their product chosen as the app's chooser would (kept on the server). */
async function onFirstLine(request: APIRequestContext, user: { userName: string; password: string }): Promise<Api> {
  const login = await request.post('/api/account/login', { data: user });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const products = (await (await request.get('/api/users/productbyuser', { headers })).json()) as {
    id: string;
    name: string;
    clientId: string;
  }[];
  const line = products.find((product) => product.name === DEMO.products.line1)!;
  const selected = await request.put('/api/client/set-currentUser-productId', {
    headers,
    data: { clientId: line.clientId, productId: line.id },
  });
  expect(selected.ok()).toBe(true);
  return apiAs(request, user);
}

const fitsThePhone = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('a released schedule lands dispatched on the operator’s machine; the operator cuts a task to the end at 390 px; the shift lead re-assigns one in bulk', async ({
  page,
}) => {
  // The planner: two small plans of Φ12 straight bars (so at least two cut tasks), scheduled and released.
  const planner = await onFirstLine(page.request, DEMO.planner);
  const raw = await planner.get<{ items: StockItem[] }>(
    '/stock/raw?diameter=12&maxResultCount=100&sorting=length%20desc',
  );
  const stock = raw.items.find((row) => row.available >= 4 && row.length >= 6000);
  expect(stock, 'the demo line holds Φ12 raw bars').toBeDefined();
  const third = Math.floor(stock!.length / 3) - 100;
  const plans = [
    await approvedPlan(planner, stock!, 'SD1', third),
    await approvedPlan(planner, stock!, 'SD2', Math.floor(stock!.length / 2) - 50),
  ];
  const schedule = await planner.post<DailyPlanDetail>('/dailyPlan', {
    firstDay: isoDay(Date.now()),
    days: 3,
    cutPlanIds: plans,
  });
  await planner.post(`/dailyPlan/${schedule.id}/release`);
  const tasks = (await planner.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`)).items;
  expect(tasks.length).toBeGreaterThanOrEqual(2);
  // Released: every task already in its machine's queue (the line's setting), no shift lead needed.
  expect(tasks.every((task) => task.status === 'dispatched')).toBe(true);
  const [run, move] = tasks;

  // The operator on a phone: picks their machine once; its queue holds the task, dispatched.
  await page.setViewportSize(PHONE);
  await onFirstLine(page.request, OPERATOR);
  await enterAs(page, OPERATOR, { path: OPERATOR_URL });
  await pickOption(page, 'operator-machine', run!.serialNumber);
  const card = page.getByTestId(`operator-task-${run!.code}`);
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'dispatched');

  // The machine is kept on the server: a fresh page (nothing in the browser) opens the same queue.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(card).toBeVisible({ timeout: 30_000 });

  // What to cut: the bar to take, the diagram, the pieces of each bar with their marks, how many bars, the rest.
  const pattern = run!.pattern!;
  await expect(card.getByTestId('operator-source')).toContainText('Φ12');
  await expect(card.getByTestId('cutting-diagram')).toBeVisible();
  await expect(card.getByTestId('operator-cut')).toHaveCount(pattern.cuts.length);
  await expect(card.getByTestId('operator-cut').first()).toContainText(/SD[12]/);
  await expect(card.getByTestId('operator-bars')).toContainText(String(run!.repetitions));
  await expect(card.getByTestId('operator-remainder')).toBeVisible();
  // The sampling plan's first piece is the next to set aside for a check.
  await expect(card.getByTestId('operator-next-check')).toHaveText(/下一次抽检：第 1 件/);
  await fitsThePhone(page);

  // Start, one bar reported with one tap, then complete: the card stays, done.
  const start = card.getByTestId('task-start');
  expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await start.click();
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'running');
  await card.getByTestId('report-one').click();
  await expect(card.getByTestId('task-progress')).toContainText(`1 / ${run!.repetitions}`);
  await expect(card.getByTestId('operator-check-due')).toContainText('抽检到期：第 1 件');
  await card.getByTestId('task-complete').click();
  await confirmDialogOk(page).click();
  await expect(card.getByTestId('operator-task-done')).toBeVisible();
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'done');
  await fitsThePhone(page);
  // The phone's header folds the user menu into its one menu: sign out at desktop width.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);
  await page.setViewportSize(PHONE);

  // The shift lead, on a phone too: selects the other task in the list and re-assigns it to another cutter.
  const lead = await onFirstLine(page.request, SHIFT_LEAD);
  const machines = await lead.get<Equipment[]>('/equipment/normal/all');
  // Both the shear line and the stirrup bender cut Φ12 bars.
  const target = machines.find(
    (machine) =>
      machine.id !== move!.equipmentId &&
      (machine.serialNumber.startsWith('GJW16') || machine.serialNumber.startsWith('WG12D')),
  );
  expect(target, 'the line has a second machine that cuts Φ12').toBeDefined();
  await enterAs(page, SHIFT_LEAD, { path: TASKS_URL });
  await page.getByTestId('list-search').locator('input').fill(move!.code);
  await page.getByTestId('list-search').locator('input').press('Enter');
  const row = page.getByTestId(`row-${move!.code}`);
  await expect(page.locator('tbody tr[data-testid^="row-"]')).toHaveCount(1);
  await row.locator('.ant-checkbox-input').check();
  // Moving is a re-plan: the machine chosen, the proposal says where and when, applying it moves the task.
  await page.getByTestId('move-tasks').click();
  await pickOption(page, 'machine-pick', target!.serialNumber);
  await page.getByTestId('machine-pick-ok').click();
  await expect(page.getByTestId(`replan-move-${move!.code}`)).toContainText(target!.serialNumber);
  await fitsThePhone(page);
  await applyProposal(page);
  await expect(row).toContainText(target!.serialNumber);
  await fitsThePhone(page);
  const moved = await lead.get<Task>(`/task/${move!.id}`);
  expect(moved).toMatchObject({ equipmentId: target!.id, status: 'dispatched' });
});
