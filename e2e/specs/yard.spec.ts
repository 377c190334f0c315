import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  RECEIPT_PERMISSIONS,
  STOCK_PERMISSIONS,
  TASK_PERMISSIONS,
  pageUrlOf,
  type DailyPlanDetail,
  type StockIntegrity,
  type StockPage,
  type Task,
  type TaskDetail,
} from '@armature/domain';
import { pdfOpenedInTab } from './pdf-tab.ts';
import { DEMO, adminOnFirstLine, apiAs, enterAs, pickOption, signOut } from './support.ts';
import { confirmDialogOk, search } from './resource-form.ts';
import { announced } from './messages.ts';
import { isoDay, plannedOrder, specWithoutFreeBars } from './production-flow.ts';

// The yard on a phone: a truck received into racks, bars put away, an offcut kept and labelled
// by the operator, and racks counted by scanning. Fixtures through the API; the screens under test by hand.

const OPERATOR = { userName: 'operator', password: 'Operator2026' } as const;
const RECEIPTS_URL = pageUrlOf(RECEIPT_PERMISSIONS.read);
const RAW_STOCK_URL = pageUrlOf(STOCK_PERMISSIONS.raw.stock);
const STOCK_TAKE_URL = `${pageUrlOf(STOCK_PERMISSIONS.raw.log)}/add`;
const OPERATOR_URL = pageUrlOf(TASK_PERMISSIONS.operator);
const PHONE = { width: 390, height: 844 };

const fitsThePhone = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** Unique per run: the tests pass again on the same server. */
const runTag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** Picks the option of a select labelled `text`, typed into its search. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** A scan into the stock-take (a hand scanner types the code and Enter); the row it names takes the count. */
async function scanAndCount(page: Page, code: string, row: string, counted: number) {
  await page.getByTestId('take-scan').fill(code);
  await page.getByTestId('take-scan').press('Enter');
  const input = page.locator(`[data-testid="take-row"]${row}`).getByTestId('take-counted');
  await expect(input).toBeFocused();
  await input.fill(String(counted));
}

test('at 390 px the keeper receives a three-line truck into a rack, puts bars away on another, and counts that rack by scanning', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const run = runTag();
  await enterAs(page, DEMO.keeper, { product: DEMO.products.line1, path: RECEIPTS_URL });
  const keeper = await apiAs(page.request, DEMO.keeper);
  const place = (code: string, name: string) =>
    keeper.post<{ id: string; code: string; name: string }>('/stockLocation', { code, name, kind: 'rack' });
  const inbound = await place(`IN${run}`, `收货架 ${run}`);
  const rack = await place(`RK${run}`, `备料架 ${run}`);

  // The truck: three specs, each heat a line of its own, all put down at the receiving rack.
  const lines = [
    { spec: 'HRB400E Φ12', heatNo: `T${run}-1`, bars: 10 },
    { spec: 'HRB400E Φ16', heatNo: `T${run}-2`, bars: 8 },
    { spec: 'HRB400E Φ20', heatNo: `T${run}-3`, bars: 6 },
  ];
  await page.getByTestId('receive-delivery').click();
  await page.getByTestId('field-supplier').fill('沙钢');
  await page.getByTestId('field-deliveryNoteNo').fill(`SG-${run}`);
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.getByTestId('line-add').click();
    await pick(page, `line-${index}-rebarId`, line.spec);
    await page.getByTestId(`line-${index}-heatNo`).fill(line.heatNo);
    await page.getByTestId(`line-${index}-length`).fill('9000');
    await page.getByTestId(`line-${index}-bundles`).fill('1');
    await page.getByTestId(`line-${index}-barCount`).fill(String(line.bars));
    await pick(page, `line-${index}-locationId`, inbound.name);
  }
  await fitsThePhone(page);
  await page.getByTestId('form-submit').click();
  await announced(page, /DN\d{8}-\d{4}/, { kind: 'success' });
  for (const line of lines) {
    const rows = await keeper.get<StockPage>(`/stock/raw?heatNo=${line.heatNo}`);
    expect(rows.items.map((row) => [row.locationId, row.quantity])).toEqual([[inbound.id, line.bars]]);
  }

  // Put away: four Φ12 bars carried from the receiving rack to the rack they are used from.
  const label = (heatNo: string, spec: string, at: string) => `${spec}-9000-${heatNo}@${at}`;
  const [first, , third] = lines as [(typeof lines)[0], (typeof lines)[0], (typeof lines)[0]];
  await page.goto(RAW_STOCK_URL);
  await search(page, first.heatNo);
  await page.getByTestId(`row-relocate-${label(first.heatNo, first.spec, inbound.code)}`).click();
  await pick(page, 'relocate-location', rack.name);
  await page.getByTestId('relocate-quantity').fill('4');
  await fitsThePhone(page);
  await page.getByTestId('relocate-submit').click();
  await announced(page, /MV\d{8}-\d{4}/, { kind: 'success' });
  const quantityAt = (at: string) =>
    page.getByTestId(`row-${label(first.heatNo, first.spec, at)}`).getByTestId('cell-quantity');
  await expect(quantityAt(rack.code)).toHaveText('4');
  await expect(quantityAt(inbound.code)).toHaveText('6');
  await fitsThePhone(page);
  // And the Φ20 line whole, through the API.
  const [twenty] = (await keeper.get<StockPage>(`/stock/raw?heatNo=${third.heatNo}`)).items;
  await keeper.post(`/stock/raw/${twenty!.id}/relocate`, { locationId: rack.id, quantity: third.bars });

  // The count of the rack, by scanning each heat: one Φ12 bar is missing, the Φ20 bars are all there.
  await page.goto(STOCK_TAKE_URL);
  await pick(page, 'take-location', rack.name);
  await expect(page.getByTestId('take-row')).toHaveCount(2);
  await scanAndCount(page, first.heatNo, `[data-heat="${first.heatNo}"]`, 3);
  await scanAndCount(page, third.heatNo, `[data-heat="${third.heatNo}"]`, third.bars);
  await expect(page.locator(`[data-heat="${first.heatNo}"]`).getByTestId('take-difference')).toHaveText('-1');
  await expect(page.locator(`[data-heat="${third.heatNo}"]`).getByTestId('take-difference')).toHaveText('0');
  await fitsThePhone(page);
  await page.getByTestId('take-post').click();
  await expect(page.getByTestId('take-differences')).toHaveText('1');
  await fitsThePhone(page);
  const counted = await keeper.get<StockPage>(`/stock/raw?heatNo=${first.heatNo}&locationId=${rack.id}`);
  expect(counted.items.map((row) => row.quantity)).toEqual([3]);
  const admin = await adminOnFirstLine(page.request);
  expect((await admin.get<StockIntegrity>('/stock/integrity')).ok).toBe(true);
});

test('at 390 px the operator sees where the bar lies, keeps its offcut and prints the label; the keeper finds the lot on a rack by its label', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const run = runTag();
  // Through the API: one bar of a spec the line has no other free bars of, at a rack; an order of one 5 m
  // piece planned from it (a 9 m bar: about 4 m is kept), approved, scheduled and released to its machine.
  const admin = await adminOnFirstLine(page.request);
  const spec = await specWithoutFreeBars(admin, [22, 32, 28, 18, 14]);
  const place = (code: string, name: string) =>
    admin.post<{ id: string; code: string; name: string }>('/stockLocation', { code, name, kind: 'rack' });
  const barRack = await place(`BR${run}`, `原材料架 ${run}`);
  const offcutRack = await place(`OR${run}`, `余料架 ${run}`);
  const now = Date.now();
  const heatNo = `Z${run}`;
  await admin.post('/rebarDelivery', {
    supplier: '永钢',
    receiveDate: isoDay(now),
    lines: [{ rebarId: spec.id, heatNo, length: 9000, bundles: 1, barCount: 1, locationId: barRack.id }],
  });
  const { plan } = await plannedOrder(
    admin,
    { project: `余料测试 ${run}`, mark: `Y${run}`, rebarId: spec.id, length: 5000, barsPerMember: 1, now },
    { raw: true, tails: false, purchase: false },
  );
  await admin.post(`/cutPlan/${plan.id}/approve`);
  const schedule = await admin.post<DailyPlanDetail>('/dailyPlan', {
    firstDay: isoDay(now),
    days: 3,
    cutPlanIds: [plan.id],
  });
  await admin.post(`/dailyPlan/${schedule.id}/release`);
  const tasks = await admin.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`);
  const task = tasks.items.find((each) => each.kind === 'cut')!;
  expect(task.pattern).toMatchObject({ source: 'stock', heatNo, offcutKind: 'tail' });

  // The operator's card says where the bar lies: the rack, its heat.
  await enterAs(page, OPERATOR, { product: DEMO.products.line1, path: OPERATOR_URL });
  await pickOption(page, 'operator-machine', task.serialNumber);
  const card = page.getByTestId(`operator-task-${task.code}`);
  await expect(card.getByTestId('operator-place')).toContainText(barRack.code);
  await expect(card.getByTestId('operator-place')).toContainText(heatNo);
  await fitsThePhone(page);
  await card.getByTestId('task-start').click();
  await expect(card.getByTestId('operator-task-status')).toHaveAttribute('data-status', 'running');
  await card.getByTestId('report-one').click();
  await expect(card.getByTestId('task-progress')).toContainText('1 / 1');
  await card.getByTestId('task-complete').click();
  await confirmDialogOk(page).click();
  await expect(card.getByTestId('operator-task-done')).toBeVisible();

  // The offcut it kept is a lot; its label prints from the task: the QR is the lot's scan id.
  const done = await admin.get<TaskDetail>(`/task/${task.id}`);
  const kept = done.stockMoves.find((move) => move.kind === 'tail' && move.direction === 'in');
  expect(kept?.lotCode).toMatch(/^OC\d{8}-\d{4}$/);
  const [lotRow] = (await admin.get<StockPage>(`/stock/tail?filter=${kept!.lotCode}`)).items;
  expect(lotRow!.lot).toMatchObject({ heatNos: [heatNo], sourceCode: task.code });
  await expect(card.getByTestId('print-offcut-labels')).toBeVisible();
  await fitsThePhone(page);
  const pdf = await pdfOpenedInTab(page, `**/api/task/${task.id}/offcut-labels*`, () =>
    card.getByTestId('print-offcut-labels').click(),
  );
  expect(pdf.qrCodes).toEqual([lotRow!.lot!.scanId]);

  // Put on the offcut rack, the lot is found there by the keeper's count: its label's code typed, one bar.
  await admin.post(`/stock/tail/${lotRow!.id}/relocate`, { locationId: offcutRack.id, quantity: 1 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);
  await page.setViewportSize(PHONE);
  await enterAs(page, DEMO.keeper, { product: DEMO.products.line1, path: STOCK_TAKE_URL });
  await pick(page, 'take-location', offcutRack.name);
  await expect(page.getByTestId('take-row')).toHaveCount(1);
  await scanAndCount(page, kept!.lotCode!.toLowerCase(), `[data-lot="${kept!.lotCode}"]`, 1);
  await expect(page.getByTestId('take-difference')).toHaveText('0');
  await fitsThePhone(page);
  await page.getByTestId('take-post').click();
  await expect(page.getByTestId('take-differences')).toHaveText('0');
  expect((await admin.get<StockIntegrity>('/stock/integrity')).ok).toBe(true);

  // The bundle's public scan page (its tag's QR) names the heat of the bar it was cut from.
  await page.goto(`/scan/${done.bundles[0]!.scanId}`);
  await expect(page.getByTestId('scan-heats')).toHaveText(heatNo);
  await fitsThePhone(page);
});
