import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PHONE, expectFits, keepScreenshot } from './screen-checks.ts';
import { DEMO, pickOption, signIn, chooseFromMenu } from './support.ts';

// A phone (390 × 844) — the shop-floor pages are used on phones: the menu and the header fold for it.
// That every screen fits the phone is checked by the walk of screens.spec.ts.
test.use({ viewport: PHONE });

async function signInAsAdmin(page: Page) {
  await page.goto('/auth/login');
  await signIn(page, DEMO.admin);
  // The chooser after sign-in, else the scope entry of the header's menu.
  const chooser = page.getByTestId('chooser-form');
  const headerMenu = page.getByTestId('header-menu');
  await expect(chooser.or(headerMenu).first()).toBeVisible();
  if (!(await chooser.isVisible())) {
    await chooseFromMenu(page, 'header-menu', 'header-menu-scope');
  }
  await pickOption(page, 'chooser-client', DEMO.client);
  await pickOption(page, 'chooser-product', DEMO.products.line1);
  await page.getByTestId('chooser-confirm').click();
  await expect(chooser).toBeHidden();
  await expect(headerMenu).toBeVisible();
}

test('at 390 px the menu is a drawer that navigates, and the header folds into one menu', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page.getByTestId('language-switch')).toHaveCount(0);

  await page.getByTestId('menu-drawer-open').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByText('基础配置').click();
  await drawer.getByText('用户管理').click();
  // The groups unfold with a height animation; an entry tapped meanwhile may slide from under the tap.
  await expect(drawer.locator('.ant-motion-collapse')).toHaveCount(0);
  await keepScreenshot(page, 'menu-drawer');
  await page.getByTestId('menu-page-basicConfig.user.roles').click();
  await expect(page).toHaveURL(/\/basicConfig\/user\/roles$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('list-table')).toContainText('planner');
  // The breadcrumb shows the page alone, on one line.
  const crumb = page.getByTestId('breadcrumb');
  await expect(crumb).toHaveText('角色');
  expect((await crumb.boundingBox())!.height).toBeLessThan(40);

  // Language, theme and the user's entries sit in the header's one menu.
  await page.getByTestId('header-menu').click();
  await expect(page.getByTestId('header-menu-scope')).toContainText(DEMO.products.line1);
  await keepScreenshot(page, 'header-menu');
  await page.getByTestId('header-menu-language-en-US').click();
  await expect(crumb).toHaveText('Roles');
  await chooseFromMenu(page, 'header-menu', 'user-menu-profile');
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expectFits(page, testInfo, 'profile in English');
  await chooseFromMenu(page, 'header-menu', 'header-menu-language-zh-CN');
  await expect(crumb).toHaveText('个人信息');
});
