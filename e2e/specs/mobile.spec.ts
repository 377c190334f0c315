import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { settled, walkSignedInScreens, walkSignedOutScreens } from './page-walk.ts';
import { DEMO, pickOption, signIn, chooseFromMenu } from './support.ts';

// Issue #10: a phone (390 × 844) — the shop-floor pages to come are used on phones, so every page the
// admin can open must fit the screen: no sideways scrolling of the document.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

// Set MOBILE_SCREENSHOTS=<folder> (and MOBILE_THEME=dark) to keep a screenshot of every page visited.
const screenshots = process.env.MOBILE_SCREENSHOTS;
const dark = process.env.MOBILE_THEME === 'dark';

/** The widest elements sticking out of the screen, to name the culprit when the page overflows. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((limit) => {
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`,
      );
    return { width: document.documentElement.scrollWidth, culprits };
  }, PHONE.width);
}

async function snapshot(page: Page, what: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${what.replace(/[^\w-]+/g, '_')}.png`), fullPage: true });
}

/** The page has settled (no skeleton or spinner left) and the document is no wider than the phone. */
async function expectFits(page: Page, what: string) {
  await settled(page);
  await snapshot(page, what);
  const { width, culprits } = await overflow(page);
  expect(width, `${what} is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
}

async function signInAsAdmin(page: Page) {
  await page.goto('/auth/login');
  if (dark) await page.evaluate(() => localStorage.setItem('armature.theme', 'dark'));
  await expectFits(page, 'login');
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
  // Signed in, the theme is the user's own (kept on the server): switched in the header's menu if need be.
  if (dark && (await page.evaluate(() => document.documentElement.style.colorScheme)) !== 'dark') {
    await chooseFromMenu(page, 'header-menu', 'header-menu-theme');
    await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  }
}

test('at 390 px every page the admin can open fits the screen', async ({ page }) => {
  test.setTimeout(600_000);
  let checked = await walkSignedOutScreens(page, (what) => expectFits(page, what));
  await signInAsAdmin(page);
  checked += await walkSignedInScreens(page, (what) => expectFits(page, what));
  console.log(`390 px pass: ${checked} screens checked`);
  expect(checked).toBeGreaterThan(30);
});

test('at 390 px the menu is a drawer that navigates, and the header folds into one menu', async ({ page }) => {
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
  await snapshot(page, 'menu-drawer');
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
  await snapshot(page, 'header-menu');
  await page.getByTestId('header-menu-language-en-US').click();
  await expect(crumb).toHaveText('Roles');
  await chooseFromMenu(page, 'header-menu', 'user-menu-profile');
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expectFits(page, 'profile in English');
  await chooseFromMenu(page, 'header-menu', 'header-menu-language-zh-CN');
  await expect(crumb).toHaveText('个人信息');
});
