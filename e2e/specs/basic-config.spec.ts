import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { readSheet } from 'read-excel-file/node';
import { RESOURCES, type Resource } from '@armature/domain';
import { adminOn, DEMO, openMenuPage } from './support.ts';
import { confirmDialogOk, createThroughForm, editedFieldOf, labelOf, search } from './resource-form.ts';
import { announced } from './messages.ts';

/** Create → find in the list → edit → delete, through the screens only. */
async function roundTrip(page: Page, resource: Resource, tag: string) {
  await createThroughForm(page, resource, tag);
  const label = labelOf(resource, tag);
  await search(page, label);
  const row = page.getByTestId(`row-${label}`);
  await expect(row).toBeVisible();

  const edited = editedFieldOf(resource, tag);
  await page.getByTestId(`row-edit-${label}`).click();
  await page.getByTestId(`field-${edited.field}`).fill(edited.value);
  await page.getByTestId('form-submit').click();
  await expect(row).toContainText(edited.value);

  await page.getByTestId(`row-delete-${label}`).click();
  await confirmDialogOk(page).click();
  await expect(row).toHaveCount(0);
}

const creatable = RESOURCES.filter((resource) => resource.operations.includes('create'));

for (const resource of creatable) {
  test(`${resource.name}: create, find, edit and delete through the screens`, async ({ page }) => {
    await adminOn(page, resource.page);
    await roundTrip(page, resource, `${resource.name.slice(0, 4).toUpperCase()}${Date.now() % 100000}`);
  });
}

test('a technique in French: labels, validation and the round trip', async ({ page }) => {
  await adminOn(page, 'basicConfig.basic.technique');
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-fr-FR').click();
  await expect(page.getByTestId('breadcrumb')).toContainText('Techniques');
  await expect(page.getByTestId('list-table')).toContainText("Ordre d'affichage");
  await search(page, 'CUT');
  await expect(page.getByTestId('row-CUT')).toContainText('Cisaillage');

  await page.getByTestId('list-add').click();
  await page.getByTestId('form-submit').click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toContainText('Obligatoire');
  await page.getByTestId('form-cancel').click();

  const { techniqueResource } = await import('@armature/domain');
  await roundTrip(page, techniqueResource, `FR${Date.now() % 100000}`);
});

test('deleting a technique that inspection characteristics use is refused, naming them', async ({ page }) => {
  await adminOn(page, 'basicConfig.basic.technique');
  await search(page, 'CUT');
  await page.getByTestId('row-delete-CUT').click();
  await confirmDialogOk(page).click();
  await announced(page, '检验特性');
  await expect(page.getByTestId('row-CUT')).toBeVisible();
});

test('the export downloads an Excel file with every listed row, not only the page on screen', async ({ page }) => {
  await adminOn(page, 'basicConfig.spec.rebar');
  await search(page, 'HRB');
  // The demo seeds HRB400E and HRB500E in 11 diameters each: 22 rows, 20 on the first page.
  await expect(page.locator('.ant-pagination-total-text')).toContainText('22');
  await expect(page.getByTestId('list-table').locator('tbody tr[data-row-key]')).toHaveCount(20);
  const download = page.waitForEvent('download');
  await page.getByTestId('list-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^钢筋规格-\d{8}-\d{4}\.xlsx$/);
  const [header, ...data] = await readSheet(await file.path());
  const specColumn = header?.indexOf('规格') ?? -1;
  expect(specColumn).toBeGreaterThanOrEqual(0);
  expect(data).toHaveLength(22);
  expect(data.map((row) => String(row[specColumn]))).toEqual(expect.arrayContaining(['HRB400E Φ12', 'HRB500E Φ32']));
});

test('product settings: the maker edits every field, the plant only its own', async ({ page }) => {
  await adminOn(page, 'superAdmin.equipmentCenter.productSetting-admin');
  const row = page.getByTestId(`row-${DEMO.products.line1}`);
  await page.getByTestId(`row-edit-${DEMO.products.line1}`).click();
  await page.getByTestId('field-kerf').fill('3');
  await page.getByTestId('field-wasteLength').fill('600');
  await page.getByTestId('form-submit').click();
  await expect(row).toContainText('600');

  await openMenuPage(page, 'superAdmin.equipmentCenter.productSetting-normal');
  await expect(page.getByTestId(`row-${DEMO.products.line2}`)).toHaveCount(0);
  await page.getByTestId(`row-edit-${DEMO.products.line1}`).click();
  await expect(page.getByTestId('field-kerf')).toBeDisabled();
  await page.getByTestId('field-wasteLength').fill('500');
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId(`row-${DEMO.products.line1}`)).toContainText('500');
});

test('number fields take digits only and clamp to their bounds; the unit weight follows the diameter', async ({
  page,
}) => {
  await adminOn(page, 'basicConfig.spec.rebar');
  await page.getByTestId('list-add').click();
  const diameter = page.getByTestId('field-diameter');
  await diameter.pressSequentially('1a2e');
  await expect(diameter).toHaveValue('12');
  await expect(page.getByTestId('field-unitWeight')).toHaveValue('0.888');
  await diameter.fill('99');
  await diameter.blur();
  // The rebar definition bounds diameters to 4–60 mm.
  await expect(diameter).toHaveValue('60');
});

test('a field the server refuses shows the server’s message on that field', async ({ page }) => {
  await adminOn(page, 'basicConfig.basic.technique');
  await page.getByTestId('list-add').click();
  await page.getByTestId('field-code').fill('CUT');
  await page.getByTestId('field-name').fill('重复的剪切');
  await page.getByTestId('form-submit').click();
  const codeItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('field-code') });
  await expect(codeItem.locator('.ant-form-item-explain-error')).toContainText('已存在');
  await announced(page, '编码“CUT”已存在');
});
