import { expect, test, type Page } from '@playwright/test';
import { chooseProduct, DEMO, enterWithDefaultProduct, openMenuPage, signIn, signOut } from './support.ts';

async function editPlannerGrants(page: Page, change: (tree: ReturnType<Page['getByTestId']>) => Promise<void>) {
  await page.goto('/auth/login');
  await signIn(page, DEMO.admin);
  await chooseProduct(page, DEMO.products.line1);
  await openMenuPage(page, 'basicConfig.user.roles');
  await page.getByTestId('row-permission-planner').click();
  const tree = page.getByTestId('permission-tree');
  await expect(tree).toBeVisible();
  await change(tree);
  await page.getByTestId('permission-save').click();
  await expect(page.locator('.ant-message')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tree).toBeHidden();
  await signOut(page);
}

async function plannerOpensRoles(page: Page) {
  await signIn(page, DEMO.planner);
  await enterWithDefaultProduct(page);
  await openMenuPage(page, 'basicConfig.user.roles');
  await expect(page.getByTestId('list-table')).toContainText('planner');
}

test('editing a role’s permissions shows and hides a page button for that role', async ({ page }) => {
  // Five sign-ins as two users: on a shared, loaded machine this takes longer than one page's test.
  test.slow();
  // Grant the roles page (checking a page checks its buttons), then take its "add" button away:
  // the planner sees the list but no add button.
  await editPlannerGrants(page, async (tree) => {
    await tree.getByTestId('permission-node-basicConfig.user.roles').click();
    await tree.getByTestId('permission-node-basicConfig.user.roles.add').click();
  });
  await plannerOpensRoles(page);
  await expect(page.getByTestId('list-add')).toHaveCount(0);
  await signOut(page);

  // Grant "add" too: the button appears.
  await editPlannerGrants(page, async (tree) => {
    await tree.getByTestId('permission-node-basicConfig.user.roles.add').click();
  });
  await plannerOpensRoles(page);
  await expect(page.getByTestId('list-add')).toBeVisible();
});
