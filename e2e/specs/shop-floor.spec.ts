import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DAILY_PLAN_PERMISSIONS, STOCK_PERMISSIONS, TASK_PERMISSIONS, pageUrlOf, type Task } from '@armature/domain';
import { DEMO, apiAs, demoCutPlan, enterWithDefaultProduct, pickOption, signOut, enterAs } from './support.ts';
import { confirmDialogOk } from './resource-form.ts';

const OPERATOR = { userName: 'operator', password: 'Operator2026' } as const;
const SCHEDULES_URL = pageUrlOf(DAILY_PLAN_PERMISSIONS.read);
const TASKS_URL = pageUrlOf(TASK_PERMISSIONS.read);
const OPERATOR_URL = pageUrlOf(TASK_PERMISSIONS.operator);
const FINISHED_LOG_URL = pageUrlOf(STOCK_PERMISSIONS.finished.log);
const TAIL_LOG_URL = pageUrlOf(STOCK_PERMISSIONS.tail.log);

// Set SHOP_FLOOR_SCREENSHOTS=<folder> to keep a screenshot of each screen the tests pass through.
const screenshots = process.env.SHOP_FLOOR_SCREENSHOTS;

async function snapshot(page: Page, what: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${what}.png`), fullPage: true });
}

/**
 * After sign-in, confirms the line chooser when it is shown (a single line comes chosen) and waits for
 * the first page: the operator's is the task list, which may take a while on a busy machine.
 */
async function landOnTheLine(page: Page) {
  const chooser = page.getByTestId('chooser-form');
  const productSwitch = page.getByTestId('product-switch');
  await expect(chooser.or(productSwitch).first()).toBeVisible();
  if (await chooser.isVisible()) await page.getByTestId('chooser-confirm').click();
  await expect(productSwitch).toBeVisible();
}

/** Accepts the app's confirm dialog. */
async function confirmDialog(page: Page) {
  await confirmDialogOk(page).click();
  await expect(page.locator('.armature-confirm')).toHaveCount(0);
}

/**
 * The task the operator runs: a cut task of the schedule whose bars are in stock (a purchased length
 * is only cut once received), that makes finished pieces and keeps its offcut as a tail (so both
 * stock pages show its moves), with room for a partial report.
 */
function taskToRun(tasks: Task[]): Task {
  const cuts = tasks.filter((task) => task.kind === 'cut' && task.pattern && task.pattern.source !== 'purchase');
  const score = (task: Task) =>
    (task.outputs.some((output) => output.stage === 'finished') ? 4 : 0) +
    (task.pattern?.offcutKind === 'tail' ? 2 : 0) +
    (task.repetitions >= 2 ? 1 : 0);
  const best = [...cuts].sort((a, b) => score(b) - score(a))[0];
  expect(best, 'the schedule has a cut task of bars in stock').toBeDefined();
  return best!;
}

type ScheduleDetail = {
  id: string;
  jobs: { id: string; pinned: { machineId: string; start: number } | null }[];
  slots: { jobId: string; machineId: string; kind: 'work' | 'setup'; from: number; to: number }[];
};

test('a planner drags a job along its machine on the draft board, and at 390 px the board scrolls inside its card', async ({
  page,
  scheduleDrafts,
}) => {
  await enterAs(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  const api = await apiAs(page.request, DEMO.planner);
  const demoPlan = await demoCutPlan(api);
  const today = new Date().toISOString().slice(0, 10);
  const created = await api.post<ScheduleDetail>('/dailyPlan', { firstDay: today, days: 3, cutPlanIds: [demoPlan.id] });

  scheduleDrafts.push(created.id);

  await page.goto(`${SCHEDULES_URL}/detail/${created.id}`);
  const board = page.getByTestId('schedule-board');
  await expect(board.getByTestId('board-job').first()).toBeVisible();
  // The demo's jobs last a minute or two: zoomed to minutes, a bar is wide enough to grab.
  await page.getByTestId('board-zoom-720').click();
  // The longest job done in one go (one bar), dragged later along its machine.
  const work = created.slots.filter((slot) => slot.kind === 'work');
  const first = work
    .filter((slot) => work.filter((other) => other.jobId === slot.jobId).length === 1)
    .sort((a, b) => b.to - b.from - (a.to - a.from))[0]!;
  const bar = board.locator(`[data-testid="board-job"][data-job="${first.jobId}"]`).first();
  await bar.scrollIntoViewIfNeeded();
  const before = (await bar.boundingBox())!;
  await snapshot(page, 'board-minutes');
  const moved = page.waitForResponse(
    (response) => response.url().endsWith(`/dailyPlan/${created.id}/move`) && response.request().method() === 'POST',
  );
  const [x, y] = [before.x + Math.min(before.width / 2, 20), before.y + before.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  // 240 px at 720 px an hour: 20 minutes later.
  for (let step = 1; step <= 8; step++) await page.mouse.move(x + step * 30, y);
  await page.mouse.up();
  expect((await moved).request().postDataJSON()).toMatchObject({ jobId: first.jobId, machineId: first.machineId });
  expect((await moved).status()).toBe(200);

  // Pinned where it was dropped: on its machine, later than it was; the board draws it there.
  const after = await api.get<ScheduleDetail>(`/dailyPlan/${created.id}`);
  const pinned = after.jobs.find((job) => job.id === first.jobId)!.pinned;
  expect(pinned?.machineId).toBe(first.machineId);
  expect(pinned!.start).toBeGreaterThan(first.from);
  await expect.poll(async () => (await bar.boundingBox())!.x).toBeGreaterThan(before.x + 120);

  // On a phone the page keeps its width: the board scrolls sideways inside its card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(board).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await board.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await snapshot(page, 'board-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The draft is deleted, which frees the cutting plan for the next schedule.
  await page.getByTestId('detail-delete').click();
  await confirmDialog(page);
  await expect(page).toHaveURL(new RegExp(`${SCHEDULES_URL}$`));
  await expect(page.getByTestId('list-table')).toBeVisible();
});

test('a planner schedules the approved plan and releases it into the machines’ queues, an operator at 390 px runs a task, and the stock pages show its moves', async ({
  page,
}) => {
  // The planner: a new schedule over the demo's approved cutting plan, for three days from today.
  await enterAs(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  const plannerGet = await apiAs(page.request, DEMO.planner);
  const demoPlan = await demoCutPlan(plannerGet);

  await page.goto(SCHEDULES_URL);
  await expect(page.getByTestId('list-table')).toBeVisible();
  await page.getByTestId('list-add').click();
  await expect(page.getByTestId('daily-plan-form')).toBeVisible();
  await page.getByTestId('field-days').fill('3');
  await page.getByTestId(`cut-plan-check-${demoPlan.code}`).check();
  await page.getByTestId('form-submit').click();

  // The board: a row per machine, the jobs on it, each job also listed with its machine.
  await expect(page).toHaveURL(/\/dailyPlan\/detail\//);
  const scheduleId = page.url().split('/').pop()!;
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'draft');
  const board = page.getByTestId('schedule-board');
  await expect(board).toBeVisible();
  await expect(board.getByTestId('board-job').first()).toBeVisible();
  const jobCount = Number(await page.getByTestId('detail-job-count').innerText());
  expect(jobCount).toBeGreaterThan(0);
  await expect(page.getByTestId('schedule-job')).not.toHaveCount(0);
  await expect(page.getByTestId('schedule-lateness')).toBeVisible();
  await snapshot(page, 'board-draft');

  // Released: each job gets its task, linked from the board and the job list.
  await page.getByTestId('detail-release').click();
  await confirmDialog(page);
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'released');
  // A released task not started opens its menu (latest start, move, the task) for a planner who may re-plan it.
  await expect(page.locator('[data-testid="board-job"][data-movable]').first()).toBeVisible();
  await expect(page.getByTestId('detail-release')).toHaveCount(0);

  const tasks = await plannerGet.get<{ items: Task[] }>(`/task?dailyPlanId=${scheduleId}&maxResultCount=1000`);
  expect(tasks.items.length).toBe(jobCount);
  // The line dispatches on release (its product setting's default): every task is in its machine's queue.
  expect(tasks.items.every((task) => task.status === 'dispatched')).toBe(true);
  const task = taskToRun(tasks.items);
  await expect(page.getByTestId(`job-task-${task.code}`)).toBeVisible();
  // The planner reads tasks but does not dispatch them.
  await page.getByTestId(`job-task-${task.code}`).click();
  await expect(page.getByTestId('detail-title')).toContainText(task.code);
  await expect(page.getByTestId('task-drawing')).toBeVisible();
  await expect(page.getByTestId('task-dispatch')).toHaveCount(0);
  await snapshot(page, 'task-detail-pending');
  await signOut(page);

  // The operator on a phone: their machine, its queue, start, a partial report, complete.
  await enterAs(page, OPERATOR);
  await landOnTheLine(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // An operator starts on their machine's queue, not on a dashboard.
  await expect(page).toHaveURL(new RegExp(`${OPERATOR_URL}$`));
  await pickOption(page, 'operator-machine', task.equipmentName);
  const card = page.getByTestId(`operator-task-${task.code}`);
  await expect(card).toBeVisible();
  // A hand scanner types the task's code and Enter: its task opens, first in the queue.
  await page.getByTestId('scan-input').locator('input').fill(task.code);
  await page.getByTestId('scan-input').locator('input').press('Enter');
  await expect(
    page.locator('[data-testid^="operator-task-"]:not([data-testid="operator-task-status"])').first(),
  ).toHaveAttribute('data-testid', `operator-task-${task.code}`);
  await expect(card).toHaveAttribute('data-opened', 'true');
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'dispatched');
  // Only what the status allows: a dispatched task starts.
  await expect(card.getByTestId('task-complete')).toHaveCount(0);
  const start = card.getByTestId('task-start');
  expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await start.click();
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'running');

  const partial = Math.max(1, Math.floor(task.repetitions / 2));
  await card.getByTestId('report-done').fill(String(partial));
  await card.getByTestId('report-submit').click();
  await expect(card.getByTestId('task-progress')).toContainText(`${partial} / ${task.repetitions}`);
  await snapshot(page, 'operator-phone');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByTestId('task-complete').click();
  await confirmDialog(page);
  // Done: it has left the machine's queue, and stays shown as the task the operator opened. Nothing is left to
  // do on the task itself but print the tags of the bundles it made and the labels of the offcut it kept; its
  // first piece, never checked, is still due for the sampling plan's check. The offcut's labels are asserted
  // before the "nothing else" count: that count would also pass on the card drawn before the task's stock moves
  // arrive.
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'done');
  await expect(card.getByTestId('piece-open')).toBeVisible();
  await expect(card.locator('[data-testid^="print-tags-"]').first()).toBeVisible();
  if (task.pattern?.offcutKind === 'tail') await expect(card.getByTestId('print-offcut-labels')).toBeVisible();
  await expect(
    card.locator(
      'button:not([data-testid="piece-open"]):not([data-testid^="print-tags-"]):not([data-testid^="print-offcut-labels"])',
    ),
  ).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);

  // The stock pages show the task's moves: finished pieces in, and the offcut kept as a tail.
  await enterAs(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  const ledgerRows = (url: string) => async () => {
    await page.goto(`${url}?sourceCode=${encodeURIComponent(task.code)}`);
    await expect(page.getByTestId('list-table')).toBeVisible();
    return page.getByTestId('list-table').locator('tbody tr[data-testid^="row-"]');
  };
  const finished = await ledgerRows(FINISHED_LOG_URL)();
  await expect(finished.first()).toContainText(task.code);
  if (task.pattern?.offcutKind === 'tail') {
    const tails = await ledgerRows(TAIL_LOG_URL)();
    await expect(tails.first()).toContainText(task.code);
  }
  // And the task's own page lists the same ledger rows.
  await page.goto(`${TASKS_URL}/detail/${task.id}`);
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('task-stock-moves').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('task-events').getByTestId('task-event')).not.toHaveCount(0);
  await snapshot(page, 'task-detail-done');
});
