import { expect, type Locator, type Page } from '@playwright/test';
import { buildMenuTree, flattenPages, type PageNode } from '@armature/domain';

/**
 * The walk over every screen the administrator can open (screens.spec.ts checks each one at phone width and
 * in the dark): the caller signs in and says what to check of each screen; the walk only brings it up,
 * settled. It moves inside the app as a user does (no reload of the whole app per screen, see `openInApp`).
 */

/** Checks one screen, named for its messages and screenshots (`basicConfig.basic.client-edit`). */
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
  ['/user/dashboard', 'dashboard'],
  ['/user/tasks', 'my-tasks'],
  ['/user/messages', 'message-compose'],
  ['/user/notifications', 'notifications-read-all'],
  ['/no/such/page', 'not-found'],
] as const;

/** Put on every element with a test id as the walk leaves a screen: what the next screen shows lacks it. */
const LEFT = 'data-walk-left';

/** No skeleton or spinner left: what the screen loads is on it. */
export async function settled(page: Page) {
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: SCREEN_TIMEOUT });
}

/** `locator`'s elements that the screen shown since the last `openInApp` rendered (not left over from before). */
function fresh(page: Page, locator: Locator): Locator {
  return locator.and(page.locator(`:not([${LEFT}])`));
}

/**
 * Goes to `url` inside the running app, as its own links do: the url is pushed and a `popstate` event tells the
 * router, which renders the new route. `page.goto` would load and start the whole app again (its code, the
 * user, the menus) for every screen, several times slower. What the old screen showed is marked first, so the
 * caller waits for the new screen's elements (`fresh`), never for the old one's still on the page while the
 * new route loads. The router keeps a route's elements when only the url under it changes (two unknown paths
 * both show the one "not found" route): `reload` then loads the app at `url` instead. At `url` already, nothing
 * is marked or pushed.
 */
async function openInApp(page: Page, url: string, reload = false) {
  if (reload) {
    await page.goto(url);
    return;
  }
  // Already there (the app's home is the first page): the router would keep the screen as it is.
  if (new URL(page.url()).pathname === url) return;
  await markScreen(page);
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Marks what the screen shows now, before the walk leaves it (see `fresh`). */
async function markScreen(page: Page) {
  await page.evaluate((left) => {
    document.querySelectorAll('[data-testid]').forEach((element) => element.setAttribute(left, ''));
  }, LEFT);
}

/**
 * The screens before sign-in, from the login page the caller is on (in the app, signed out); answers how many
 * were checked.
 */
export async function walkSignedOutScreens(page: Page, visit: VisitScreen): Promise<number> {
  for (const [url, shown] of SIGNED_OUT_SCREENS) {
    await openInApp(page, url);
    await expect(fresh(page, page.getByTestId(shown))).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await settled(page);
    await visit(url);
  }
  return SIGNED_OUT_SCREENS.length;
}

/**
 * Every page of the catalogue (one without a screen yet answers "not found" and is skipped), its add
 * page, and the edit and detail pages of its first row; then the account's and the user's own screens. The
 * caller has opened the app signed in, with a product chosen. Answers how many screens were checked.
 */
export async function walkSignedInScreens(page: Page, visit: VisitScreen): Promise<number> {
  let checked = 0;
  // The "not found" route shows the same elements for every unknown path: leaving it takes a reload.
  let onNotFound = false;
  const open = async (url: string, shown: Locator) => {
    await openInApp(page, url, onNotFound);
    await expect(fresh(page, shown).first()).toBeVisible({ timeout: SCREEN_TIMEOUT });
    onNotFound = (await page.getByTestId('not-found').count()) > 0;
  };
  // Back in the browser's history from a list's sub-page: the list again, not the sub-page still on screen.
  const backToList = async () => {
    await markScreen(page);
    await page.goBack();
    await expect(fresh(page, page.getByTestId('list-table'))).toBeVisible({ timeout: SCREEN_TIMEOUT });
    onNotFound = false;
  };
  const check = async (what: string) => {
    await settled(page);
    await visit(what);
    checked += 1;
  };
  const notFound = page.getByTestId('not-found');
  for (const node of MENU_PAGES) {
    const table = page.getByTestId('list-table');
    // A screen that is no list (a board, an operator's page) marks its frame `screen-page`.
    const screen = page.getByTestId('screen-page');
    await open(node.url, table.or(screen).or(notFound));
    if (onNotFound) continue;
    await check(node.id);
    // The sub-routes below are reached from a list's rows.
    if (!(await table.count())) continue;

    // The add page first: the add and edit pages may be one screen, which the router keeps from one to the other.
    if (node.subRoutes.includes('add')) {
      await open(`${node.url}/add`, page.getByTestId('form-submit').or(notFound));
      if (!onNotFound) await check(`${node.id}-add`);
    }
    // Then the first row's edit and detail pages, each opened from the list (back in the browser's history is
    // quicker than loading the list again).
    for (const [subRoute, action, shown] of [
      ['update/:id', 'edit', 'form-submit'],
      ['detail/:id', 'view', 'detail'],
    ] as const) {
      if (!node.subRoutes.includes(subRoute)) continue;
      if (new URL(page.url()).pathname !== node.url) await backToList();
      const button = page.locator(`[data-testid^="row-${action}-"]`).first();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      if (!(await button.count())) continue;
      // The row's own click handler, as a tap gives it: the walk is about the screen it opens (other specs click
      // the row buttons), and a pointer over a phone's sticky action column can keep being taken by a tooltip.
      await button.dispatchEvent('click');
      await expect(page.getByTestId(shown)).toBeVisible({ timeout: SCREEN_TIMEOUT });
      await check(`${node.id}-${action}`);
    }
  }
  for (const [url, shown] of ACCOUNT_SCREENS) {
    await open(url, page.getByTestId(shown));
    await check(url);
  }
  return checked;
}
