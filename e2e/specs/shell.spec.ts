import { expect, test } from './fixtures.ts';
import { chooseProduct, DEMO, enterWithDefaultProduct, openMenuPage, signIn, signOut, enterAs } from './support.ts';
import { announced } from './messages.ts';

test('the login page opens in Chinese and an anonymous visitor is sent to it', async ({ page }) => {
  await page.goto('/basicConfig/user/roles');
  await expect(page).toHaveURL(/\/auth\/login\?to=%2FbasicConfig%2Fuser%2Froles/);
  await expect(page.getByTestId('login-submit')).toContainText('登');
});

test('admin signs in, chooses client and product, opens menu entries with breadcrumbs, switches language and theme, logs out', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO.admin);
  await chooseProduct(page, DEMO.products.line1);
  await expect(page.getByTestId('demo-password-banner')).toBeVisible();
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);

  await openMenuPage(page, 'basicConfig.user.personnel');
  await expect(page).toHaveURL(/\/basicConfig\/user\/personnel$/);
  await expect(page.getByTestId('list-table')).toContainText('planner');
  await expect(page.getByTestId('breadcrumb')).toContainText('基础配置');
  await expect(page.getByTestId('breadcrumb')).toContainText('用户管理');
  await expect(page.getByTestId('breadcrumb')).toContainText('人员');

  await openMenuPage(page, 'basicConfig.user.roles');
  await expect(page).toHaveURL(/\/basicConfig\/user\/roles$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('角色');
  // docs/spec.md §1.4 Breadcrumbs: the suffix of a sub-route is removed before matching the menu.
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/\/basicConfig\/user\/roles\/add$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('角色');

  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-fr-FR').click();
  await expect(page.getByTestId('breadcrumb')).toContainText('Rôles');
  await expect(page.getByTestId('side-menu')).toContainText('Configuration de base');

  const background = () =>
    page
      .locator('.ant-layout')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  // The theme follows the user: an earlier test may have left the admin's dark.
  const themeSwitch = page.getByTestId('theme-switch');
  if ((await themeSwitch.getAttribute('aria-checked')) === 'true') await themeSwitch.click();
  await expect(themeSwitch).toHaveAttribute('aria-checked', 'false');
  const lightBackground = await background();
  await themeSwitch.click();
  await expect.poll(background).not.toBe(lightBackground);
  const [red, green, blue] = (await background()).match(/\d+/g)!.map(Number);
  expect(red! + green! + blue!).toBeLessThan(150);

  // Both choices are remembered across a reload.
  await page.reload();
  await expect(page.getByTestId('side-menu')).toContainText('Configuration de base');
  expect(await background()).not.toBe(lightBackground);
  // Back to light, saved for the admin: the next tests start from the default theme.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/account/preferences') && response.request().method() === 'PUT',
  );
  await themeSwitch.click();
  expect((await saved).ok()).toBe(true);

  await signOut(page);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test('unknown paths show the not-found page', async ({ page }) => {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line2, path: '/no/such/page' });
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByTestId('back-home').click();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test('after sign-in the user lands on the page named by `to`', async ({ page }) => {
  await page.goto('/basicConfig/user/roles/add');
  await expect(page).toHaveURL(/to=/);
  await signIn(page, DEMO.admin);
  await chooseProduct(page, DEMO.products.line1);
  await expect(page).toHaveURL(/\/basicConfig\/user\/roles\/add$/);
});

test('a wrong password is told on the login page, which keeps the page asked for; the right one then opens it', async ({
  page,
}) => {
  await page.goto('/basicConfig/user/personnel');
  await expect(page).toHaveURL(/\/auth\/login\?to=%2FbasicConfig%2Fuser%2Fpersonnel$/);
  await signIn(page, { userName: DEMO.admin.userName, password: 'NotThePassword1' });
  await announced(page, '用户名或密码错误', { kind: 'error' });
  await expect(page).toHaveURL(/\/auth\/login\?to=%2FbasicConfig%2Fuser%2Fpersonnel$/);
  await expect(page.getByTestId('login-password')).toBeVisible();

  await signIn(page, DEMO.admin);
  await chooseProduct(page, DEMO.products.line1);
  await expect(page).toHaveURL(/\/basicConfig\/user\/personnel$/);
  await expect(page.getByTestId('list-table')).toContainText('planner');
});

test('the planner sees fewer menu entries than the admin', async ({ page }) => {
  await enterAs(page, DEMO.planner);
  // The planner may use one product only: it is chosen for them or offered alone.
  await enterWithDefaultProduct(page);
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  await expect(page.getByTestId('menu-page-basicConfig.user.personnel')).toHaveCount(0);
  await page.goto('/basicConfig/user/personnel');
  await expect(page.getByTestId('list-table')).toHaveCount(0);
});
