import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { CutPlanDetail, DemandOrderDetail, StockItem } from '@armature/domain';
import { DEMO, apiAs, enterWithDefaultProduct, pickOption, type Api, chooseFromMenu, enterAs } from './support.ts';

// The bell and the envelope in the header, the notifications page and the messages page.

const NOTIFICATIONS_URL = '/user/notifications';
const MESSAGES_URL = '/user/messages';
const PHONE = { width: 390, height: 844 };

// Set NOTIFICATIONS_SCREENSHOTS=<folder> to keep a screenshot of each screen the tests pass through.
const screenshots = process.env.NOTIFICATIONS_SCREENSHOTS;

async function snapshot(page: Page, what: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${what}.png`) });
}

/** An indicator's unread count as the header shows it, once it is known. */
async function countOf(page: Page, testId: 'notification-count' | 'message-count'): Promise<number> {
  const indicator = page.getByTestId(testId);
  await expect(indicator).toHaveAttribute('data-count', /^\d+$/);
  return Number(await indicator.getAttribute('data-count'));
}

const bellCount = (page: Page) => countOf(page, 'notification-count');

/**
 * A confirmed order of straight bars cut from raw bars the line holds, and a cutting plan started on
 * it (a one-second run), as the planner does it: answers the plan.
 */
async function startPlan(api: Api): Promise<CutPlanDetail> {
  const raw = await api.get<{ items: StockItem[] }>('/stock/raw?maxResultCount=100&sorting=length%20desc');
  const stock = raw.items.find((row) => row.available >= 4 && row.length >= 6000);
  expect(stock, 'the demo line holds raw bars').toBeDefined();
  const order = await api.post<DemandOrderDetail>('/demandOrder', {
    project: '通知测试工程',
    element: `BELL-${Date.now() % 100_000}`,
    customer: null,
    demandDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    priority: 'normal',
    remark: null,
    lines: [
      {
        mark: 'N1',
        rebarId: stock!.rebarId,
        length: Math.floor(stock!.length / 3) - 100,
        members: 1,
        barsPerMember: 3,
      },
    ],
  });
  await api.post(`/demandOrder/${order.id}/confirm`);
  return api.post<CutPlanDetail>('/cutPlan', {
    demandOrderIds: [order.id],
    sources: { raw: true, tails: false, purchase: false },
    timeLimitS: 1,
  });
}

/** A day as the date pickers take it, in the browser's (and this process's) time zone. */
const localDay = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

test('the bell updates live when a plan finishes; the notifications page filters, marks read and reads all', async ({
  page,
}) => {
  await enterAs(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  const bell = page.getByTestId('notification-count');
  await expect(bell).toBeVisible();
  const before = await bellCount(page);

  // The planner starts a run through the API; the page is never reloaded, yet the bell counts it.
  const api = await apiAs(page.request, DEMO.planner);
  // The day the plan's notices begin: a run may end after midnight, so the range below spans from it to today.
  const firstDay = localDay(new Date());
  const plan = await startPlan(api);
  await expect.poll(() => bellCount(page), { timeout: 90_000 }).toBe(before + 1);

  // The popover words it in Chinese and links to the plan.
  await page.getByTestId('notification-bell').click();
  const popover = page.getByTestId('notification-popover');
  await expect(popover).toBeVisible();
  const item = popover.getByTestId(/^notification-link-/).filter({ hasText: plan.code });
  await expect(item).toContainText('优化完成');
  await expect(item).toHaveAttribute('href', `/productionPlan/plan/cutPlan/detail/${plan.id}`);
  await snapshot(page, 'bell-popover');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/cutPlan/detail/${plan.id}$`));
  // Following it marks it read.
  await expect.poll(() => bellCount(page)).toBe(before);

  // Another run of the same plan: told again, live, on whatever page the planner is.
  await api.post(`/cutPlan/${plan.id}/optimize`, {});
  await expect.poll(() => bellCount(page), { timeout: 90_000 }).toBe(before + 1);

  // The page, through the user menu.
  await chooseFromMenu(page, 'user-menu', 'user-menu-notifications');
  await expect(page).toHaveURL(new RegExp(`${NOTIFICATIONS_URL}$`));
  const table = page.getByTestId('list-table');
  await expect(table).toBeVisible();
  await pickOption(page, 'filter-kind', '方案优化完成');
  await expect(page).toHaveURL(/kind=planOptimised/);
  const planRows = table.locator('tr[data-testid^="notification-row-"]').filter({ hasText: plan.code });
  await expect(planRows).toHaveCount(2);
  // Unread only: the second run's, not the one followed from the popover.
  await page.getByTestId('filter-unread').click();
  // Both filters hold: a second filter set before the page renders again must not drop the first.
  await expect(page).toHaveURL(/kind=planOptimised.*unread=true/);
  await expect(planRows).toHaveCount(1);
  const unreadRow = planRows.first();
  await expect(unreadRow).toHaveAttribute('data-unread', 'true');
  await expect(unreadRow.getByTestId(/^notification-link-/)).toHaveAttribute(
    'href',
    `/productionPlan/plan/cutPlan/detail/${plan.id}`,
  );
  await unreadRow.getByTestId(/^notification-mark-read-/).click();
  await expect(planRows).toHaveCount(0);
  await expect.poll(() => bellCount(page)).toBe(before);

  // A range of days up to today keeps both of the plan's.
  await page.getByTestId('filter-unread').click();
  await page.getByPlaceholder('开始日期').fill(firstDay);
  await page.getByPlaceholder('结束日期').fill(localDay(new Date()));
  await page.getByPlaceholder('结束日期').press('Enter');
  await expect(page).toHaveURL(/from=.*to=/);
  await expect(planRows).toHaveCount(2);
  await snapshot(page, 'notifications-page');

  // A third run, then "read all" while the list shows one kind: that kind's are read, others stay.
  await api.post(`/cutPlan/${plan.id}/optimize`, {});
  await expect.poll(() => bellCount(page), { timeout: 90_000 }).toBe(before + 1);
  // (The demo's own plans may have told the planner of their runs too: those are of this kind as well.)
  const unread = async (kind = '') =>
    (await api.get<{ totalCount: number }>(`/notifications?unread=true&maxResultCount=1${kind && `&kind=${kind}`}`))
      .totalCount;
  const otherKinds = (await unread()) - (await unread('planOptimised'));
  await page.getByTestId('notifications-read-all').click();
  await expect.poll(() => unread('planOptimised')).toBe(0);
  await expect.poll(() => bellCount(page)).toBe(otherKinds);
  await expect(table.locator('tr[data-unread="true"]')).toHaveCount(0);
  // Unfiltered, "read all" reads everything: the bell goes back to nothing.
  await page.goto(NOTIFICATIONS_URL);
  await expect(table).toBeVisible();
  await page.getByTestId('notifications-read-all').click();
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(table.locator('tr[data-unread="true"]')).toHaveCount(0);

  // Muting a kind is kept on the server.
  await page.getByTestId('notifications-settings').click();
  const muteSwitch = page.getByTestId('preference-orderDue');
  await expect(muteSwitch).toHaveAttribute('aria-checked', 'true');
  await muteSwitch.click();
  await expect(muteSwitch).toHaveAttribute('aria-checked', 'false');
  await snapshot(page, 'notification-settings');
  await expect
    .poll(async () => (await api.get<{ mutedKinds: string[] }>('/account/preferences')).mutedKinds)
    .toEqual(['orderDue']);
  await muteSwitch.click();
  await expect
    .poll(async () => (await api.get<{ mutedKinds: string[] }>('/account/preferences')).mutedKinds)
    .toEqual([]);
});

/** A user of the second demo client (江苏恒力), made by the administrator: someone the DEMO staff may not write to. */
async function otherClientUser(request: APIRequestContext): Promise<string> {
  const admin = await apiAs(request, DEMO.admin);
  const clients = await admin.get<{ id: string; code: string }[]>('/client/all');
  const hengli = clients.find((client) => client.code === 'HENGLI');
  expect(hengli, 'the demo has a second client').toBeDefined();
  const userName = `hengli${Date.now() % 100_000}`;
  await admin.post('/users', {
    userName,
    name: `恒力${userName}`,
    password: 'Hengli2026',
    roleNames: ['planner'],
    status: 'active',
    clientId: hengli!.id,
  });
  return userName;
}

/** Types in the recipients picker and waits for the server's answer to that search. */
async function searchRecipients(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/messages/recipients' &&
      new URL(response.url()).searchParams.get('filter') === text,
  );
  await page.getByTestId('compose-recipients').locator('input').fill(text);
  await answered;
}

test('a plant user writes to a colleague, who sees the count and reads it; another client is not offered; both pages fit a phone', async ({
  page,
  browser,
}) => {
  const stranger = await otherClientUser(page.request);
  const subject = `领料安排 ${Date.now() % 100_000}`;

  await enterAs(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  await page.getByTestId('message-indicator').click();
  await expect(page).toHaveURL(new RegExp(`${MESSAGES_URL}$`));
  await page.getByTestId('message-compose').click();
  await expect(page.getByTestId('compose-form')).toBeVisible();

  // Sending to nobody is refused on the field, before the server is asked.
  await page.getByTestId('compose-subject').fill(subject);
  await page.getByTestId('compose-body').fill('明早 8 点前请备好 Φ12 原材料 3 t。');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-form').locator('.ant-form-item-explain-error')).toHaveCount(1);

  // Another client's user is not offered; the colleague is.
  await searchRecipients(page, stranger);
  await expect(page.getByTestId(`recipient-option-${stranger}`)).toHaveCount(0);
  await searchRecipients(page, 'keeper');
  await page.getByTestId('recipient-option-keeper').click();
  await snapshot(page, 'compose');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-form')).toBeHidden();
  await page.getByTestId('message-tab-sent').click();
  await expect(page.locator(`tr[data-subject="${subject}"]`)).toBeVisible();
  await snapshot(page, 'messages-sent');

  // The colleague, in their own browser.
  const keeperContext = await browser.newContext();
  const keeper = await keeperContext.newPage();
  await enterAs(keeper, DEMO.keeper);
  await enterWithDefaultProduct(keeper);
  // Then on a phone: the header keeps the envelope.
  await keeper.setViewportSize(PHONE);
  const envelope = keeper.getByTestId('message-count');
  await expect.poll(() => countOf(keeper, 'message-count')).toBeGreaterThan(0);
  const unreadBefore = await countOf(keeper, 'message-count');
  await keeper.getByTestId('message-indicator').click();
  await expect(keeper.getByTestId('message-tab-inbox')).toHaveAttribute('data-count', String(unreadBefore));
  const row = keeper.locator(`tr[data-subject="${subject}"]`);
  await expect(row).toHaveAttribute('data-unread', 'true');
  // Unread: bold (antd's strong text).
  await expect(row.getByTestId('message-line-who').locator('strong')).toBeVisible();
  await expectFits(keeper, 'the messages list');

  // On a phone the message takes the list's place; reading it marks it read.
  await row.click();
  await expect(keeper.getByTestId('message-subject')).toHaveText(subject);
  await expect(keeper.getByTestId('message-body')).toContainText('Φ12');
  await expect(keeper.getByTestId('message-sender')).toContainText('planner');
  await expect(keeper.getByTestId('message-table')).toBeHidden();
  await expect(envelope).toHaveAttribute('data-count', String(unreadBefore - 1));
  await expectFits(keeper, 'a message');

  // A reply reaches the planner live.
  const plannerUnread = await countOf(page, 'message-count');
  await keeper.getByTestId('message-reply').click();
  await expect(keeper.getByTestId('compose-subject')).toHaveValue(`Re: ${subject}`);
  await keeper.getByTestId('compose-body').fill('收到，已安排。');
  await keeper.getByTestId('compose-send').click();
  await expect(keeper.getByTestId('compose-form')).toBeHidden();
  await expect(page.getByTestId('message-count')).toHaveAttribute('data-count', String(plannerUnread + 1));

  await keeper.getByTestId('message-back').click();
  await expect(keeper.getByTestId('message-table')).toBeVisible();
  await expect(row).toHaveAttribute('data-unread', 'false');

  // The notifications page on a phone.
  await keeper.goto(NOTIFICATIONS_URL);
  await expect(keeper.getByTestId('list-table')).toBeVisible();
  await expectFits(keeper, 'the notifications page');
  await keeperContext.close();
});

/** The page has settled and its document is no wider than the phone. */
async function expectFits(page: Page, what: string) {
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await snapshot(page, `phone-${what.replace(/\W+/g, '-')}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}
