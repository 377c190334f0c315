import type { Page } from '@playwright/test';
import {
  DIGITAL_TWIN_PERMISSIONS,
  TASK_PERMISSIONS,
  pageUrlOf,
  type DailyPlanDetail,
  type Task,
} from '@armature/domain';
import { expect, test } from './fixtures.ts';
import { isoDay, plannedOrder } from './production-flow.ts';
import { REPLAN_MODELS, applyProposal, copyOf, fitsThePhone } from './replan-dialog.ts';
import { PHONE } from './screen-checks.ts';
import { DEMO, adminOnFirstLine, enterAs } from './support.ts';

const SHIFT_LEAD = { userName: 'shiftLead', password: 'ShiftLead2026' } as const;
const TASKS_URL = pageUrlOf(TASK_PERMISSIONS.read);
const TWIN_URL = pageUrlOf(DIGITAL_TWIN_PERMISSIONS.read);

/**
 * The spec's own machines (copies of the models under this run's serial numbers, without telemetry, so
 * their status is set by hand): the demo machines' work, which other specs use, is never taken down here.
 */
const RUN = Date.now() % 1_000_000;
const SERIALS = REPLAN_MODELS.map((_, index) => `RP${RUN}-${index + 1}`);

/** The machine and planned start a move in the open proposal names: `<machine> · <time>`. */
async function proposedFor(page: Page, code: string) {
  const text = await page.getByTestId(`replan-move-${code}`).getByTestId('replan-move-to').innerText();
  const [machine, time] = text.split(' · ');
  return { machine: machine!.trim(), time: time!.trim() };
}

test('the shift lead moves a task by hand on a phone, then takes a machine down: the proposal with its cost, applied, the tasks on their new machines and times', async ({
  page,
}) => {
  const admin = await adminOnFirstLine(page.request);
  const [down, spare] = await Promise.all(REPLAN_MODELS.map((model, index) => copyOf(admin, model, SERIALS[index]!)));
  const spec = (await admin.get<{ id: string; grade: string; diameter: number }[]>('/rebar/all')).find(
    (row) => row.grade === 'HRB400E' && row.diameter === 12,
  )!;
  // Three straight Φ12 orders, their plans approved and scheduled tomorrow on the machine that will go down.
  const now = Date.now();
  const plans: string[] = [];
  for (const [index, length] of [2100, 2300, 2500].entries()) {
    const { plan } = await plannedOrder(
      admin,
      { project: '重排工程', mark: `RP${index + 1}`, rebarId: spec.id, length, now },
      { raw: true, tails: false, purchase: false },
    );
    await admin.post(`/cutPlan/${plan.id}/approve`);
    plans.push(plan.id);
  }
  const schedule = await admin.post<DailyPlanDetail>('/dailyPlan', {
    firstDay: isoDay(now + 24 * 3_600_000),
    days: 3,
    cutPlanIds: plans,
    machineIds: [down!.id],
  });
  await admin.post(`/dailyPlan/${schedule.id}/release`);
  const tasks = (await admin.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`)).items;
  expect(tasks.length).toBeGreaterThanOrEqual(3);
  expect(tasks.every((task) => task.equipmentId === down!.id)).toBe(true);
  const [first, ...rest] = tasks;

  // On a phone: one task moved by hand from its page to the spare machine, re-timed there.
  await page.setViewportSize(PHONE);
  await enterAs(page, SHIFT_LEAD, { product: DEMO.products.line1, path: `${TASKS_URL}/detail/${first!.id}` });
  await page.getByTestId('move-tasks').click();
  await page.getByTestId('machine-pick').click();
  await page.locator('.ant-select-item-option', { hasText: spare!.serialNumber }).first().click();
  // The move may also take another day (left empty here: the task keeps at least its planned start).
  await expect(page.getByTestId('move-day')).toBeVisible();
  await fitsThePhone(page);
  await page.getByTestId('machine-pick-ok').click();
  await expect(page.getByTestId('replan-cost')).toBeVisible({ timeout: 90_000 });
  const handMove = await proposedFor(page, first!.code);
  expect(handMove.machine).toContain(spare!.serialNumber);
  await fitsThePhone(page);
  await applyProposal(page);
  await expect(page.getByTestId('detail')).toContainText(spare!.serialNumber);
  const moved = await admin.get<Task>(`/task/${first!.id}`);
  expect(moved.equipmentId).toBe(spare!.id);
  await expect(page.getByTestId('task-event').last()).toHaveAttribute('data-action', 'replan');

  // The machine breaks down (set by hand: it sends no telemetry). The fault's notification opens the
  // proposal on the machine's twin page: on a phone too, nothing wider than the screen.
  await admin.post(`/equipment/normal/${down!.id}/status`, { operationStatus: 'fault', remark: 'hydraulics' });
  await page.goto(`${TWIN_URL}/detail/${down!.id}?view=replan`);
  await expect(page.getByTestId('replan-proposal')).toBeVisible({ timeout: 90_000 });
  for (const task of rest) await expect(page.getByTestId(`replan-move-${task.code}`)).toBeVisible();
  await fitsThePhone(page);
  await page.getByTestId('replan-close').click();

  // On a desktop: the twin board's card of the machine in fault re-plans around it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(TWIN_URL);
  const card = page.getByTestId(`twin-card-${down!.serialNumber}`);
  await expect(card).toHaveAttribute('data-state', 'fault', { timeout: 90_000 });
  await card.getByTestId(`replan-machine-${down!.id}`).click();
  const dialog = page.getByTestId('replan-dialog');
  await expect(dialog.getByTestId('replan-cost')).toBeVisible({ timeout: 90_000 });
  // What it costs, in words and by machine: the broken machine's work goes to zero.
  await expect(dialog.getByTestId('replan-cost')).toContainText(String(rest.length));
  await expect(dialog.getByTestId(`replan-load-${down!.id}`)).toContainText('→');
  const proposed = new Map<string, { machine: string; time: string }>();
  for (const task of rest) proposed.set(task.code, await proposedFor(page, task.code));
  await applyProposal(page);

  // The tasks show their new machine and planned start, in the list and on their pages.
  for (const task of rest) {
    const after = await admin.get<Task>(`/task/${task.id}`);
    expect(after.equipmentId).not.toBe(down!.id);
    await page.goto(`${TASKS_URL}/detail/${task.id}`);
    const detail = page.getByTestId('detail');
    await expect(detail).toContainText(after.serialNumber);
    await expect(detail).toContainText(proposed.get(task.code)!.time);
    expect(proposed.get(task.code)!.machine).toContain(after.serialNumber);
  }
  await page.goto(TASKS_URL);
  await page.getByTestId('list-search').locator('input').fill(rest[0]!.code);
  await page.getByTestId('list-search').locator('input').press('Enter');
  await expect(page.getByTestId(`row-${rest[0]!.code}`)).not.toContainText(down!.serialNumber);
});
