import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminOn, chooseProduct, DEMO, enterWithDefaultProduct, openMenuPage, signIn, signOut } from './support.ts';
import { announced, messageMark } from './messages.ts';

async function editPlannerGrants(page: Page, change: (tree: ReturnType<Page['getByTestId']>) => Promise<void>) {
  await page.goto('/auth/login');
  await signIn(page, DEMO.admin);
  await chooseProduct(page, DEMO.products.line1);
  await openMenuPage(page, 'basicConfig.user.roles');
  await page.getByTestId('row-permission-planner').click();
  const tree = page.getByTestId('permission-tree');
  await expect(tree).toBeVisible();
  await change(tree);
  const mark = await messageMark(page);
  await page.getByTestId('permission-save').click();
  await announced(page, '', { kind: 'success', after: mark });
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

test('ticking a page in a role’s permissions ticks its buttons and says so, in the user’s language', async ({
  page,
}) => {
  test.slow();
  await adminOn(page, 'basicConfig.user.roles');
  await page.getByTestId('row-permission-planner').click();
  const tree = page.getByTestId('permission-tree');
  await expect(tree).toBeVisible();
  await expect(page.getByTestId('permission-hint')).toContainText('勾选页面会一并勾选它的全部按钮');

  const personnel = 'basicConfig.user.personnel';
  const add = tree.getByTestId(`permission-node-${personnel}.add`);
  await expect(add).not.toBeChecked();
  await tree.getByTestId(`permission-node-${personnel}`).click();
  // The buttons came with the page: ticked, marked, and counted beside them.
  await expect(add).toBeChecked();
  await expect(add).toHaveAttribute('data-along', 'true');
  const along = tree.getByTestId(`permission-along-${personnel}`);
  await expect(along).toContainText('个按钮随页面勾选');
  // A button unticked by hand is no longer "ticked along".
  await add.click();
  await expect(add).not.toBeChecked();
  await expect(add).not.toHaveAttribute('data-along', 'true');
  await page.getByTestId('permission-undo').click();
  await expect(along).toHaveCount(0);
});
