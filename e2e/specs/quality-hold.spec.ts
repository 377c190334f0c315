import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, adminApiOnFirstLine, receiveBars, openMenuPage, enterAs } from './support.ts';
import { search } from './resource-form.ts';

const INSPECTOR = { userName: 'inspector', password: 'Inspector2026' } as const;
const PAGES = {
  receipts: 'rawMaterialStock.receiveCenter.rebarReceive',
  rawStock: 'rawMaterialStock.receiveCenter.rebarStock',
} as const;
const SPEC = 'HRB400E Φ25';
const BARS = 10;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };
/** A 1 × 1 PNG: a photographed mill certificate as far as the server's content check goes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function openReceipt(page: Page, heatNo: string, code: string) {
  await openMenuPage(page, PAGES.receipts);
  await search(page, heatNo);
  await page.getByTestId(`row-view-${code}`).click();
  await expect(page.getByTestId('detail-title')).toContainText(code);
}

/** The raw stock of this heat: its one row with bars (held or free) and the totals of the search. */
async function rawStockOf(page: Page, heatNo: string) {
  await openMenuPage(page, PAGES.rawStock);
  await search(page, heatNo);
  const row = page.getByTestId(`row-${SPEC}-9000-${heatNo}`);
  await expect(row.getByTestId('cell-quantity')).toHaveText(String(BARS));
  return row;
}

test('an inspector holds and releases a receipt', async ({ page, request }) => {
  const heatNo = `QH-${Date.now() % 1_000_000}`;
  // Ten 9 m bars of Φ25 on the first demo line, under a heat number no other run used.
  const receipt = await receiveBars(request, await adminApiOnFirstLine(request), {
    spec: SPEC,
    heatNo,
    barCount: BARS,
  });

  await enterAs(page, INSPECTOR, { product: DEMO.products.line1 });
  await openMenuPage(page, PAGES.receipts);
  await search(page, heatNo);
  await expect(page.getByTestId(`row-${receipt.code}`).getByTestId('cell-quality-status')).toHaveAttribute(
    'data-status',
    'uninspected',
  );
  await page.getByTestId(`row-view-${receipt.code}`).click();

  // The receiving technique's characteristics, each judged as it is typed; the weighed sample is light.
  await page.getByTestId('receipt-inspect').click();
  const drawer = page.getByTestId('inspection-drawer');
  await drawer.getByTestId('check-value-RECV-DIA').fill('0.1');
  await expect(drawer.getByTestId('check-live-RECV-DIA')).toHaveAttribute('data-result', 'pass');
  // 1 m of Φ25 weighing 3.5 kg against 3.85 kg/m: −9.09 %, outside GB/T 1499.2's ±4 %.
  await drawer.getByTestId('check-mass-RECV-WEIGHT').fill('3.5');
  await drawer.getByTestId('check-length-RECV-WEIGHT').fill('1000');
  await expect(drawer.getByTestId('check-live-RECV-WEIGHT')).toHaveAttribute('data-result', 'fail');
  await expect(drawer.getByTestId('check-live-RECV-WEIGHT')).toContainText('-9.09');
  await drawer.getByTestId('check-value-RECV-YIELD').fill('455');
  await drawer.getByTestId('check-value-RECV-TENSILE').fill('610');
  await drawer.getByTestId('check-value-RECV-ELONG').fill('21');
  await expect(drawer.getByTestId('check-live-RECV-ELONG')).toHaveAttribute('data-result', 'pass');
  // The bend test starts unjudged: nothing is saved as passing a test nobody did.
  const bend = drawer.getByTestId('check-passed-RECV-BEND');
  await expect(bend.locator('.ant-radio-button-wrapper-checked')).toHaveCount(0);
  await expect(page.getByTestId('inspection-submit')).toBeDisabled();
  await bend.getByText('未检', { exact: true }).click();
  await expect(page.getByTestId('inspection-submit')).toBeEnabled();
  await bend.getByText('合格', { exact: true }).click();
  await page.getByTestId('inspection-submit').click();
  const outcome = page.getByTestId('inspection-outcome');
  await expect(outcome).toHaveAttribute('data-result', 'fail');
  await expect(outcome).toContainText(`${BARS} 根钢筋已冻结`);
  // The failed check by its name, not its code.
  await expect(outcome).toContainText('重量偏差');
  await expect(outcome).not.toContainText('RECV-WEIGHT');
  await page.getByTestId('inspection-outcome-close').click();

  await expect(page.getByTestId('detail-quality-status')).toHaveAttribute('data-status', 'held');
  await expect(page.getByTestId('detail-held')).toHaveText(String(BARS));
  await page.getByTestId('receipt-tabs').getByRole('tab', { name: '检验记录' }).click();
  await expect(page.getByTestId('receipt-inspections').getByTestId('record-result')).toHaveAttribute(
    'data-result',
    'fail',
  );

  // A mill certificate: a photo is listed with its thumbnail; another kind of file is refused, saying why.
  await page.getByTestId('receipt-tabs').getByRole('tab', { name: '质保书' }).click();
  const certificates = page.getByTestId('certificates');
  const upload = certificates.locator('input[type=file]');
  await upload.setInputFiles({ name: 'mill.png', mimeType: 'image/png', buffer: PNG });
  await expect(certificates.getByTestId('certificate')).toContainText('mill.png');
  await expect(certificates.getByTestId('certificate').locator('img')).toBeVisible();
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a certificate') });
  await expect(certificates.locator('.ant-upload-list-item-error')).toContainText('notes.txt');
  await expect(certificates.getByTestId('certificate')).toHaveCount(1);

  // Held bars stay counted in raw stock, marked and totalled apart; their ledger says why they moved.
  const held = await rawStockOf(page, heatNo);
  await expect(held.getByTestId('stock-held')).toBeVisible();
  await expect(page.getByTestId('stock-totals-held')).toHaveText(String(BARS));
  const heldFilter = async (label: string) => {
    await page.getByTestId('filter-held').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
  };
  await heldFilter('可用');
  await expect(held).toHaveCount(0);
  await heldFilter('冻结');
  await expect(held.getByTestId('stock-held')).toBeVisible();
  await held.getByTestId(`row-ledger-${SPEC}-9000-${heatNo}`).click();
  await expect(page.getByTestId('stock-ledger')).toContainText('质检冻结');
  await page.keyboard.press('Escape');

  // Released with a reason: the bars are free for production again.
  await openReceipt(page, heatNo, receipt.code);
  await page.getByTestId('receipt-release').click();
  await page.getByTestId('cancel-ok').click();
  await expect(page.locator('.armature-confirm .ant-form-item-explain-error')).toBeVisible();
  await page.getByTestId('cancel-reason').fill('复检合格，准予放行');
  await page.getByTestId('cancel-ok').click();
  await expect(page.getByTestId('detail-quality-status')).toHaveAttribute('data-status', 'released');
  await expect(page.getByTestId('detail-held')).toHaveCount(0);
  await expect(page.getByTestId('receipt-release')).toHaveCount(0);

  // On a phone the receipt, its quality status and its tabs fit the screen.
  await page.setViewportSize(PHONE);
  // The phone layout (its header menu instead of the side menu) once it has taken over.
  await expect(page.getByTestId('header-menu')).toBeVisible();
  await expect(page.getByTestId('detail-quality-status')).toBeVisible();
  await expect(page.getByTestId('receipt-tabs')).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  const { width, culprits } = await page.evaluate((limit) => {
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return { width: document.documentElement.scrollWidth, culprits: wide };
  }, PHONE.width);
  expect(width, `the receipt is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);

  const free = await rawStockOf(page, heatNo);
  await expect(free.getByTestId('stock-held')).toHaveCount(0);
  await expect(page.getByTestId('stock-totals-held')).toHaveText('0');
  await free.getByTestId(`row-ledger-${SPEC}-9000-${heatNo}`).click();
  await expect(page.getByTestId('stock-ledger')).toContainText('质检放行');
  await page.keyboard.press('Escape');
});
