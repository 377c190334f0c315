import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, adminApiOnFirstLine, openMenuPage, pickOption, receiveBars, enterAs } from './support.ts';
import { adminApi, produceBundles } from './production-flow.ts';
import { search } from './resource-form.ts';

const INSPECTIONS = 'intelligentProcess.quality.inspection';
const INSPECTIONS_URL = '/intelligentProcess/quality/inspection';
const TRACE_URL = '/intelligentProcess/quality/trace';
const SAMPLING_URL = '/intelligentProcess/quality/samplingPlan';
const SPEC = 'HRB400E Φ25';
const PHONE = { width: 390, height: 844 };

type Recorded = { heatNo: string; receiptCode: string; inspectionCode: string };

/**
 * Two receipts of fresh heats on the first demo line, each inspected through the API (as admin): one
 * within every limit, one whose diameter is 0.9 mm off (the demo tolerance is ±0.4 mm), so the list
 * holds a pass and a fail and the diameter's control chart two values.
 */
async function recordInspections(request: APIRequestContext) {
  const admin = await adminApiOnFirstLine(request);
  const { headers, read } = admin;
  const types = (await read<{ id: string; code: string }[]>('inspectionType/all')).filter((row) =>
    row.code.startsWith('RECV-'),
  );
  const typeId = (code: string) => types.find((row) => row.code === code)?.id;
  const run = Date.now() % 1_000_000;

  const inspect = async (heatNo: string, diameterOff: number): Promise<Recorded> => {
    const receipt = await receiveBars(request, admin, { spec: SPEC, heatNo, barCount: 10 });
    const inspected = await request.post(`/api/inspection/receipt/${receipt.id}`, {
      headers,
      data: {
        checks: [
          { inspectionTypeId: typeId('RECV-DIA'), value: diameterOff },
          // Φ25 weighs 3.85 kg/m: a 1 m sample of 3.85 kg is 0 % off.
          { inspectionTypeId: typeId('RECV-WEIGHT'), massKg: 3.85, lengthMm: 1000 },
          { inspectionTypeId: typeId('RECV-YIELD'), value: 450 },
          { inspectionTypeId: typeId('RECV-TENSILE'), value: 600 },
          { inspectionTypeId: typeId('RECV-ELONG'), value: 20 },
          { inspectionTypeId: typeId('RECV-BEND'), passed: true },
        ],
      },
    });
    expect(inspected.ok(), await inspected.text()).toBe(true);
    const { inspection } = (await inspected.json()) as { inspection: { code: string } };
    return { heatNo, receiptCode: receipt.code, inspectionCode: inspection.code };
  };

  return {
    passed: await inspect(`QR-P${run}`, 0.1),
    failed: await inspect(`QR-F${run}`, 0.9),
    diameterId: typeId('RECV-DIA') ?? '',
  };
}

/** The page has settled and the document is no wider than the phone. */
async function expectFitsPhone(page: Page, what: string) {
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

test('an inspector finds inspections, reads one, charts them and traces a heat', async ({ page, request }) => {
  const { passed, failed, diameterId } = await recordInspections(request);

  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await openMenuPage(page, INSPECTIONS);
  await expect(page.getByTestId('list-table')).toBeVisible();

  // The run's two records, then only the failed one.
  await search(page, `QR-`);
  await expect(page.getByTestId(`row-${passed.inspectionCode}`)).toBeVisible();
  await expect(page.getByTestId(`result-${failed.inspectionCode}`)).toHaveAttribute('data-result', 'fail');
  await pickOption(page, 'filter-result', '不合格');
  await expect(page).toHaveURL(/result=fail/);
  await expect(page.getByTestId(`row-${failed.inspectionCode}`)).toBeVisible();
  await expect(page.getByTestId(`row-${passed.inspectionCode}`)).toBeHidden();

  // Its detail: the receipt it was made on and the diameter check that failed.
  await page.getByTestId(`row-view-${failed.inspectionCode}`).click();
  await expect(page.getByTestId('detail-title')).toContainText(failed.inspectionCode);
  await expect(page.getByTestId('detail-result')).toHaveAttribute('data-result', 'fail');
  await expect(page.getByTestId('detail')).toContainText(failed.receiptCode);
  await expect(page.getByTestId('check-RECV-DIA')).toContainText('0.9');
  await expect(page.getByTestId('check-RECV-DIA').locator('[data-result="fail"]')).toBeVisible();
  await expect(page.getByTestId('check-RECV-WEIGHT')).toContainText('3.850 kg / 1000 mm');

  // Statistics of the diameter: its pass rate and its individuals chart with two values.
  await page.goto(`${INSPECTIONS_URL}?inspectionTypeId=${diameterId}`);
  await page.getByTestId('tab-statistics').click();
  await expect(page.getByTestId('pass-rate').locator('.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('pass-rate')).toContainText('RECV-DIA');
  await expect(page.getByTestId('control-chart-plot').locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('control-chart-plot').locator('.recharts-reference-line').first()).toBeAttached();

  // The failed heat's recall list: its receipt, and the bundles table (no bars of it cut yet).
  await page.goto(`${TRACE_URL}?heat=${encodeURIComponent(failed.heatNo)}`);
  await expect(page.getByTestId('trace-receipts')).toContainText(failed.receiptCode);
  await expect(page.getByTestId('trace-bundles')).toBeVisible();
  await expect(page.getByTestId('trace-export')).toBeVisible();

  // A typed text that is no tag is refused in the bundle mode.
  await page.getByTestId('trace-mode').getByText('按捆追溯').click();
  await page.getByTestId('trace-bundle-input').locator('input').fill('TK20261122-0001');
  await page.getByTestId('trace-bundle-input').locator('input').press('Enter');
  await expect(page.getByText('这不是捆标签')).toBeVisible();

  // On a phone every quality page fits.
  await page.setViewportSize(PHONE);
  await page.goto(INSPECTIONS_URL);
  await expect(page.getByTestId('list-table')).toBeVisible();
  await expectFitsPhone(page, 'inspections');
  await page.getByTestId('tab-statistics').click();
  await expect(page.getByTestId('pass-rate').locator('.recharts-surface')).toBeVisible();
  await expectFitsPhone(page, 'statistics');
  await page.goto(`${TRACE_URL}?heat=${encodeURIComponent(failed.heatNo)}`);
  await expect(page.getByTestId('trace-bundles')).toBeVisible();
  await expectFitsPhone(page, 'trace');
  await page.goto(SAMPLING_URL);
  await expect(page.getByTestId('list-table')).toBeVisible();
  await expectFitsPhone(page, 'sampling plans');
});

test('a bundle traces back to its task, plans and heat, and the heat forward to the bundle', async ({ page }) => {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  const { bundles } = await produceBundles(await adminApi(page.request));
  const bundle = bundles[0]!;

  // As the scan page links it: the bundle, the cut task with its machine and plans, the heats it was cut from.
  await page.goto(`${TRACE_URL}?bundle=${bundle.scanId}`);
  const trace = page.getByTestId('bundle-trace');
  await expect(trace).toContainText(bundle.mark);
  await expect(trace).toContainText(bundle.taskCode);
  const heat = trace.locator('[data-testid^="heat-"]').first();
  await expect(heat).toBeVisible();
  const heatNo = await heat.textContent();
  await expect(page.getByTestId('trace-receipts')).toContainText(heatNo ?? '');

  // The heat's recall list holds the bundle.
  await heat.click();
  await expect(page).toHaveURL(/\?heat=/);
  await expect(page.getByTestId(`bundle-${bundle.scanId}`)).toContainText(bundle.taskCode);
  await expect(page.getByTestId(`bundle-${bundle.scanId}`)).toContainText('在库');
});
