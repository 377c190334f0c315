import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DAILY_PLAN_PERMISSIONS, TASK_PERMISSIONS, pageUrlOf, type DailyPlanDetail, type Task } from '@armature/domain';
import { MENU_PAGES, settled } from './page-walk.ts';
import { adminApi, produceBundles } from './production-flow.ts';
import { confirmDialogOk } from './resource-form.ts';
import { DEMO, apiAs, demoCutPlan, enterAs } from './support.ts';

// Reading the screens as a plant's users do: machines told apart, times on the plant's clock whatever the
// browser's zone, a dashboard that fits, and lists whose key columns show at 1280 px.

const PLANT_ZONE = 'Asia/Shanghai';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An instant as the screens write it on the plant's clock (`YYYY-MM-DD HH:mm`). */
function plantTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: PLANT_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(Date.parse(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The element's box, which must be on the page. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

test.describe('a browser set to UTC', () => {
  test.use({ timezoneId: 'UTC', viewport: DESKTOP });

  test('shows a task on the plant clock, its duration and its machine by name and serial number, and says the zone once', async ({
    page,
  }) => {
    // Entering chooses the first line for the administrator (stored server-side), which their API then works on.
    await enterAs(page, DEMO.admin, { product: DEMO.products.line1, path: pageUrlOf(TASK_PERMISSIONS.read) });
    const api = await adminApi(page.request);
    const { bundles } = await produceBundles(api);
    const task = await api.get<Task>(`/task/${bundles[0]!.taskId}`);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await expect(page.getByTestId('plant-time-zone')).toHaveText(new RegExp(PLANT_ZONE));

    await page.getByTestId('list-search').locator('input').fill(task.code);
    await page.getByTestId('list-search').locator('input').press('Enter');
    const row = page.getByTestId('list-table').locator('tbody tr.ant-table-row', { hasText: task.code });
    await expect(row).toHaveCount(1);
    // The plant's 08:00 is 00:00 in UTC: the list reads the plant's clock, as the board does.
    await expect(row).toContainText(plantTime(task.plannedStart));
    expect(plantTime(task.plannedStart)).not.toBe(
      new Date(task.plannedStart).toISOString().slice(0, 16).replace('T', ' '),
    );
    await expect(row).toContainText(`${task.equipmentName} (${task.serialNumber})`);
    // The planned duration, in the user's language (Chinese here): a short task still reads as a span.
    await expect(row).toContainText(/\d+ (秒|分钟|小时)/);
  });
});

test('the dashboard fits 1280 px with the OEE table whole and machines told apart, and its chart reads at 390 px', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1, path: '/user/dashboard' });
  const oee = page.getByTestId('tile-oee');
  await expect(oee.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // Two stirrup benders of one model: each row names its machine with its serial number.
  const names = await oee.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
  expect(names.length).toBeGreaterThan(1);
  expect(new Set(names).size).toBe(names.length);
  // The last column (quality) ends inside the tile: nothing to scroll sideways to.
  const tile = await box(oee);
  const lastHeader = await box(oee.locator('thead th').last());
  expect(lastHeader.x + lastHeader.width).toBeLessThanOrEqual(tile.x + tile.width);
  const noShift = await oee.locator('tbody td', { hasText: /^–$/ }).count();
  if (noShift > 0) await expect(oee.getByTestId('oee-no-shift')).toBeVisible();

  // At 390 px the chart names every machine by its serial number, and the page does not scroll sideways.
  await page.setViewportSize(PHONE);
  const chart = page.getByTestId('tile-production');
  for (const name of names) await expect(chart).toContainText(/\(([^)]+)\)/.exec(name)![1]!);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

/**
 * The key columns of a list, by their French titles: its status, and when it was created (whose title
 * "Créée le" was cut short). Each must be inside 1280 px with its title whole.
 */
const KEY_TITLES = /^(Statut|État|Etat|Créée? le)$/;

async function expectKeyColumnsInView(page: Page, what: string) {
  const headers = page.getByTestId('list-table').locator('thead th');
  const count = await headers.count();
  for (let index = 0; index < count; index++) {
    const header = headers.nth(index);
    const title = (await header.innerText()).trim();
    if (!KEY_TITLES.test(title)) continue;
    const cut = await header.evaluate((element) => {
      const text = element.querySelector('.ant-table-column-title') ?? element;
      return text.scrollWidth > text.clientWidth + 1;
    });
    expect.soft(cut, `${what}: the title "${title}" is cut short`).toBe(false);
    const place = await box(header);
    expect.soft(place.x + place.width, `${what}: "${title}" is inside 1280 px`).toBeLessThanOrEqual(DESKTOP.width);
  }
}

test('every list shows its key columns at 1280 px in French, titles whole', async ({ page }) => {
  // Every menu page in turn, like the walk: at load 25 on two cores that took longer than one test's budget.
  test.setTimeout(1_800_000);
  await page.setViewportSize(DESKTOP);
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-fr-FR').click();
  await expect(page.getByTestId('side-menu')).toContainText('Configuration de base');
  try {
    let lists = 0;
    for (const node of MENU_PAGES) {
      await page.goto(node.url);
      const table = page.getByTestId('list-table');
      await expect(
        table.or(page.getByTestId('screen-page')).or(page.getByTestId('not-found')).first(),
        `${node.id} comes up`,
      ).toBeVisible({ timeout: 60_000 });
      if (!(await table.count())) continue;
      await settled(page);
      await expectKeyColumnsInView(page, node.id);
      lists += 1;
    }
    expect(lists).toBeGreaterThan(10);
  } finally {
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-zh-CN').click();
    await expect(page.getByTestId('side-menu')).toContainText('基础配置');
  }
});

test('the board opens on the first job, tells a job in its tooltip, and auto-schedule says what it placed', async ({
  page,
  scheduleDrafts,
}) => {
  await page.setViewportSize(DESKTOP);
  // Entering chooses the planner's line (stored server-side), which their API then works on.
  await enterAs(page, DEMO.planner, { product: DEMO.products.line1 });
  const api = await apiAs(page.request, DEMO.planner);
  // A month ahead: the demo's own schedules and the hour of the run leave the machines free there, so the
  // first slot is the same whenever the test runs (today a job could begin in the last seconds of a shift).
  const firstDay = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  const draft = await api.post<DailyPlanDetail>('/dailyPlan', {
    firstDay,
    days: 3,
    cutPlanIds: [(await demoCutPlan(api)).id],
  });
  // A try that failed before deleting its draft must not hold the cutting plan from the next one.
  scheduleDrafts.push(draft.id);
  const first = draft.slots.filter((slot) => slot.kind === 'work').sort((a, b) => a.from - b.from)[0]!;
  const job = draft.jobs.find((each) => each.id === first.jobId)!;
  const order = draft.orders.find((each) => job.orderIds.includes(each.id))!;

  await page.goto(`${pageUrlOf(DAILY_PLAN_PERMISSIONS.read)}/detail/${draft.id}`);
  const board = page.getByTestId('schedule-board');
  await page.getByTestId('board-zoom-180').click();
  // The first slot itself: a job split over a break has several bars.
  const bar = board.locator(`[data-testid="board-job"][data-job="${first.jobId}"][data-from="${first.from}"]`);
  // Each zoom opens where the work is: the first job is in the board's view without scrolling to it, as
  // wide as its time at that zoom's hour width.
  const opensOnFirst = (hourWidth: number) =>
    expect
      .poll(async () => {
        const [place, view] = [await bar.boundingBox(), await board.boundingBox()];
        const wide = Math.max(3, ((first.to - first.from) / HOUR) * hourWidth);
        return (
          !!place && !!view && place.x >= view.x && place.x < view.x + view.width && Math.abs(place.width - wide) < 1
        );
      })
      .toBe(true);
  await opensOnFirst(180);
  // The close-up is 16 times the hours view.
  await page.getByTestId('board-zoom-2880').click();
  await opensOnFirst(2880);
  await bar.hover();
  const tip = page.getByTestId('board-job-tip');
  await expect(tip).toContainText(order.code);
  await expect(tip).toContainText(`${plantTime(new Date(first.from).toISOString())} – `);

  await page.getByTestId('detail-auto-schedule').click();
  await expect(page.getByText(new RegExp(`已排入 \\d+/${draft.jobs.length} 个作业`)).first()).toBeVisible();
  // The optimiser, from the button's menu, a background job: its progress shows live on the board, then
  // the summary says order-days late, changeovers and the end, before → after.
  await page.getByTestId('detail-auto-schedule-modes').click();
  await page.getByTestId('detail-optimise').click();
  await expect(page.getByTestId('optimise-progress')).toContainText(/正在优化… \d+%/, { timeout: 30_000 });
  await expect(page.getByTestId('optimise-progress')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(/订单延误天数 \d+ → \d+，换型 \d+ → \d+/).first()).toBeVisible();

  // The draft goes, which frees the cutting plan for the next schedule.
  await page.getByTestId('detail-delete').click();
  await confirmDialogOk(page).click();
  await expect(page.getByTestId('list-table')).toBeVisible();
});
