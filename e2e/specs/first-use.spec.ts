import { expect, test } from './fixtures.ts';
import { adminOn, apiAs, DEMO, enterWithDefaultProduct, signIn, chooseFromMenu } from './support.ts';
import { search } from './resource-form.ts';

// What a first-use walk found in the web app: each finding pinned in the browser.

test('a keeper lands on their dashboard, and typed add / update urls without the button show "no permission"', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await signIn(page, DEMO.keeper);
  await enterWithDefaultProduct(page);
  // Their day, not the first page of the maker's system.
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // The keeper reads rebar specs but may neither add nor edit them.
  await page.goto('/basicConfig/spec/rebar');
  await expect(page.getByTestId('list-table')).toBeVisible();
  await expect(page.getByTestId('list-add')).toHaveCount(0);
  const editable = page.locator('[data-testid^="row-edit-"]');
  await expect(editable).toHaveCount(0);
  await page.goto('/basicConfig/spec/rebar/add');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('form-submit')).toHaveCount(0);
  await page.goto('/basicConfig/spec/rebar/update/00000000-0000-0000-0000-000000000000');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('form-submit')).toHaveCount(0);
  // A sub-route the keeper holds still opens.
  await page.goto('/rebarFinished/finished/stockLog/add');
  await expect(page.getByTestId('form-submit')).toBeVisible();
});

test('the planner lands on their dashboard, never a maker page', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  // Their day; the planning system still opens at demand orders.
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/productionPlan');
  await expect(page).toHaveURL(/\/productionPlan\/plan\/demandOrder$/);
  await page.goto('/rebarFinished/finished/stockLog/add');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await page.goto('/superAdmin/equipmentCenter/productSetting-normal/update/00000000-0000-0000-0000-000000000000');
  await expect(page.getByTestId('no-permission')).toBeVisible();
});

test('the delete confirmation says what happens and its OK is a danger button', async ({ page }) => {
  await adminOn(page, 'basicConfig.basic.technique');
  await search(page, 'CUT');
  await page.getByTestId('row-delete-CUT').click();
  const dialog = page.locator('.armature-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('删除 1 条工艺？');
  const ok = dialog.locator('.ant-btn-primary');
  await expect(ok).toHaveClass(/ant-btn-dangerous/);
  // Sized to its content, not a 300 px box.
  expect((await dialog.locator('.ant-modal-container').boundingBox())!.height).toBeLessThan(250);
  await dialog
    .locator('.ant-modal-confirm-btns')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('row-CUT')).toBeVisible();

  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-en-US').click();
  await expect(page.getByTestId('breadcrumb')).toContainText('Techniques');
  await page.getByTestId('row-delete-CUT').click();
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Delete “CUT”?');
  await page.keyboard.press('Escape');
});

test('the personnel list names roles; the profile has its own crumb and opens no menu group', async ({ page }) => {
  await adminOn(page, 'basicConfig.user.personnel');
  await search(page, 'keeper');
  const keeper = page.getByTestId('row-keeper');
  await expect(keeper.getByTestId('role-tag-stockKeeper')).toHaveText('仓库管理员');
  await expect(keeper).not.toContainText('stockKeeper');

  await chooseFromMenu(page, 'user-menu', 'user-menu-profile');
  await expect(page).toHaveURL(/\/auth\/profile$/);
  const crumb = page.getByTestId('breadcrumb');
  await expect(crumb).toHaveText('个人信息');
  await expect(crumb).not.toContainText('设备与BOM');
  // Arriving on the profile opens no menu group (groups opened on earlier pages stay as they were).
  await page.reload();
  await expect(crumb).toHaveText('个人信息');
  await expect(page.getByTestId('side-menu')).toContainText('设备与BOM');
  await expect(page.getByTestId('side-menu').locator('.ant-menu-submenu-open')).toHaveCount(0);
});

test('French numbers follow the locale; the roles screen marks no page as not built once all have screens', async ({
  page,
}) => {
  await adminOn(page, 'basicConfig.basic.inspectionType');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-fr-FR').click();
  await expect(page.getByTestId('breadcrumb')).toContainText('Caractéristiques');
  // Decimal fields with a comma ("0,000"), never "0.000".
  await expect(
    page
      .getByTestId('list-table')
      .locator('td')
      .filter({ hasText: /^-?\d+,\d{3}$/ })
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByTestId('list-table')
      .locator('td')
      .filter({ hasText: /^-?\d+\.\d{3}$/ }),
  ).toHaveCount(0);

  await page.goto('/basicConfig/user/roles');
  await page.getByTestId('row-permission-planner').click();
  const tree = page.getByTestId('permission-tree');
  // Every page of the menu has its screen now, the BOM centre's last.
  await expect(tree).toContainText('Bibliothèque de pièces');
  await expect(tree.locator('[data-testid^="permission-unbuilt-"]')).toHaveCount(0);
  await expect(tree.getByTestId('permission-unbuilt-productionPlan.plan.dailyPlan')).toHaveCount(0);
  await expect(tree.getByTestId('permission-unbuilt-basicConfig.user.roles')).toHaveCount(0);
});

test('a user of one line enters without being asked; a user of two finds the chooser on a default', async ({
  page,
}) => {
  const admin = await apiAs(page.request, DEMO.admin);
  const lines = (await admin.get<{ id: string; name: string; clientName: string }[]>('/users/productbyuser')).filter(
    (line) => line.clientName === DEMO.client,
  );
  const line = (name: string) => lines.find((candidate) => candidate.name === name)!.id;
  const password = 'Newcomer2026';
  const userWith = async (prefix: string, productIds: string[]) => {
    const userName = `${prefix}${Date.now()}`;
    await admin.post('/users', { userName, name: userName, password, roleNames: ['planner'], productIds });
    return { userName, password };
  };

  // One line: nothing to choose, so the sign-in goes straight to the dashboard of that line.
  await page.goto('/auth/login');
  await signIn(page, await userWith('solo', [line(DEMO.products.line1)]));
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByTestId('chooser-form')).toHaveCount(0);

  // Two lines and none used yet: the chooser, already on the client and its first line, so one click enters.
  await chooseFromMenu(page, 'user-menu', 'logout');
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, await userWith('duo', [line(DEMO.products.line1), line(DEMO.products.line2)]));
  await expect(page.getByTestId('chooser-form')).toBeVisible();
  await expect(page.getByTestId('chooser-client')).toContainText(DEMO.client);
  await expect(page.getByTestId('chooser-product')).toContainText(DEMO.products.line1);
  await page.getByTestId('chooser-confirm').click();
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
});
