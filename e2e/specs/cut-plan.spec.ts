import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { STOCK_PERMISSIONS, pageUrlOf } from '@armature/domain';
import { DEMO, enterAs, enterWithDefaultProduct } from './support.ts';
import { confirmDialogOk } from './resource-form.ts';

// Set CUT_PLAN_SCREENSHOTS=<folder> to keep a screenshot of each screen the test passes through.
const screenshots = process.env.CUT_PLAN_SCREENSHOTS;

async function snapshot(page: Page, what: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${what}.png`), fullPage: true });
}

const PLANS_URL = '/productionPlan/plan/cutPlan';
const RAW_STOCK_URL = pageUrlOf(STOCK_PERMISSIONS.raw.stock);
/** The demo line stocks 9 m HRB400E Φ10 bars (heat 24A-0611) and no other Φ10 raw bars. */
const SPEC = { grade: 'HRB400E', diameter: 10 };

type StockRow = {
  id: string;
  rebarName: string;
  length: number;
  heatNo: string | null;
  locationCode: string | null;
  reserved: number;
  available: number;
  quantity: number;
};

/** The planner's API, after the browser's sign-in stored their product selection. */
async function plannerApi(request: APIRequestContext) {
  const login = await request.post('/api/account/login', { data: DEMO.planner });
  expect(login.ok()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const call = async <T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> => {
    const response = await request[method](`/api${path}`, { headers, data });
    expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json().catch(() => undefined)) as T;
  };
  return {
    get: <T>(path: string) => call<T>('get', path),
    post: <T>(path: string, data?: unknown) => call<T>('post', path, data ?? {}),
  };
}

async function rawStock(api: Awaited<ReturnType<typeof plannerApi>>): Promise<StockRow[]> {
  const page = await api.get<{ items: StockRow[] }>(`/stock/raw?diameter=${SPEC.diameter}&maxResultCount=100`);
  return page.items;
}

test('a planner plans a confirmed order, watches the run, reads the diagrams, approves, and sees the reserved stock', async ({
  page,
}) => {
  await enterAs(page, DEMO.planner);
  await enterWithDefaultProduct(page);

  // A confirmed order of Φ10 bars, made through the API (the demo's confirmed orders are planned already).
  const api = await plannerApi(page.request);
  const specs = await api.get<{ id: string; grade: string; diameter: number; name: string }[]>('/rebar/all');
  const spec = specs.find((each) => each.grade === SPEC.grade && each.diameter === SPEC.diameter);
  expect(spec, 'the demo line has HRB400E Φ10').toBeDefined();
  const suffix = String(Date.now() % 100_000);
  const order = await api.post<{ id: string; code: string }>('/demandOrder', {
    project: `e2e-cut-${suffix}`,
    element: '板 B1',
    demandDate: '2026-12-31',
    lines: [
      { mark: `A${suffix}`, rebarId: spec!.id, length: 2900, members: 2, barsPerMember: 6 },
      { mark: `B${suffix}`, rebarId: spec!.id, length: 1700, members: 2, barsPerMember: 5 },
      {
        mark: `C${suffix}`,
        rebarId: spec!.id,
        geometry: [
          { length: 600, angle: 90 },
          { length: 800, angle: 0 },
        ],
        members: 1,
        barsPerMember: 8,
      },
    ],
  });
  await api.post(`/demandOrder/${order.id}/confirm`);
  const before = await rawStock(api);

  // The list, then the add page: the order is offered with its lines and what is left to plan.
  await page.goto(PLANS_URL);
  await expect(page.getByTestId('list-table')).toBeVisible();
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/\/cutPlan\/add$/);
  await page.getByTestId('order-search').locator('input').fill(order.code);
  await page.getByTestId('order-search').locator('input').press('Enter');
  const row = page.getByTestId(`plan-order-${order.code}`);
  await expect(row).toBeVisible();
  await page.getByTestId(`order-expand-${order.code}`).click();
  const lines = page.getByTestId(`order-lines-${order.code}`);
  await expect(lines).toContainText(`A${suffix}`);
  // Nothing planned yet: 12 left of 12.
  await expect(lines.getByTestId('plan-line-1')).toContainText('12');
  await row.locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('plan-chosen')).toContainText('1');
  // Raw bars on hand only, so the plan reserves stock; a short search.
  await page.getByTestId('field-sources').getByText('可用余料').click();
  await page.getByTestId('field-sources').getByText('采购定尺').click();
  await page.getByTestId('field-timeLimitS').fill('5');
  await snapshot(page, 'add');
  // The plan's page reads the run's live events with fetch, sending the bearer token.
  const streams: { authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    if (/\/api\/cutPlan\/[^/]+\/events$/.test(new URL(request.url()).pathname))
      streams.push({ authorization: request.headers().authorization });
  });
  const firstRead = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && /\/api\/cutPlan\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname),
  );
  await page.getByTestId('form-submit').click();

  // The plan's page follows its run live until it is over, then shows the result.
  await expect(page).toHaveURL(/\/cutPlan\/detail\/[^/]+$/);
  const planId = /detail\/([^/?]+)/.exec(page.url())?.[1] ?? '';
  const job = page.getByTestId('cut-plan-job');
  await expect(job).toBeVisible();
  await expect(page.getByTestId('cut-plan-progress')).toBeVisible();
  const stateAtFirstRead = ((await (await firstRead).json()) as { job: { state: string } }).job.state;
  await expect(job).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });
  // A run still going when the page opened was followed live (one that was over needs no stream).
  if (stateAtFirstRead === 'queued' || stateAtFirstRead === 'running') {
    expect(streams.length).toBeGreaterThan(0);
    expect(streams[0]?.authorization).toMatch(/^Bearer /);
  }
  console.log(`run ${stateAtFirstRead} when the page opened; ${streams.length} event stream(s) opened`);
  await expect(page.getByTestId('cut-plan-progress')).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('job-bars')).not.toHaveText('—');
  await expect(page.getByTestId('detail-status')).toContainText('草稿');
  await expect(page.getByTestId('detail-orders')).toContainText(order.code);

  // The result: totals, and the diagrams of the Φ10 group.
  const totals = page.getByTestId('cut-plan-totals');
  await expect(totals).toBeVisible();
  await expect(page.getByTestId('totals-use-rate')).toContainText('%');
  const group = page.getByTestId(`cut-plan-group-${SPEC.diameter}`);
  const diagrams = group.getByTestId('cutting-diagram');
  await expect(diagrams.first()).toBeVisible();
  // 12 + 10 + 8 pieces over every pattern's repetitions.
  const placed = await diagrams.evaluateAll((nodes) =>
    nodes.reduce(
      (sum, node) => sum + Number(node.getAttribute('data-count')) * Number(node.getAttribute('data-pieces')),
      0,
    ),
  );
  expect(placed).toBe(30);
  await expect(diagrams.first().getByTestId('diagram-count')).toContainText('×');
  await expect(diagrams.first().getByTestId('diagram-offcut-label')).toBeVisible();
  // Pointing at a bent piece shows its order line and its shape.
  const bent = group
    .locator(`[data-testid="diagram-piece"][data-length]`)
    .filter({ hasText: `C${suffix}` })
    .first();
  const piece = (await bent.count()) ? bent : group.getByTestId('diagram-piece').first();
  await piece.hover();
  const tip = page.getByTestId('diagram-piece-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(order.code);
  await expect(tip.getByTestId('diagram-piece-shape')).toBeVisible();
  await snapshot(page, 'detail');
  await page.mouse.move(0, 0);

  // Optimise again with a longer limit. A small run may be over before the page reads the plan again,
  // so that one read is answered as still running: the page must learn the end from the live stream
  // (fetched with the bearer token), stop following it and read the plan again.
  const planPath = new RegExp(`/api/cutPlan/${planId}$`);
  await page.route(
    (url) => planPath.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { job: { state: string } };
      await route.fulfill({ response, json: { ...body, job: { ...body.job, state: 'running' } } });
    },
    { times: 1 },
  );
  const streamsBefore = streams.length;
  await page.getByTestId('reoptimize-timeLimitS').fill('8');
  await page.getByTestId('reoptimize-submit').click();
  await expect(page.getByTestId('run-2')).toBeVisible({ timeout: 90_000 });
  await expect(job).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });
  expect(streams.length).toBeGreaterThan(streamsBefore);
  expect(streams.at(-1)?.authorization).toMatch(/^Bearer /);
  // Two runs side by side.
  await page.getByTestId('run-check-1').check();
  await page.getByTestId('run-check-2').check();
  const comparison = page.getByTestId('run-comparison');
  await expect(comparison).toBeVisible();
  for (const figure of ['bars', 'cost', 'wasteWeight'])
    await expect(comparison.getByTestId(`compare-${figure}`)).toBeVisible();
  await snapshot(page, 'runs');

  // Approve: the stock the plan uses is reserved.
  await page.getByTestId('detail-approve').click();
  await confirmDialogOk(page).click();
  await expect(page.getByTestId('detail-status')).toContainText('已审核');
  await expect(page.getByTestId('detail-approve')).toHaveCount(0);

  const plan = await api.get<{ totals: { rawMaterials: { source: string; count: number }[] } }>(`/cutPlan/${planId}`);
  const stockBars = plan.totals.rawMaterials
    .filter((material) => material.source === 'stock')
    .reduce((sum, material) => sum + material.count, 0);
  expect(stockBars).toBeGreaterThan(0);
  const after = await rawStock(api);
  const reservedOf = (rows: StockRow[]) => rows.reduce((sum, each) => sum + each.reserved, 0);
  expect(reservedOf(after) - reservedOf(before)).toBe(stockBars);

  // The stock page shows what is reserved and what is left.
  const stockRow = after.find((each) => each.reserved > 0)!;
  await page.goto(`${RAW_STOCK_URL}?diameter=${SPEC.diameter}`);
  const table = page.getByTestId('list-table');
  await expect(table).toContainText('已预留');
  await expect(table).toContainText('可用');
  // The row's label as the list writes it (`stockRowLabel`): spec-length-heat, `@location` where it lies.
  const shown = page.getByTestId(
    `row-${stockRow.rebarName}-${stockRow.length}-${stockRow.heatNo ?? ''}`.replace(/-$/, '') +
      (stockRow.locationCode ? `@${stockRow.locationCode}` : ''),
  );
  await expect(shown).toBeVisible();
  const cells = shown.locator('td');
  const texts = (await cells.allInnerTexts()).map((text) => text.replace(/,/g, '').trim());
  expect(texts).toContain(String(stockRow.reserved));
  expect(texts).toContain(String(stockRow.available));
  expect(stockRow.available).toBe(stockRow.quantity - stockRow.reserved);
  await snapshot(page, 'stock');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The document is no wider than the phone (diagrams and tables scroll inside their cards). */
  async function expectFits(page: Page, what: string) {
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
    await snapshot(page, `mobile-${what}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(390);
  }

  test('the list, the add page and the demo plan with its diagrams fit a phone', async ({ page }) => {
    await enterAs(page, DEMO.planner);
    // On a phone the product switch sits in the header's one menu.
    const chooser = page.getByTestId('chooser-form');
    await expect(chooser.or(page.getByTestId('header-menu')).first()).toBeVisible();
    if (await chooser.isVisible()) await page.getByTestId('chooser-confirm').click();
    await expect(page.getByTestId('header-menu')).toBeVisible();
    await page.goto(PLANS_URL);
    await expect(page.getByTestId('list-table')).toBeVisible();
    await expectFits(page, 'list');

    await page.goto(`${PLANS_URL}/add`);
    await expect(page.getByTestId('form-submit')).toBeVisible();
    await expect(page.getByTestId('plan-orders')).toBeVisible();
    await expectFits(page, 'add');

    // LINE1's demo plan is approved, with diagrams.
    await page.goto(`${PLANS_URL}?status=approved`);
    await page.locator('[data-testid^="row-view-"]').first().click();
    await expect(page.getByTestId('detail')).toBeVisible();
    await expect(page.getByTestId('cutting-diagram').first()).toBeVisible();
    await expectFits(page, 'detail');
  });
});
