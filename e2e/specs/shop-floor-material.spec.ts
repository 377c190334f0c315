import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  CUT_PLAN_PERMISSIONS,
  DAILY_PLAN_PERMISSIONS,
  PURCHASE_LIST_PERMISSIONS,
  TASK_PERMISSIONS,
  pageUrlOf,
  type CutPlanDetail,
  type PurchaseList,
  type Task,
  type TaskDetail,
} from '@armature/domain';
// The API tests' reader of generated PDFs: page sizes and the QR codes of its images, decoded with jsQR.
import { pdfOpenedInTab } from './pdf-tab.ts';
import { DEMO, apiAs, enterAs, pickOption, signOut } from './support.ts';
import { confirmDialogOk } from './resource-form.ts';
import { plannedOrder, specWithoutFreeBars } from './production-flow.ts';

const OPERATOR = { userName: 'operator', password: 'Operator2026' } as const;
const PLANS_URL = pageUrlOf(CUT_PLAN_PERMISSIONS.read);
const SCHEDULES_URL = pageUrlOf(DAILY_PLAN_PERMISSIONS.read);
const PURCHASE_LISTS_URL = pageUrlOf(PURCHASE_LIST_PERMISSIONS.read);
const OPERATOR_URL = pageUrlOf(TASK_PERMISSIONS.operator);
const TASKS_URL = pageUrlOf(TASK_PERMISSIONS.read);
const PHONE = { width: 390, height: 844 };
/** A piece two of which fill a 12 m bar (a 9 m bar holds one): the plan buys 12 m bars, one pattern. */
const PIECE = 5800;

// Set SHOP_FLOOR_SCREENSHOTS=<folder> to keep a screenshot of each screen the test passes through.
const screenshots = process.env.SHOP_FLOOR_SCREENSHOTS;

async function snapshot(page: Page, what: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `material-${what}.png`), fullPage: true });
}

const fitsThePhone = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** Leaves the phone's session: the phone's header folds the user menu into its one menu, so at desktop width. */
async function leave(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);
  await page.setViewportSize(PHONE);
}

test('at 390 px: a plan that must buy bars is approved, the keeper receives its purchase list, the released task waits red on the operator’s machine until then, and the operator cuts it and prints its tags as PDF and ZPL', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  // Unique per run: the test passes again on the same server.
  const run = Math.random().toString(36).slice(2, 7).toUpperCase();
  const mark = `M${run}`;

  // The planner on the first line; through the API, an order of a spec the line has no bars of, confirmed,
  // planned with the default sources (stock first, then purchasable lengths).
  await enterAs(page, DEMO.planner, { product: DEMO.products.line1, path: PLANS_URL });
  const planner = await apiAs(page.request, DEMO.planner);
  const spec = await specWithoutFreeBars(planner, [14, 18]);
  const { plan: created } = await plannedOrder(planner, {
    project: `备料测试 ${run}`,
    mark,
    rebarId: spec.id,
    length: PIECE,
  });

  // On the phone, the plan says what it buys and why (no free bar of that length), and the planner approves it.
  await page.goto(`${PLANS_URL}/detail/${created.id}`);
  const purchases = page.getByTestId('cut-plan-purchases');
  await expect(purchases).toContainText(`${spec.grade} Φ${spec.diameter}`);
  await expect(purchases).toContainText('12,000');
  await expect(purchases).toContainText('库存中没有 12000 mm 的可用钢筋');
  await fitsThePhone(page);
  await snapshot(page, 'plan');
  await page.getByTestId('detail-approve').click();
  await confirmDialogOk(page).click();
  await expect(page.getByTestId('detail-status')).toContainText('已审核');
  const plan = await planner.get<CutPlanDetail>(`/cutPlan/${created.id}`);

  // The planner schedules the plan and releases it, on the phone; the release goes on though bars are missing
  // (the line's material check warns), and dispatches the task to its machine.
  await page.goto(`${SCHEDULES_URL}/add`);
  await expect(page.getByTestId('daily-plan-form')).toBeVisible();
  await page.getByTestId('field-days').fill('3');
  await page.getByTestId(`cut-plan-check-${plan.code}`).check();
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/dailyPlan\/detail\//);
  const scheduleId = page.url().split('/').pop()!;
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'draft');
  // The board frames the job red: its bars are not there.
  await expect(page.locator('[data-testid="board-job"][data-material-missing="true"]').first()).toBeAttached();
  await page.getByTestId('detail-release').click();
  await confirmDialogOk(page).click();
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'released');
  await fitsThePhone(page);
  await snapshot(page, 'schedule');
  const tasks = (await planner.get<{ items: Task[] }>(`/task?dailyPlanId=${scheduleId}&maxResultCount=100`)).items;
  expect(tasks).toHaveLength(1);
  const task = tasks[0]!;
  expect(task).toMatchObject({ kind: 'cut', status: 'dispatched', repetitions: 2 });
  expect(task.material).toMatchObject({ ok: false });
  // The task list says it in red too, with the bars missing in its accessible name.
  await page.goto(`${TASKS_URL}?q=${task.code}`);
  const materialTag = page.getByTestId(`task-material-${task.code}`);
  await expect(materialTag).toHaveClass(/ant-tag-error/);
  await expect(materialTag).toHaveAttribute('aria-label', new RegExp(`${spec.name} 12000 mm`));
  await fitsThePhone(page);
  await leave(page);

  // The operator on the phone: the task is in their machine's queue, dispatched, and says in red which bars
  // are missing, before anyone tries to cut it.
  await enterAs(page, OPERATOR, { product: DEMO.products.line1, path: OPERATOR_URL });
  await pickOption(page, 'operator-machine', task.serialNumber);
  const card = page.getByTestId(`operator-task-${task.code}`);
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'dispatched');
  const missing = card.getByTestId('operator-material-missing');
  await expect(missing).toBeVisible();
  await expect(missing).toHaveClass(/ant-alert-error/);
  await expect(missing).toContainText(spec.name);
  await expect(missing).toContainText('12,000');
  await fitsThePhone(page);
  await snapshot(page, 'operator-missing');

  // The keeper, on a phone of their own while the operator's screen stays open: the open purchase lists, this
  // plan's found by its code; the bars received against it.
  const keeperPhone = await browser.newContext({ viewport: PHONE });
  const store = await keeperPhone.newPage();
  await enterAs(store, DEMO.keeper, { product: DEMO.products.line1, path: PURCHASE_LISTS_URL });
  // The plan's approval wrote its purchase list: 12 m bars of the spec, none received yet.
  const keeper = await apiAs(store.request, DEMO.keeper);
  const lists = await keeper.get<{ items: PurchaseList[] }>(`/purchaseList?filter=${plan.code}`);
  expect(lists.items).toHaveLength(1);
  const list = lists.items[0]!;
  expect(list.lines).toEqual([expect.objectContaining({ rebarId: spec.id, length: 12000, bars: 2, receivedBars: 0 })]);
  await store.getByTestId('list-search').locator('input').fill(plan.code);
  await store.getByTestId('list-search').locator('input').press('Enter');
  const row = store.getByTestId(`row-${list.code}`);
  await expect(store.locator('tbody tr[data-testid^="row-"]')).toHaveCount(1);
  await expect(row.getByTestId('purchase-line-12000')).toContainText(spec.name);
  await fitsThePhone(store);
  await snapshot(store, 'purchase-list');
  await store.getByTestId(`row-receive-${list.code}`).click();
  await store.getByTestId('field-supplier').fill('沙钢');
  await store.getByTestId('field-heatNo').fill(`E2E-${run}`);
  // The form offers what the line still waits for: both bars.
  await expect(store.getByTestId('field-barCount')).toHaveValue('2');
  await snapshot(store, 'receive');
  await store.getByTestId('form-submit').click();
  // Received in full, the list leaves the open ones.
  await expect(store.locator('tbody tr[data-testid^="row-"]')).toHaveCount(0);
  expect((await keeper.get<PurchaseList>(`/purchaseList/${list.id}`)).status).toBe('received');
  await keeperPhone.close();

  // The operator's screen, which reads its queue again every few seconds: the task's bars are there now,
  // nothing red.
  await expect(card.getByTestId('operator-material-missing')).toHaveCount(0);
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'dispatched');
  await expect(card.getByTestId('operator-cut-sheet')).toBeVisible();

  // What to cut: a 12 m bar of the spec, the diagram, two pieces of the mark per bar, two bars, the rest.
  await expect(card.getByTestId('operator-source')).toContainText(`Φ${spec.diameter}`);
  await expect(card.getByTestId('operator-source')).toContainText('12,000');
  await expect(card.getByTestId('cutting-diagram')).toBeVisible();
  // The whole bar, drawn to the phone's width: nothing to scroll sideways to.
  const drawing = card.getByTestId('diagram-scroll');
  await expect
    .poll(() => drawing.evaluate((element) => element.scrollWidth - element.clientWidth))
    .toBeLessThanOrEqual(0);
  await expect(card.getByTestId('operator-cut')).toHaveCount(1);
  await expect(card.getByTestId('operator-cut')).toContainText(mark);
  await expect(card.getByTestId('operator-cut')).toContainText('× 2');
  await expect(card.getByTestId('operator-bars')).toContainText('2');
  await expect(card.getByTestId('operator-remainder')).toBeVisible();
  await fitsThePhone(page);
  await snapshot(page, 'operator-ready');

  // Run to the end: start, one bar with one tap, the other reported, complete.
  await card.getByTestId('task-start').click();
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'running');
  await card.getByTestId('report-one').click();
  await expect(card.getByTestId('task-progress')).toContainText('1 / 2');
  await card.getByTestId('report-one').click();
  await expect(card.getByTestId('task-progress')).toContainText('2 / 2');
  await card.getByTestId('task-complete').click();
  await confirmDialogOk(page).click();
  await expect(card.getByTestId('operator-task-done')).toBeVisible();
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'done');
  const done = await planner.get<TaskDetail>(`/task/${task.id}`);
  expect(done.bundles).toHaveLength(1);
  const bundle = done.bundles[0]!;
  await fitsThePhone(page);
  await snapshot(page, 'operator-done');

  // Its tags, right there: the PDF, opened in a tab of its own (a 100 × 150 mm label per bundle, its QR the
  // bundle's scan page).
  const pdf = await pdfOpenedInTab(page, `**/api/task/${task.id}/tags?*`, () =>
    card.getByTestId('print-tags-label').click(),
  );
  expect(pdf.pages.map((size) => [Math.round(size.width), Math.round(size.height)])).toEqual([[283, 425]]);
  expect(pdf.qrCodes).toEqual([expect.stringMatching(new RegExp(`/scan/${bundle.scanId}$`))]);

  // …and the ZPL for a thermal printer: one label, its typeable bundle code printed.
  const download = page.waitForEvent('download');
  await card.getByTestId('print-tags-zpl-203').click();
  const zpl = await readFile(await (await download).path(), 'latin1');
  expect(zpl.trim()).toMatch(/^\^XA[\s\S]*\^XZ$/);
  expect(zpl.match(/\^XA/g)).toHaveLength(1);
  expect(zpl).toContain(bundle.code);
});
