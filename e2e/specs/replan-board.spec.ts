import type { Locator, Page } from '@playwright/test';
import { DAILY_PLAN_PERMISSIONS, pageUrlOf, type DailyPlanDetail, type Task } from '@armature/domain';
import { expect, test } from './fixtures.ts';
import { isoDay, plannedOrder } from './production-flow.ts';
import { REPLAN_MODELS, applyProposal, copyOf, fitsThePhone } from './replan-dialog.ts';
import { PHONE } from './screen-checks.ts';
import { DEMO, adminOnFirstLine, enterAs } from './support.ts';

const SHIFT_LEAD = { userName: 'shiftLead', password: 'ShiftLead2026' } as const;
const SCHEDULE_URL = `${pageUrlOf(DAILY_PLAN_PERMISSIONS.read)}/detail`;
const DAY = 86_400_000;
/** This run's own copies of the machines (their work is nobody else's): the schedule's, and the spare. */
const RUN = Date.now() % 1_000_000;
const SERIALS = REPLAN_MODELS.map((_, index) => `RB${RUN}-${index + 1}`);

/** The bar that starts a task's work on the board (a job split over shifts has more). */
const barOf = (row: Locator, task: Task) => row.locator('[data-testid="board-job"]', { hasText: task.code }).first();

/** Opens a task's menu from its bar: a click at its label, as a finger would tap it. */
async function openMenu(page: Page, bar: Locator) {
  await expect(bar).toHaveAttribute('data-movable', 'true');
  await bar.click({ position: { x: 1, y: 2 } });
  const menu = page.getByTestId('board-task-menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Chooses the machine (and the day) of the move, then waits for the proposal. */
async function pickTarget(page: Page, serialNumber: string, day?: string) {
  await page.getByTestId('machine-pick').click();
  await page.locator('.ant-select-item-option', { hasText: serialNumber }).first().click();
  if (day) {
    const picker = page.getByTestId('move-day');
    const input = (await picker.evaluate((node) => node.tagName)) === 'INPUT' ? picker : picker.locator('input');
    await input.click();
    await input.fill(day);
    await input.press('Enter');
  }
}

test('the shift lead moves released tasks from the schedule board, on a phone and to another day, and the board shows each latest start and flags the late one', async ({
  page,
}) => {
  const admin = await adminOnFirstLine(page.request);
  const [home, spare] = await Promise.all(REPLAN_MODELS.map((model, index) => copyOf(admin, model, SERIALS[index]!)));
  const spec = (await admin.get<{ id: string; grade: string; diameter: number }[]>('/rebar/all')).find(
    (row) => row.grade === 'HRB400E' && row.diameter === 12,
  )!;
  // Two straight Φ12 orders due on the schedule's first day (ordered "six days ago", due a week after),
  // released on one machine: the spare is not one of the schedule's.
  const now = Date.now();
  const plans: string[] = [];
  for (const [index, length] of [2200, 2400].entries()) {
    const { plan } = await plannedOrder(
      admin,
      { project: '看板重排', mark: `RB${index + 1}`, rebarId: spec.id, length, now: now - 6 * DAY },
      { raw: true, tails: false, purchase: false },
    );
    await admin.post(`/cutPlan/${plan.id}/approve`);
    plans.push(plan.id);
  }
  const firstDay = isoDay(now + DAY);
  const lastDay = isoDay(now + 3 * DAY);
  const schedule = await admin.post<DailyPlanDetail>('/dailyPlan', {
    firstDay,
    days: 3,
    cutPlanIds: plans,
    machineIds: [home!.id],
  });
  await admin.post(`/dailyPlan/${schedule.id}/release`);
  const tasks = (await admin.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`)).items;
  expect(tasks.length).toBeGreaterThanOrEqual(2);
  expect(tasks.every((task) => task.equipmentId === home!.id)).toBe(true);
  const [first, second] = tasks as [Task, Task];

  // On a phone: the board of the released schedule, a tap on a task shows its latest start and the move.
  await page.setViewportSize(PHONE);
  await enterAs(page, SHIFT_LEAD, { product: DEMO.products.line1, path: `${SCHEDULE_URL}/${schedule.id}` });
  // A few bars are seconds of work: the close-up gives each its own width to tap.
  await page.getByTestId('board-zoom-2880').click();
  const homeRow = page.getByTestId(`board-row-${home!.id}`);
  const spareRow = page.getByTestId(`board-row-${spare!.id}`);
  await expect(spareRow).toHaveCount(0);
  let menu = await openMenu(page, barOf(homeRow, first));
  // Planned on its due day, early enough: its latest start is shown and not passed.
  await expect(menu.getByTestId('board-job-latest-start')).toBeVisible();
  await expect(barOf(homeRow, first)).not.toHaveAttribute('data-starts-late');
  await fitsThePhone(page);
  await menu.getByTestId('board-move-task').click();
  await pickTarget(page, spare!.serialNumber);
  await fitsThePhone(page);
  await page.getByTestId('machine-pick-ok').click();
  await expect(page.getByTestId('replan-cost')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId(`replan-move-${first.code}`).getByTestId('replan-move-to')).toContainText(
    spare!.serialNumber,
  );
  await fitsThePhone(page);
  await applyProposal(page);
  // The board draws it where it went: on the spare, which now has its row.
  await expect(barOf(spareRow, first)).toBeVisible();
  await expect(homeRow.locator('[data-testid="board-job"]', { hasText: first.code })).toHaveCount(0);
  expect((await admin.get<Task>(`/task/${first.id}`)).equipmentId).toBe(spare!.id);

  // On a desktop: the other task to the spare on the schedule's last day, after its order's due day.
  await page.setViewportSize({ width: 1280, height: 800 });
  menu = await openMenu(page, barOf(homeRow, second));
  await menu.getByTestId('board-move-task').click();
  await pickTarget(page, spare!.serialNumber, lastDay);
  await page.getByTestId('machine-pick-ok').click();
  const dialog = page.getByTestId('replan-dialog');
  await expect(dialog.getByTestId('replan-cost')).toBeVisible({ timeout: 90_000 });
  // The proposal's title names the day chosen.
  await expect(page.locator('.ant-modal-title', { hasText: lastDay })).toBeVisible();
  await applyProposal(page);
  const moved = await admin.get<Task>(`/task/${second.id}`);
  expect(moved.equipmentId).toBe(spare!.id);
  // Past its latest start: flagged on the board, and its menu says its order will be late.
  const late = barOf(spareRow, second);
  await expect(late).toHaveAttribute('data-starts-late', 'true');
  await expect(late).toContainText('⏰');
  menu = await openMenu(page, late);
  await expect(menu.getByTestId('board-job-latest-start')).toBeVisible();
  await expect(menu.getByTestId('board-job-latest-start')).toContainText('·');
});
