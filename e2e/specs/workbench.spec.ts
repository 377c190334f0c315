import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMAND_ORDER_PERMISSIONS, STOCK_PERMISSIONS, pageUrlOf } from '@armature/domain';
import { DEMO, apiAs, enterWithDefaultProduct, pickOption, signIn, chooseFromMenu, enterAs } from './support.ts';

// The user's day: a plant user lands on their dashboard, finds what waits for them under
// "my tasks", and their theme follows them to any browser; the maker's staff keep the BOM centre.

const DASHBOARD_URL = '/user/dashboard';
const MY_TASKS_URL = '/user/tasks';
const PHONE = { width: 390, height: 844 };

async function plannerOnTheDashboard(page: Page) {
  await enterAs(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD_URL}$`));
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/** The relative luminance (0 black … 1 white) of an element's background. */
async function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const [r = 0, g = 0, b = 0] = (getComputedStyle(element).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    });
}

async function expectDark(page: Page, dark: boolean) {
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('aria-checked', String(dark));
  const luminance = await backgroundLuminance(page, '.ant-layout');
  if (dark) expect(luminance).toBeLessThan(0.1);
  else expect(luminance).toBeGreaterThan(0.5);
}

/** Waits for the theme's save on the server after flipping the header's switch. */
async function flipTheme(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/account/preferences') && response.request().method() === 'PUT',
  );
  await page.getByTestId('theme-switch').click();
  expect((await saved).ok()).toBe(true);
}

test('a plant user lands on the dashboard, whose tiles lead to their pages', async ({ page }, testInfo) => {
  await plannerOnTheDashboard(page);
  const tiles = page.locator('[data-testid^="tile-"][data-testid$="-link"]');
  expect(await tiles.count()).toBeGreaterThanOrEqual(2);
  // The planner reads orders and stock: both tiles are theirs.
  await expect(page.getByTestId('tile-ordersDue')).toBeVisible();
  await expect(page.getByTestId('tile-stock')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-light.png'), fullPage: true });

  await page.getByTestId('tile-stock-link').click();
  await expect(page).toHaveURL(new RegExp(`${pageUrlOf(STOCK_PERMISSIONS.raw.stock)}$`));
  await page.goBack();
  await page.getByTestId('tile-ordersDue-link').click();
  await expect(page).toHaveURL(new RegExp(`${pageUrlOf(DEMAND_ORDER_PERMISSIONS.read)}$`));
  await expect(page.getByTestId('list-table')).toBeVisible();

  // `/` is the dashboard too, and the user menu leads back to it.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD_URL}$`));
});

test('my tasks lists a draft order to confirm, and its link opens the order', async ({ page }) => {
  await plannerOnTheDashboard(page);
  const api = await apiAs(page.request, DEMO.planner);
  const specs = await api.get<{ id: string; diameter: number }[]>('/rebar/all');
  const spec = specs.find((each) => each.diameter === 12) ?? specs[0];
  const suffix = String(Date.now() % 100_000);
  const order = await api.post<{ id: string; code: string }>('/demandOrder', {
    project: `e2e-day-${suffix}`,
    element: '梁 L1',
    demandDate: '2026-12-31',
    lines: [{ mark: `D${suffix}`, rebarId: spec!.id, length: 3000, members: 1, barsPerMember: 4 }],
  });

  await chooseFromMenu(page, 'user-menu', 'user-menu-tasks');
  await expect(page).toHaveURL(new RegExp(`${MY_TASKS_URL}$`));
  const group = page.getByTestId('my-tasks-orderToConfirm');
  await expect(group).toBeVisible();
  const item = group.locator(`[data-testid="my-task-orderToConfirm"][data-id="${order.id}"]`);
  await expect(item).toContainText(order.code);
  await item.getByTestId('my-task-link').click();
  await expect(page).toHaveURL(new RegExp(`/demandOrder/detail/${order.id}$`));
  // Where it is done: the draft's confirm button.
  await expect(page.getByTestId('detail-confirm')).toBeVisible();
});

test("the maker's staff still land on the BOM centre", async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, DEMO.admin);
  const chooser = page.getByTestId('chooser-form');
  const productSwitch = page.getByTestId('product-switch');
  await expect(chooser.or(productSwitch).first()).toBeVisible();
  if (await chooser.isVisible()) {
    await pickOption(page, 'chooser-client', DEMO.client);
    await pickOption(page, 'chooser-product', DEMO.products.line1);
    await page.getByTestId('chooser-confirm').click();
  }
  await expect(page).toHaveURL(/\/superAdmin\/BOMCenter\/spareOarts$/);
});

async function freshBrowserAsPlanner(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await plannerOnTheDashboard(page);
  return { context, page };
}

test('the dark theme chosen follows the user into a fresh browser', async ({ browser }, testInfo) => {
  const first = await freshBrowserAsPlanner(browser);
  await expectDark(first.page, false);
  await flipTheme(first.page);
  await expectDark(first.page, true);
  await first.context.close();

  // A new browser: nothing in its storage, the server remembers.
  const second = await freshBrowserAsPlanner(browser);
  try {
    await expectDark(second.page, true);
    await second.page.screenshot({ path: testInfo.outputPath('dashboard-dark.png'), fullPage: true });
    await second.page.goto(MY_TASKS_URL);
    await expect(second.page.getByTestId('my-tasks')).toBeVisible();
    await second.page.screenshot({ path: testInfo.outputPath('my-tasks-dark.png'), fullPage: true });
    await second.page.goto(DASHBOARD_URL);
    await flipTheme(second.page);
    await expectDark(second.page, false);
  } finally {
    // The next specs' planner starts light again, whatever happened above.
    await (await apiAs(second.page.request, DEMO.planner)).put('/account/preferences', { theme: 'light' });
    await second.context.close();
  }
});

test('at 390 px the dashboard tiles stack and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await enterAs(page, DEMO.planner);
  const chooser = page.getByTestId('chooser-form');
  await expect(chooser.or(page.getByTestId('header-menu')).first()).toBeVisible();
  if (await chooser.isVisible()) await page.getByTestId('chooser-confirm').click();
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD_URL}$`));
  const stock = page.getByTestId('tile-stock');
  const orders = page.getByTestId('tile-ordersDue');
  await expect(stock).toBeVisible();
  await expect(orders).toBeVisible();
  const [a, b] = [await orders.boundingBox(), await stock.boundingBox()];
  expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
  expect(b!.y).toBeGreaterThan(a!.y);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
});
