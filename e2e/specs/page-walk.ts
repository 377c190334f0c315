import { expect, type Page } from '@playwright/test';
import { buildMenuTree, flattenPages, type PageNode } from '@armature/domain';

/**
 * The walk over every screen the administrator can open, shared by the passes that check each one
 * (the 390 px fit in mobile.spec.ts, dark mode in dark-mode.spec.ts): the caller signs in and says
 * what to check of each screen; the walk only brings it up, settled.
 */

/** Checks one screen, named for its messages and screenshot (`basicConfig.basic.client-edit`). */
export type VisitScreen = (what: string) => Promise<void>;

/** Every page of the menu catalogue, as the administrator (who holds every permission) sees it. */
export const MENU_PAGES: readonly PageNode[] = flattenPages(buildMenuTree('zh-CN', () => true));

/** How long a screen may take to come up: its lazy chunk and data on a busy machine. */
const SCREEN_TIMEOUT = 30_000;

/** The screens before sign-in: url and the test id shown once it is up. */
const SIGNED_OUT_SCREENS = [
  ['/auth/register', 'register-form'],
  ['/auth/forget', 'forget-form'],
  ['/auth/reset', 'reset-form'],
] as const;

/** The signed-in user's screens outside the menu: url and the test id shown once it is up. */
const ACCOUNT_SCREENS = [
  ['/auth/profile', 'profile'],
  ['/auth/change-password', 'change-password'],
  ['/no/such/page', 'not-found'],
] as const;

/** No skeleton or spinner left: what the screen loads is on it. */
export async function settled(page: Page) {
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: SCREEN_TIMEOUT });
}

/** The screens before sign-in; answers how many were checked. */
export async function walkSignedOutScreens(page: Page, visit: VisitScreen): Promise<number> {
  for (const [url, shown] of SIGNED_OUT_SCREENS) {
    await page.goto(url);
    await expect(page.getByTestId(shown)).toBeVisible();
    await settled(page);
    await visit(url);
  }
  return SIGNED_OUT_SCREENS.length;
}

/**
 * Every page of the catalogue (one without a screen yet answers "not found" and is skipped), its add
 * page, and the edit and detail pages of its first row; then the account's screens. The caller has
 * signed in and chosen a product. Answers how many screens were checked.
 */
export async function walkSignedInScreens(page: Page, visit: VisitScreen): Promise<number> {
  let checked = 0;
  const check = async (what: string) => {
    await settled(page);
    await visit(what);
    checked += 1;
  };
  for (const node of MENU_PAGES) {
    await page.goto(node.url);
    const table = page.getByTestId('list-table');
    // A screen that is no list (a board, an operator's page) marks its frame `screen-page`.
    const screen = page.getByTestId('screen-page');
    await expect(table.or(screen).or(page.getByTestId('not-found')).first()).toBeVisible({ timeout: SCREEN_TIMEOUT });
    if (!(await table.count()) && !(await screen.count())) continue;
    await check(node.id);
    // The sub-routes below are reached from a list's rows.
    if (!(await table.count())) continue;

    // The first row's edit and detail pages, each opened from the list (back in the browser's history is
    // quicker than loading the list again), then the add page.
    for (const [subRoute, action, shown] of [
      ['update/:id', 'edit', 'form-submit'],
      ['detail/:id', 'view', 'detail'],
    ] as const) {
      if (!node.subRoutes.includes(subRoute)) continue;
      if (new URL(page.url()).pathname !== node.url) await page.goBack();
      const button = page.locator(`[data-testid^="row-${action}-"]`).first();
      await expect(page.getByTestId('list-table')).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      if (!(await button.count())) continue;
      await button.click();
      await expect(page.getByTestId(shown)).toBeVisible({ timeout: SCREEN_TIMEOUT });
      await check(`${node.id}-${action}`);
    }
    if (node.subRoutes.includes('add')) {
      await page.goto(`${node.url}/add`);
      if (!(await page.getByTestId('not-found').count())) {
        await expect(page.getByTestId('form-submit')).toBeVisible({ timeout: SCREEN_TIMEOUT });
        await check(`${node.id}-add`);
      }
    }
  }
  for (const [url, shown] of ACCOUNT_SCREENS) {
    await page.goto(url);
    await expect(page.getByTestId(shown)).toBeVisible();
    await check(url);
  }
  return checked;
}
