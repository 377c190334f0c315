import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chooseProduct, createUserViaApi, DEMO, openMenuPage, pickOption, signIn, signOut } from './support.ts';
import { confirmDialogOk } from './resource-form.ts';
import { announced } from './messages.ts';

async function adminOnPersonnel(page: Page) {
  await page.goto('/auth/login');
  await signIn(page, DEMO.admin);
  await chooseProduct(page, DEMO.products.line1);
  await openMenuPage(page, 'basicConfig.user.personnel');
  await expect(page.getByTestId('list-table')).toBeVisible();
}

async function search(page: Page, keyword: string) {
  const box = page.locator('input[data-testid="list-search"], [data-testid="list-search"] input').first();
  await box.fill(keyword);
  await box.press('Enter');
}

test('a registered account stays disabled until an administrator activates it', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByTestId('register-username').fill('welder01');
  await page.getByTestId('register-name').fill('王焊工');
  await page.getByTestId('register-telephone').fill('13912345678');
  await page.getByTestId('field-password').fill('Welder2026');
  await page.getByTestId('field-passwordConfirm').fill('Welder2026');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('auth-done')).toBeVisible();

  await page.goto('/auth/login');
  await signIn(page, { userName: 'welder01', password: 'Welder2026' });
  await announced(page, '管理员');
  await expect(page).toHaveURL(/\/auth\/login/);

  await adminOnPersonnel(page);
  await search(page, 'welder01');
  const row = page.getByTestId('row-welder01');
  // docs/spec.md §12 Constants: the telephone shows its first 3 and last 4 digits.
  await expect(row).toContainText('139****5678');
  await page.getByTestId('row-activate-welder01').click();
  await expect(page.getByTestId('row-activate-welder01')).toHaveCount(0);
  await signOut(page);

  await signIn(page, { userName: 'welder01', password: 'Welder2026' });
  await expect(page.getByTestId('chooser-form').or(page.getByTestId('product-switch')).first()).toBeVisible();
});

test('a forgotten password is reset with the one-time token an administrator issues', async ({ page, request }) => {
  await createUserViaApi(request, 'cutter01', 'Cutter2026');
  await page.goto('/auth/forget');
  await page.getByTestId('forget-username').fill('cutter01');
  await page.getByTestId('forget-submit').click();
  await expect(page.getByTestId('auth-done')).toBeVisible();

  await adminOnPersonnel(page);
  await search(page, 'cutter01');
  // The filtered list has settled (one row) before its row action is used.
  await expect(page.getByTestId('list-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByTestId('row-reset-cutter01').click();
  await confirmDialogOk(page).click();
  await expect(page.locator('.armature-confirm')).toHaveCount(0);
  const token = (await page.getByTestId('reset-token-value').innerText()).trim();
  expect(token.length).toBeGreaterThan(10);
  await page.getByTestId('reset-token-close').click();
  await signOut(page);

  await page.goto('/auth/reset');
  await page.getByTestId('reset-username').fill('cutter01');
  await page.getByTestId('reset-token').fill(token);
  await page.getByTestId('field-newPassword').fill('Cutter2027');
  await page.getByTestId('field-newPasswordConfirm').fill('Cutter2027');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('auth-done')).toBeVisible();

  await page.goto('/auth/login');
  await signIn(page, { userName: 'cutter01', password: 'Cutter2027' });
  await expect(page.getByTestId('chooser-form').or(page.getByTestId('product-switch')).first()).toBeVisible();

  // The token worked once: using it again is refused with the server's message.
  await signOut(page);
  await page.goto('/auth/reset');
  await page.getByTestId('reset-username').fill('cutter01');
  await page.getByTestId('reset-token').fill(token);
  await page.getByTestId('field-newPassword').fill('Cutter2026');
  await page.getByTestId('field-newPasswordConfirm').fill('Cutter2026');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('auth-done')).toHaveCount(0);
  await expect(page.getByText('重置令牌无效或已过期')).toBeVisible();
});

test('an administrator adds, edits and deletes a person through the screens', async ({ page }) => {
  await adminOnPersonnel(page);
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/\/basicConfig\/user\/personnel\/add$/);
  // The form applies the server's rules before sending anything.
  await page.getByTestId('form-submit').click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();

  await page.getByTestId('field-userName').fill('stock01');
  await page.getByTestId('field-name').fill('李库管');
  await page.getByTestId('field-telephone').fill('13700001111');
  await pickOption(page, 'field-roleNames', 'planner');
  await page.getByTestId('field-password').fill('Stock2026a');
  await page.getByTestId('field-passwordConfirm').fill('Stock2026a');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/basicConfig\/user\/personnel(\?.*)?$/);

  await search(page, 'stock01');
  await expect(page.getByTestId('row-stock01')).toContainText('137****1111');
  await page.getByTestId('row-edit-stock01').click();
  await expect(page).toHaveURL(/\/basicConfig\/user\/personnel\/update\//);
  await page.getByTestId('field-name').fill('李库管（白班）');
  await page.getByTestId('form-submit').click();
  await search(page, 'stock01');
  await expect(page.getByTestId('row-stock01')).toContainText('李库管（白班）');

  await page.getByTestId('row-delete-stock01').click();
  // The dialog is titled by what happens (it was the bare "提示"), with a danger-styled OK.
  await expect(page.locator('.armature-confirm .ant-modal-confirm-title')).toHaveText('删除 1 条人员？');
  await expect(confirmDialogOk(page)).toHaveClass(/ant-btn-dangerous/);
  await confirmDialogOk(page).click();
  await expect(page.getByTestId('row-stock01')).toHaveCount(0);
});

test('remember-me brings back the user name after a browser restart, and nothing that signs in', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/auth/login');
  await signIn(page, DEMO.admin, { remember: true });
  await chooseProduct(page, DEMO.products.line1);
  const stored = await first.storageState();
  await first.close();
  // The browser keeps the user name only — no password, no token.
  const kept = JSON.stringify(stored);
  expect(kept).not.toContain(DEMO.admin.password);
  expect(kept).not.toMatch(/refresh_?token/i);

  // A new browser keeps localStorage but not sessionStorage: the page asks to sign in, the name filled in.
  const second = await browser.newContext({ storageState: stored });
  const again = await second.newPage();
  await again.goto('/basicConfig/user/roles');
  await expect(again).toHaveURL(/\/auth\/login\?to=/);
  await expect(again.getByTestId('login-username')).toHaveValue(DEMO.admin.userName);
  await expect(again.getByTestId('login-remember')).toBeChecked();
  await again.getByTestId('login-password').fill(DEMO.admin.password);
  await again.getByTestId('login-submit').click();
  await expect(again).toHaveURL(/\/basicConfig\/user\/roles$/);
  await second.close();
});

test('a user’s products are picked client first: another client’s lines are named and cannot be picked until the user moves there', async ({
  page,
  request,
}) => {
  test.slow();
  const login = await request.post('/api/account/login', { data: DEMO.admin });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const tag = `${Date.now() % 1_000_000}`;
  const client = await request.post('/api/client', { headers, data: { code: `PC${tag}`, companyName: `客户${tag}` } });
  expect(client.status()).toBe(201);
  const line = await request.post('/api/product', {
    headers,
    data: { code: `PC${tag}-L`, name: `产线${tag}`, clientId: ((await client.json()) as { id: string }).id },
  });
  expect(line.status()).toBe(201);
  const products = (await (await request.get('/api/product/all', { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const line1 = products.find((product) => product.name === DEMO.products.line1)!;
  const userName = `pick${tag}`;
  const created = await request.post('/api/users', {
    headers,
    data: { userName, name: userName, password: 'Picker2026a', productIds: [line1.id], status: 'active' },
  });
  expect(created.status()).toBe(201);

  await adminOnPersonnel(page);
  await search(page, userName);
  await page.getByTestId(`row-edit-${userName}`).click();
  await expect(page.getByTestId('field-clientId')).toContainText(DEMO.client);
  // The other client's line is listed under its client's name, and cannot be picked.
  await page.getByTestId('field-productIds').click();
  const option = page.locator('.ant-select-item-option', { hasText: `产线${tag}` });
  await expect(option).toContainText(`客户${tag}`);
  await expect(option).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press('Escape');

  // Moving the user to that client drops the old client's line; its own line is then picked and saved.
  await pickOption(page, 'field-clientId', `客户${tag}`);
  await expect(page.getByTestId('field-productIds')).not.toContainText(DEMO.products.line1);
  await pickOption(page, 'field-productIds', `产线${tag}`);
  // A multiple select stays open after a pick: closed, so that it covers nothing.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(page.getByTestId('field-productIds')).toContainText(`产线${tag}`);
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/basicConfig\/user\/personnel(\?.*)?$/);
  const users = (await (await request.get(`/api/users?filter=${userName}`, { headers })).json()) as {
    items: { userName: string; clientName: string | null }[];
  };
  expect(users.items.find((user) => user.userName === userName)?.clientName).toBe(`客户${tag}`);
});
