import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { readSheet } from 'read-excel-file/node';
import { DEMO, enterWithDefaultProduct, openMenuPage, enterAs } from './support.ts';
import { confirmDialogOk, search } from './resource-form.ts';
import { announced, messageMark } from './messages.ts';

const PAGES = {
  receipts: 'rawMaterialStock.receiveCenter.rebarReceive',
  rawStock: 'rawMaterialStock.receiveCenter.rebarStock',
  rawLog: 'rawMaterialStock.receiveCenter.receiveStockLog',
  finishedStock: 'rebarFinished.finished.stock',
  finishedLog: 'rebarFinished.finished.stockLog',
  tailStock: 'rebarFinished.tail.stock',
  tailLog: 'rebarFinished.tail.stockLog',
  wasteStock: 'rebarFinished.waste.stock',
} as const;

/** A length no other run used, so each run's stock rows are its own (the database lives across tests). */
const freshLength = (base: number) => base + (Date.now() % 997);

async function keeperOn(page: Page, pageId: string) {
  await enterAs(page, DEMO.keeper);
  await enterWithDefaultProduct(page);
  await openMenuPage(page, pageId);
  await expect(page.getByTestId('list-table')).toBeVisible();
}

/** Picks the option of a select labelled `text`, typing `searchFor` (default: `text`) into its search. */
async function pick(page: Page, testId: string, text: string, searchFor = text) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(searchFor);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Records a manual move on a stockLog/add page or drawer; an out-move takes from the stock row `row`. */
async function recordMove(
  page: Page,
  move: { direction: '入库' | '出库'; reason: string; spec: string; length: number; quantity: number },
) {
  await page.getByTestId('list-add').click();
  await page.getByTestId('move-direction').getByText(move.direction).click();
  await pick(page, 'field-reason', move.reason);
  if (move.direction === '出库') {
    // The server searches stock rows by spec name (and heat number); the option names the row.
    await pick(page, 'field-stockId', `${move.spec}-${move.length}`, move.spec);
  } else {
    await pick(page, 'field-rebarId', move.spec);
    await page.getByTestId('field-length').fill(String(move.length));
  }
  await page.getByTestId('field-quantity').fill(String(move.quantity));
  await page.getByTestId('form-submit').click();
}

/**
 * A move that goes through: the form returns to the ledger and the move's number is told (by this save's message,
 * not the move's before).
 */
async function moveRecorded(page: Page, move: Parameters<typeof recordMove>[1]) {
  const mark = await messageMark(page);
  await recordMove(page, move);
  await expect(page.getByTestId('form-submit')).toBeHidden();
  await announced(page, /MV\d{8}-\d{4}/, { kind: 'success', after: mark });
}

async function stockRow(page: Page, pageId: string, label: string) {
  await openMenuPage(page, pageId);
  await search(page, label.split('-')[0] ?? label);
  return page.getByTestId(`row-${label}`);
}

test('a stock keeper receives bars, sees them in raw stock and in the log, and reverses the receipt', async ({
  page,
}) => {
  const heatNo = `E2E-${Date.now() % 1_000_000}`;
  await keeperOn(page, PAGES.receipts);
  await page.getByTestId('list-add').click();
  await pick(page, 'field-rebarId', 'HRB400E Φ25');
  await page.getByTestId('field-supplier').fill('沙钢');
  await page.getByTestId('field-heatNo').fill(heatNo);
  await page.getByTestId('field-length').fill('9000');
  await page.getByTestId('field-bundles').fill('1');
  await page.getByTestId('field-barCount').fill('10');
  // 9 m × 10 bars × 3.85 kg/m (GB/T 1499.2, Φ25)
  await expect(page.getByTestId('weight-preview')).toContainText('346.500');
  await page.getByTestId('form-submit').click();
  const code = await announced(page, /RC\d{8}-\d{4}/, { kind: 'success' });
  await search(page, heatNo);
  await expect(page.getByTestId('list-table')).toContainText(heatNo);
  await expect(page.getByTestId('list-table')).toContainText('346.500');

  await openMenuPage(page, PAGES.rawStock);
  await search(page, heatNo);
  const row = page.getByTestId(`row-HRB400E Φ25-9000-${heatNo}`);
  await expect(row).toContainText('10');
  await expect(row).toContainText('346.500');
  await expect(page.getByTestId('stock-totals-weight')).toContainText('346.500');
  await expect(page.getByTestId('stock-chart')).toBeVisible();

  await openMenuPage(page, PAGES.rawLog);
  await search(page, heatNo);
  const ledger = page.getByTestId('list-table');
  await expect(ledger).toContainText('收料');
  await expect(ledger).toContainText('346.500');
  await expect(ledger.locator('tbody tr.ant-table-row')).toHaveCount(1);

  // A wrong receipt is reversed, never edited: the bars leave raw stock and the receipt shows both moves.
  await openMenuPage(page, PAGES.receipts);
  await search(page, heatNo);
  await page.getByTestId(`row-view-${code}`).click();
  await expect(page.getByTestId('receipt-ledger').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByTestId('receipt-reverse').click();
  await page.getByTestId('reverse-reason').fill('炉号录错');
  await confirmDialogOk(page).click();
  await expect(page.getByTestId('detail-status')).toContainText('已冲销');
  await expect(page.getByTestId('receipt-ledger').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await openMenuPage(page, PAGES.rawStock);
  await search(page, heatNo);
  const emptied = page.getByTestId(`row-HRB400E Φ25-9000-${heatNo}`);
  // Hidden among the balances in stock; with the empty ones shown, it holds nothing.
  await page.getByTestId('filter-includeEmpty').click();
  await expect(page.getByTestId('filter-includeEmpty')).toBeChecked();
  await expect(emptied.getByTestId('cell-quantity')).toHaveText('0');
  await expect(emptied).not.toContainText('346.500');
});

test('finished pieces delivered leave stock; taking more than is there is refused, naming the shortfall', async ({
  page,
}) => {
  // Longer than any demo or task-made piece: manual production lands in its own finished-stock row.
  const length = freshLength(13000);
  const label = `HRB400E Φ16-${length}`;
  await keeperOn(page, PAGES.finishedLog);
  await moveRecorded(page, { direction: '入库', reason: '生产', spec: 'HRB400E Φ16', length, quantity: 8 });
  await moveRecorded(page, { direction: '出库', reason: '发货', spec: 'HRB400E Φ16', length, quantity: 3 });

  const row = await stockRow(page, PAGES.finishedStock, label);
  await expect(row.getByTestId('cell-quantity')).toHaveText('5');

  await openMenuPage(page, PAGES.finishedLog);
  await recordMove(page, { direction: '出库', reason: '发货', spec: 'HRB400E Φ16', length, quantity: 6 });
  await announced(page, `库存不足：${label.replace('-', ' ')}mm 现有 5，需要 6，缺 1`);
  // The form stays, with what was typed, and nothing moved.
  await expect(page.getByTestId('field-quantity')).toHaveValue('6');
  const unchanged = await stockRow(page, PAGES.finishedStock, label);
  await expect(unchanged.getByTestId('cell-quantity')).toHaveText('5');
});

test('a scrapped offcut leaves tail stock and enters waste', async ({ page }) => {
  const length = freshLength(1000);
  const label = `HRB400E Φ20-${length}`;
  await keeperOn(page, PAGES.tailLog);
  await moveRecorded(page, { direction: '入库', reason: '生产', spec: 'HRB400E Φ20', length, quantity: 2 });
  await moveRecorded(page, { direction: '出库', reason: '报废', spec: 'HRB400E Φ20', length, quantity: 1 });

  const tail = await stockRow(page, PAGES.tailStock, label);
  await expect(tail.getByTestId('cell-quantity')).toHaveText('1');
  const waste = await stockRow(page, PAGES.wasteStock, label);
  await expect(waste.getByTestId('cell-quantity')).toHaveText('1');
});

test('the exported stock list holds what the screen shows, and the ledger check agrees with every balance', async ({
  page,
}) => {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await openMenuPage(page, PAGES.rawStock);
  const totalWeight = async () =>
    Number((await page.getByTestId('stock-totals-weight').innerText()).replace(/[^\d.]/g, ''));
  await expect.poll(totalWeight).toBeGreaterThan(0);
  const totals = await totalWeight();

  const download = page.waitForEvent('download');
  await page.getByTestId('list-export').click();
  const rows = await readSheet(await (await download).createReadStream());
  const header = rows[0]?.map(String) ?? [];
  const weightColumn = header.findIndex((title) => title.includes('重量'));
  expect(weightColumn).toBeGreaterThanOrEqual(0);
  const exported = rows.slice(1).reduce((sum, row) => sum + Number(row[weightColumn]), 0);
  expect(exported.toFixed(3)).toBe(totals.toFixed(3));

  await page.getByTestId('stock-integrity').click();
  await expect(page.getByTestId('integrity-result')).toHaveAttribute('data-ok', 'true');
});
