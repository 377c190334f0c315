import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: { userName: 'admin', password: 'Armature2026' },
  planner: { userName: 'planner', password: 'Planner2026' },
  keeper: { userName: 'keeper', password: 'Keeper2026' },
  client: '华东钢筋加工有限公司',
  products: { line1: '一号加工线', line2: '二号加工线' },
} as const;

type Credentials = { userName: string; password: string };

/** The session the web app keeps in sessionStorage (apps/web/src/lib/session.ts): a token pair and its expiry. */
type SessionToken = { access_token: string; refresh_token: string; expires_in: number; expiresAt: number };

/** The web app refreshes its token this long before expiry (apps/web/src/lib/token-refresh.ts), plus slack. */
const REFRESH_MARGIN_MS = 2 * 60_000;

/** Each user's sign-in, made once per worker (a worker is one process) and shared by its tests. */
const tokens = new Map<string, SessionToken>();

/**
 * A token for `user`: the worker's own when it still works and outlasts this test, else a new sign-in.
 * A page refreshes its token near expiry, which uses up the shared refresh token: so a token serves only
 * tests that end before then. An earlier test that signed out has ended the session: it is checked.
 */
async function tokenFor(request: APIRequestContext, user: Credentials): Promise<SessionToken> {
  const cached = tokens.get(user.userName);
  const outlastsTest = (token: SessionToken) => token.expiresAt - REFRESH_MARGIN_MS > Date.now() + test.info().timeout;
  if (cached && outlastsTest(cached)) {
    const current = await request.get('/api/account/current-user', { headers: bearer(cached) });
    if (current.ok()) return cached;
  }
  const login = await request.post('/api/account/login', { data: user });
  expect(login.ok(), `sign-in of ${user.userName}: ${login.status()}`).toBe(true);
  const token = (await login.json()) as Omit<SessionToken, 'expiresAt'>;
  const fresh = { ...token, expiresAt: Date.now() + token.expires_in * 1000 };
  tokens.set(user.userName, fresh);
  return fresh;
}

const bearer = (token: SessionToken) => ({ authorization: `Bearer ${token.access_token}` });

/**
 * Opens `path` (default: the user's home) signed in as `user` without the login form: the worker's
 * sign-in through the API goes into the tab's sessionStorage before the app starts, and the app loads
 * the user, menus and products as after a sign-in. With `product`, that line of the demo client is made
 * the user's current one first (through the API, as the chooser would). Tests about signing in use the
 * form (`signIn`).
 */
export async function enterAs(page: Page, user: Credentials, options: { product?: string; path?: string } = {}) {
  const token = await tokenFor(page.request, user);
  if (options.product) {
    const products = await page.request.get('/api/users/productbyuser', { headers: bearer(token) });
    const product = (
      (await products.json()) as { id: string; name: string; clientId: string; clientName: string }[]
    ).find((row) => row.name === options.product && row.clientName === DEMO.client);
    expect(product, `${user.userName} may use ${options.product}`).toBeDefined();
    const selected = await page.request.put('/api/client/set-currentUser-productId', {
      headers: bearer(token),
      data: { clientId: product?.clientId, productId: product?.id },
    });
    expect(selected.ok()).toBe(true);
  }
  // Only this first document of the tab is seeded: a later sign-out in the test stays signed out.
  const seed = await page.addInitScript(
    (session) => sessionStorage.setItem('armature.session', session),
    JSON.stringify({ token }),
  );
  try {
    await page.goto(options.path ?? '/');
  } finally {
    await seed.dispose();
  }
  // The whole app starts on this visit (its code, the user's account, the first screen), which on a busy machine
  // takes longer than one expect's budget: at load 45 the page's load took 31 s and the header was not up 60 s
  // later. Signed in, it shows the layout's header (the product switch, or on a phone the header's one menu) or
  // the product chooser.
  const signedIn = page.getByTestId('product-switch').or(page.getByTestId('header-menu'));
  await expect(signedIn.or(page.getByTestId('chooser-form')).first()).toBeVisible({ timeout: 150_000 });
}

/** Fills the login form and submits it; the caller asserts where the app lands. */
export async function signIn(
  page: Page,
  user: { userName: string; password: string },
  options: { remember?: boolean } = {},
) {
  await page.getByTestId('login-username').fill(user.userName);
  await page.getByTestId('login-password').fill(user.password);
  if (options.remember) await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
}

/** Picks an option of an Ant Design select by its visible text. */
export async function pickOption(page: Page, selectTestId: string, text: string) {
  const select = page.getByTestId(selectTestId);
  await select.click();
  // The option of this select's own dropdown: a list behind a dialog may hold the same text (the
  // maker's equipment list filters by client while the client chooser is open over it, both fields
  // named clientId). The dropdown opened last is the one on top.
  const listId = await select.getByRole('combobox').getAttribute('aria-controls');
  const dropdown = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) })
    .last();
  const option = dropdown.locator('.ant-select-item-option', { hasText: text }).first();
  await expect(option).toBeVisible();
  // Dispatched, not clicked at a point: the other list's options may lie over this one's.
  await option.dispatchEvent('click');
}

/**
 * Chooses the client and product: in the chooser shown after sign-in when the user has no current
 * product yet, else through the header's product switch (the selection is kept server-side).
 */
export async function chooseProduct(page: Page, product: string) {
  const chooser = page.getByTestId('chooser-form');
  const productSwitch = page.getByTestId('product-switch');
  await expect(chooser.or(productSwitch).first()).toBeVisible();
  if (!(await chooser.isVisible())) await productSwitch.click();
  await expect(chooser).toBeVisible();
  await pickOption(page, 'chooser-client', DEMO.client);
  await pickOption(page, 'chooser-product', product);
  await page.getByTestId('chooser-confirm').click();
  await expect(page.getByTestId('product-switch')).toContainText(product);
}

/**
 * Opens a header dropdown (`user-menu`, or `header-menu` on a phone) and clicks one of its entries once
 * the dropdown has finished opening: like the confirm dialog's, a click in its first frames can land
 * nowhere (CI saw a sign-out that never happened, the menu having been clicked as it appeared).
 */
export async function chooseFromMenu(page: Page, menuTestId: string, itemTestId: string) {
  await page.getByTestId(menuTestId).click();
  const opened = page.locator('.ant-dropdown:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])');
  await opened.getByTestId(itemTestId).click();
}

export async function signOut(page: Page) {
  await chooseFromMenu(page, 'user-menu', 'logout');
  await expect(page).toHaveURL(/\/auth\/login/);
}

export async function openMenuPage(page: Page, pageId: string) {
  const entry = page.getByTestId(`menu-page-${pageId}`);
  const [system = '', menu = ''] = pageId.split('.');
  // antd puts `data-menu-id` (`…-<key>`) on a group's title, or on its item around the title.
  const groupTitle = (key: string) =>
    page
      .getByTestId('side-menu')
      .locator(`.ant-menu-submenu-title[data-menu-id$="-${key}"], [data-menu-id$="-${key}"] > .ant-menu-submenu-title`)
      .first();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  for (const key of [system, `${system}.${menu}`]) {
    const title = groupTitle(key);
    if ((await title.count()) && (await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  }
  // With motion off a group is open as soon as it is clicked, so one click lands. Not clicked again while the
  // page loads: on a busy machine its chunk and data take seconds, and a second click would start it over.
  // The entry turns selected once the app is on its page (the menu's selection follows the url).
  await entry.click();
  await expect(entry).toHaveClass(/ant-menu-item-selected/);
}

/** After sign-in: confirms the chooser when it is shown (a single allowed product comes pre-selected). */
export async function enterWithDefaultProduct(page: Page) {
  const chooser = page.getByTestId('chooser-form');
  const productSwitch = page.getByTestId('product-switch');
  await expect(chooser.or(productSwitch).first()).toBeVisible();
  if (await chooser.isVisible()) await page.getByTestId('chooser-confirm').click();
  await expect(productSwitch).toBeVisible();
}

/** Creates an active user through the API (as admin), for tests that change a user's state. */
export async function createUserViaApi(request: APIRequestContext, userName: string, password: string) {
  const login = await request.post('/api/account/login', { data: DEMO.admin });
  const { access_token } = (await login.json()) as { access_token: string };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { userName, name: userName, password, roleNames: ['planner'], status: 'active' },
  });
  expect(created.status()).toBe(201);
}

/** The administrator on a list page of the first demo line, reached through the side menu. */
export async function adminOn(page: Page, pageId: string) {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  await openMenuPage(page, pageId);
  await expect(page.getByTestId('list-table')).toBeVisible();
}

/**
 * The administrator signed in through the API and working on the first demo line (the DEMO client's
 * LINE1): the headers that authorise their calls and a GET of `/api/{path}` that expects success.
 */
export async function adminApiOnFirstLine(request: APIRequestContext) {
  const login = await request.post('/api/account/login', { data: DEMO.admin });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const read = async <T>(path: string) => {
    const response = await request.get(`/api/${path}`, { headers });
    expect(response.ok(), `GET ${path}`).toBe(true);
    return (await response.json()) as T;
  };
  const client = (await read<{ id: string; code: string }[]>('client/all')).find((row) => row.code === 'DEMO');
  const product = (await read<{ id: string; code: string; clientId: string }[]>('product/all')).find(
    (row) => row.code === 'LINE1' && row.clientId === client?.id,
  );
  const selected = await request.put('/api/client/set-currentUser-productId', {
    headers,
    data: { clientId: client?.id, productId: product?.id },
  });
  expect(selected.ok()).toBe(true);
  return { headers, read };
}

/** The administrator's API on the first demo line (the selection is stored for their sign-ins). */
export async function adminOnFirstLine(request: Parameters<typeof apiAs>[0]): Promise<Api> {
  const api = await apiAs(request, DEMO.admin);
  const products = await api.get<{ id: string; code: string; clientId: string }[]>('/product/all');
  const clients = await api.get<{ id: string; code: string }[]>('/client/all');
  const client = clients.find((row) => row.code === 'DEMO')!;
  const line1 = products.find((row) => row.code === 'LINE1' && row.clientId === client.id)!;
  await api.put('/client/set-currentUser-productId', { clientId: client.id, productId: line1.id });
  return apiAs(request, DEMO.admin);
}

/**
 * 9 m bars of a spec (by name), one bundle, received from 沙钢 under `heatNo` through the
 * administrator's API on the first demo line (`adminApiOnFirstLine`). Answers the receipt.
 */
export async function receiveBars(
  request: APIRequestContext,
  admin: Awaited<ReturnType<typeof adminApiOnFirstLine>>,
  received: { spec: string; heatNo: string; barCount: number },
): Promise<{ id: string; code: string }> {
  const { heatNo, barCount } = received;
  const spec = (await admin.read<{ id: string; name: string }[]>('rebar/all')).find(
    (row) => row.name === received.spec,
  );
  const created = await request.post('/api/rebarReceive', {
    headers: admin.headers,
    data: {
      rebarId: spec?.id,
      supplier: '沙钢',
      heatNo,
      length: 9000,
      bundles: 1,
      barCount,
      receiveDate: new Date().toISOString().slice(0, 10),
      remark: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; code: string };
}

export type Api = {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data?: object) => Promise<T>;
  put: <T>(path: string, data?: object) => Promise<T>;
  raw: (path: string) => ReturnType<APIRequestContext['get']>;
  /** Deletes, if it is still there (a clean-up after a try that failed half way). */
  remove: (path: string) => Promise<void>;
};

/** A demo user's API, signed in like the browser (the product selection their sign-in stored applies). */
export async function apiAs(request: APIRequestContext, user: { userName: string; password: string }): Promise<Api> {
  const login = await request.post('/api/account/login', { data: user });
  expect(login.ok()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const check = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
    expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    get: async (path) => check(await request.get(`/api${path}`, { headers }), `GET ${path}`),
    post: async (path, data = {}) => check(await request.post(`/api${path}`, { headers, data }), `POST ${path}`),
    put: async (path, data = {}) => check(await request.put(`/api${path}`, { headers, data }), `PUT ${path}`),
    raw: (path) => request.get(`/api${path}`, { headers }),
    remove: async (path) => {
      const response = await request.delete(`/api${path}`, { headers });
      expect([204, 404], `DELETE ${path}: ${response.status()}`).toContain(response.status());
    },
  };
}

/** The demo line's approved cutting plan (the oldest, should other specs have approved more). */
export async function demoCutPlan(api: Api) {
  const approved = await api.get<{ items: { id: string; code: string }[] }>(
    '/cutPlan?status=approved&sorting=creationTime%20asc&maxResultCount=50',
  );
  expect(approved.items[0], 'the demo line has an approved cutting plan').toBeDefined();
  return approved.items[0]!;
}
