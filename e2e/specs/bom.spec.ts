import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminOn, DEMO } from './support.ts';
import { confirmDialogOk, search } from './resource-form.ts';

/** Parts of a small machine, made through the API: a root, an assembly, one of its parts, and a loose part. */
async function createParts(request: APIRequestContext, tag: string) {
  const login = await request.post('/api/account/login', { data: DEMO.admin });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const parts = {
    machine: { code: `M-${tag}`, name: '试验机', weight: 0, unitPrice: 0 },
    assembly: { code: `ASM-${tag}`, name: '剪切单元', weight: 10, unitPrice: 100 },
    bolt: { code: `BOLT-${tag}`, name: '螺栓', weight: 0.5, unitPrice: 2 },
    roller: { code: `ROL-${tag}`, name: '送料辊', weight: 4, unitPrice: 50 },
  };
  for (const part of Object.values(parts)) {
    const created = await request.post('/api/spareOarts', { headers, data: { ...part, unit: '件' } });
    expect(created.status(), part.code).toBe(201);
  }
  return parts;
}

/** Chooses a part in a part picker: the server searches by the typed code. */
async function pickPart(page: Page, testId: string, code: string) {
  const picker = page.getByTestId(testId);
  await picker.click();
  await picker.locator('input').fill(code);
  const listId = await picker.getByRole('combobox').getAttribute('aria-controls');
  const option = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) })
    // The code and a space: `M-1` must not pick `ASM-1`.
    .locator('.ant-select-item-option', { hasText: new RegExp(`^${code} `) })
    .first();
  await expect(option).toBeVisible();
  await option.click();
}

async function nodeAction(page: Page, code: string, action: string) {
  await page.getByTestId(`node-menu-${code}`).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function addChild(page: Page, parent: string, child: string, quantity: string) {
  await nodeAction(page, parent, '添加子节点');
  await pickPart(page, 'node-field-part', child);
  await page.getByTestId('node-field-quantity').fill(quantity);
  await page.getByTestId('node-save').click();
  await expect(page.getByTestId('bom-tree').getByTestId(`node-${child}`)).toBeVisible();
}

test('a maker builds a three-level design BOM, releases it, derives the manufacturing BOM and opens a subtree', async ({
  page,
  request,
}) => {
  const tag = `${Date.now()}`;
  const parts = await createParts(request, tag);
  await adminOn(page, 'superAdmin.BOMCenter.designBOM');

  await page.getByTestId('list-add').click();
  await page.getByTestId('field-code').fill(`BOM-${tag}`);
  await page.getByTestId('field-name').fill('试验机 BOM');
  await pickPart(page, 'field-partId', parts.machine.code);
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/designBOM\/detail\/[^/]+$/);
  await expect(page.getByTestId('bom-status')).toHaveText('草稿');
  const tree = page.getByTestId('bom-tree');
  await expect(tree.getByTestId(`node-${parts.machine.code}`)).toBeVisible();

  // Three levels: machine → 2 × assembly → 3 × bolt, and 1 roller beside the assembly.
  await addChild(page, parts.machine.code, parts.assembly.code, '2');
  await addChild(page, parts.assembly.code, parts.bolt.code, '3');
  await addChild(page, parts.machine.code, parts.roller.code, '1');
  const bolt = tree.getByTestId(`node-${parts.bolt.code}`);
  await expect(bolt.getByTestId('node-quantity')).toContainText('3 × 件');
  // Six bolts per machine, 0.5 kg and 2 yuan each.
  await expect(bolt.getByTestId('node-rolled')).toContainText('Σ 6 · 3.000 kg · ¥12.00');

  // Quantities are edited in place; the assembly's figures include what is under it.
  await nodeAction(page, parts.roller.code, '编辑');
  await page.getByTestId('node-field-quantity').fill('4');
  await page.getByTestId('node-save').click();
  await expect(tree.getByTestId(`node-${parts.roller.code}`).getByTestId('node-rolled')).toContainText('Σ 4 ·');
  // 2 × 10 kg + 6 × 0.5 kg.
  await expect(tree.getByTestId(`node-${parts.assembly.code}`).getByTestId('node-rolled')).toContainText(
    'Σ 2 · 23.000 kg',
  );
  // 23 kg of assemblies + 16 kg of rollers.
  await expect(page.getByTestId('bom-total-weight')).toHaveText('39.000');

  await page.getByTestId('bom-release').click();
  await confirmDialogOk(page).click();
  await expect(page.getByTestId('bom-status')).toHaveText('已发布');
  // Released: read-only, no more node edits.
  await page.getByTestId(`node-menu-${parts.bolt.code}`).click();
  await expect(page.getByRole('menuitem', { name: '添加子节点' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const detailUrl = page.url();

  await page.getByTestId('bom-derive').click();
  await expect(page).toHaveURL(/\/makeBOM\/detail\/[^/]+$/);
  await expect(page.getByTestId(`make-node-${parts.bolt.code}`)).toBeVisible();

  // The assembly's subtree, with figures per machine.
  await page.goto(detailUrl);
  await nodeAction(page, parts.assembly.code, '查看子树');
  await expect(page).toHaveURL(/\/designBOM\/children\/[^/?]+\?bom=/);
  await expect(page.getByTestId('subtree-path')).toContainText(parts.machine.code);
  await expect(
    page.getByTestId('bom-tree').getByTestId(`node-${parts.bolt.code}`).getByTestId('node-rolled'),
  ).toContainText('Σ 6 ·');
  await expect(page.getByTestId('bom-tree').getByTestId(`node-${parts.roller.code}`)).toHaveCount(0);

  // The design BOM's detail fits a phone: the tree scrolls inside its card.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(detailUrl);
  await expect(page.getByTestId('bom-tree').getByTestId(`node-${parts.bolt.code}`)).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a part shows its pictures and where it is used', async ({ page, request }) => {
  const tag = `${Date.now()}`;
  const parts = await createParts(request, tag);
  await adminOn(page, 'superAdmin.BOMCenter.spareOarts');
  await search(page, parts.bolt.code);
  await page.getByTestId(`row-view-${parts.bolt.code}`).click();
  await expect(page.getByTestId('detail-name')).toHaveText(parts.bolt.name);

  // A 1×1 PNG is taken and shown as a thumbnail; a text file is refused before sending.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const attachments = page.getByTestId('attachments');
  const input = attachments.locator('input[type=file]');
  await input.setInputFiles({ name: 'bolt.png', mimeType: 'image/png', buffer: png });
  await expect(attachments.getByTestId('attachment')).toContainText('bolt.png');
  await expect(attachments.getByTestId('attachment').locator('img')).toBeVisible();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(attachments.locator('.ant-upload-list-item-error')).toContainText('notes.txt');
  await expect(attachments.getByTestId('attachment')).toHaveCount(1);
  await expect(page.getByTestId('where-used')).toBeVisible();

  // Deleted after a confirmation, the picture leaves the list.
  await attachments.getByTestId('attachment-delete').click();
  await page.locator('.armature-confirm .ant-btn-primary').click();
  await expect(attachments.getByTestId('attachment')).toHaveCount(0);
});

test('trying a PLC template with empty samples marks each field at fault, with why', async ({ page }) => {
  await adminOn(page, 'superAdmin.BOMCenter.PLCTask');
  await search(page, 'CUT-LN');
  await page.getByTestId('row-edit-CUT-LN').click();
  const trying = page.getByTestId('plc-try');
  await expect(trying).toBeVisible();
  const fields = trying.locator('[data-testid^="plc-try-field-"]');
  const count = await fields.count();
  expect(count).toBeGreaterThan(0);
  await page.getByTestId('plc-render').click();
  // Every required parameter left empty is marked, saying what is wrong.
  for (let index = 0; index < count; index++) {
    await expect(fields.nth(index).locator('.ant-form-item-explain-error')).toHaveText(/\S/);
  }
  // The diameter typed and tried again: that field is no longer marked.
  const first = trying.getByTestId('plc-try-field-diameter');
  await page
    .locator('input[data-testid="plc-try-diameter"], [data-testid="plc-try-diameter"] input')
    .first()
    .fill('16');
  await page.getByTestId('plc-render').click();
  await expect(first.locator('.ant-form-item-explain-error')).toHaveCount(0);
});
