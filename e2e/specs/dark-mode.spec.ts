import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DIGITAL_TWIN_PERMISSIONS, pageUrlOf } from '@armature/domain';
import { settled } from './page-walk.ts';
import { DESKTOP, expectDark } from './screen-checks.ts';
import { DEMO, adminApiOnFirstLine, enterAs } from './support.ts';

// The drawings read well in the dark theme: cutting diagrams, bar shapes, charts, the twin and the
// BOM tree, each on a demo record (every other screen is checked by the walk of screens.spec.ts). A screen that
// fails is photographed into the report (`DARK_SCREENSHOTS=<folder>` keeps every one).
test.use({ viewport: DESKTOP });

/** Signs the administrator in on LINE1 and turns the theme dark with the header's switch. */
async function darkAdminOnLine1(page: Page) {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  const toggle = page.getByTestId('theme-switch');
  // The choice may already be dark (remembered for the user): the switch is then on.
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
}

// The theme is kept per user on the server: the specs that follow find the admin in the default light theme.
test.afterAll(async ({ request }) => {
  const { headers } = await adminApiOnFirstLine(request);
  const reset = await request.put('/api/account/preferences', { headers, data: { theme: 'light' } });
  expect(reset.ok()).toBe(true);
});

test('in the dark theme the drawings read well: cutting diagrams, bar shapes, charts, the twin and the BOM tree', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminApiOnFirstLine(request);
  const diameter = (await admin.read<{ id: string; code: string }[]>('inspectionType/all')).find(
    (row) => row.code === 'RECV-DIA',
  );
  await darkAdminOnLine1(page);

  // LINE1's demo cutting plan is approved, with its diagrams.
  await page.goto('/productionPlan/plan/cutPlan?status=approved');
  await expect(page.getByTestId('list-table')).toBeVisible();
  await settled(page);
  await page.locator('[data-testid^="row-view-"]').first().click();
  const diagram = page.getByTestId('cutting-diagram').first();
  await expect(diagram).toBeVisible();
  await expectDark(page, testInfo, 'cut-plan-diagrams');
  // The pieces of different order lines keep apart from each other and from the bar.
  const fills = await page
    .getByTestId('cutting-diagram')
    .locator('[data-testid="diagram-piece"] rect')
    .evaluateAll((rects) => [...new Set(rects.map((rect) => getComputedStyle(rect).fill))]);
  expect(fills.length, `piece colours: ${fills.join(' ')}`).toBeGreaterThan(1);

  // The imported demo order: bent bars drawn by their shapes.
  await page.goto('/productionPlan/plan/demandOrder');
  await settled(page);
  await page
    .getByTestId('list-table')
    .locator('tr', { hasText: '三层梁 B3' })
    .locator('[data-testid^="row-view-"]')
    .click();
  await expect(page.getByTestId('detail')).toBeVisible();
  // (The svg: a straight bar's path is a line with no height, which Playwright calls hidden.)
  await expect(page.locator('[data-testid^="shape-"] svg').first()).toBeVisible();
  await expectDark(page, testInfo, 'demand-order-shapes');

  // The quality demo's diameter checks: pass rate and the individuals chart.
  await page.goto(`/intelligentProcess/quality/inspection?inspectionTypeId=${diameter?.id}`);
  await page.getByTestId('tab-statistics').click();
  await expect(page.getByTestId('control-chart-plot').locator('.recharts-surface').first()).toBeVisible();
  await expectDark(page, testInfo, 'quality-control-chart');

  // The digital twin: the board, then a machine's day.
  await page.goto(pageUrlOf(DIGITAL_TWIN_PERMISSIONS.read));
  const card = page.locator('[data-testid^="twin-card-"]').first();
  await expect(card).toBeVisible();
  await expectDark(page, testInfo, 'twin-board');
  await card.click();
  await expect(page.getByTestId('state-timeline')).toBeVisible();
  await expectDark(page, testInfo, 'twin-detail');

  // A design BOM's tree.
  await page.goto('/superAdmin/BOMCenter/designBOM');
  await expect(page.getByTestId('list-table')).toBeVisible();
  await settled(page);
  await page.locator('[data-testid^="row-view-"]').first().click();
  await expect(page.getByTestId('bom-tree')).toBeVisible();
  await expectDark(page, testInfo, 'bom-tree');
});
