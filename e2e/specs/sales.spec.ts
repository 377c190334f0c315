import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { pageUrlOf } from '@armature/domain';
import { adminOn, openMenuPage, pickOption } from './support.ts';
import { confirmDialogOk, search } from './resource-form.ts';

const LEADS = 'superAdmin.salesCenter.salesClue';
const VISITS = 'superAdmin.salesCenter.clientMaintenance';

/** The options the select `testId` offers right now (its own dropdown), then closes it. */
async function optionsOf(page: Page, testId: string): Promise<string[]> {
  const select = page.getByTestId(testId);
  await select.click();
  const listId = await select.getByRole('combobox').getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
  const texts = await dropdown.locator('.ant-select-item-option').allTextContents();
  await page.keyboard.press('Escape');
  return texts;
}

/** Opens the lead's form from the list, moves it to `status` and saves. */
async function moveLead(page: Page, company: string, status: string) {
  await page.getByTestId(`row-edit-${company}`).click();
  await pickOption(page, 'field-status', status);
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId(`row-${company}`)).toContainText(status);
}

test('the maker follows a lead from new to won, converts it into a client and logs a maintenance visit', async ({
  page,
}) => {
  const tag = `${Date.now() % 1_000_000}`;
  const company = `华南钢构${tag}`;
  await adminOn(page, LEADS);

  await page.getByTestId('list-add').click();
  // A new lead starts new (or contacted, or lost): never won.
  expect(await optionsOf(page, 'field-status')).toEqual(['新线索', '已联系', '丢单']);
  await page.getByTestId('field-company').fill(company);
  await page.getByTestId('field-contact').fill('钱经理');
  await page.getByTestId('field-phone').fill('0755-8333 1201');
  await page.getByTestId('field-region').fill('广东 深圳');
  await page.getByTestId('field-nextFollowUp').fill('2026-12-01');
  await page.getByTestId('field-nextFollowUp').press('Tab');
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('list-table')).toBeVisible();
  await search(page, company);
  await expect(page.getByTestId(`row-${company}`)).toContainText('2026-12-01');

  await moveLead(page, company, '已联系');
  await moveLead(page, company, '已报价');
  await moveLead(page, company, '赢单');

  await page.getByTestId(`row-view-${company}`).click();
  await expect(page.getByTestId('detail-status')).toHaveText('赢单');
  await page.getByTestId('lead-convert').click();
  await confirmDialogOk(page).click();
  // The new client, in the basic configuration's client list.
  await expect(page).toHaveURL(/\/basicConfig\/basic\/client\?q=LEAD-/);
  await expect(page.getByTestId('list-table')).toContainText(company);
  await expect(page.getByTestId('list-table')).toContainText('0755-8333 1201');

  await openMenuPage(page, LEADS);
  await search(page, company);
  await page.getByTestId(`row-view-${company}`).click();
  await expect(page.getByTestId('detail-clientId')).toHaveText(company);
  await expect(page.getByTestId('lead-convert')).toHaveCount(0);

  // A maintenance visit with two parts of the library.
  const ticket = `FW-E2E-${tag}`;
  await openMenuPage(page, VISITS);
  await expect(page.getByTestId('list-table')).toBeVisible();
  await page.getByTestId('list-add').click();
  await page.getByTestId('field-code').fill(ticket);
  await pickOption(page, 'field-clientId', company);
  await page.getByTestId('field-equipmentSerial').fill('G2L32-2609-0102');
  await page.getByTestId('field-visitDate').fill('2026-12-02');
  await page.getByTestId('field-visitDate').press('Tab');
  await page.getByTestId('field-technician').fill('李工');
  await page.getByTestId('field-workDone').fill('安装调试，更换剪切刀片');
  for (const [index, part] of [
    [0, '剪切上刀片'],
    [1, '剪切下刀片'],
  ] as const) {
    await page.getByTestId('field-partsUsed-add').click();
    await pickOption(page, `field-partsUsed-${index}-id`, part);
  }
  await page.getByTestId('field-partsUsed-1-quantity').fill('2');
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('list-table')).toBeVisible();
  await search(page, ticket);
  await page.getByTestId(`row-view-${ticket}`).click();
  await expect(page.getByTestId('detail-partsUsed')).toContainText('剪切上刀片 × 1');
  await expect(page.getByTestId('detail-partsUsed')).toContainText('剪切下刀片 × 2');
  await expect(page.getByTestId('detail-clientId')).toHaveText(company);
});

test('at 390 px the lead list and a visit form fit the phone', async ({ page }) => {
  await adminOn(page, LEADS);
  await page.setViewportSize({ width: 390, height: 844 });
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.getByTestId('list-table')).toBeVisible();
  await expect.poll(() => width()).toBeLessThanOrEqual(390);
  await page.goto(`${pageUrlOf(VISITS)}/add`);
  await page.getByTestId('field-partsUsed-add').click();
  await expect(page.getByTestId('field-partsUsed-0-quantity')).toBeVisible();
  await expect.poll(() => width()).toBeLessThanOrEqual(390);
});
