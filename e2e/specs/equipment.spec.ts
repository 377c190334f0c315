import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DIGITAL_TWIN_PERMISSIONS,
  EQUIPMENT_NORMAL_PERMISSIONS,
  EQUIPMENT_PERMISSIONS,
  pageUrlOf,
  parseTelemetryTopic,
} from '@armature/domain';
import { startSimulator } from '../../apps/api/src/modules/telemetry/simulator/simulator.ts';
import { DEMO, adminOn, openMenuPage, pickOption, enterAs } from './support.ts';
import { confirmDialogOk } from './resource-form.ts';

const ADMIN_PAGE = EQUIPMENT_PERMISSIONS.read;
const NORMAL_PAGE = EQUIPMENT_NORMAL_PERMISSIONS.read;
const BOARD_URL = pageUrlOf(DIGITAL_TWIN_PERMISSIONS.read);
/** Demo machines: a shear line and a stirrup bender reporting by MQTT on LINE1, and the second client's shear line. */
const LINE1_SHEAR = 'GJW16-2403-0117';
const LINE1_BENDER = 'WG12D-2405-0342';
const OTHER_CLIENT_SHEAR = 'GJW16-2502-0145';
const OTHER_CLIENT = '江苏恒力钢筋制品有限公司';
/** A LINE1 stirrup bender that sends no telemetry. */
const LINE1_MANUAL = 'WG12D-2405-0343';

/** The administrator's API (the browser's sign-in stored their product selection). */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/account/login', { data: DEMO.admin });
  expect(login.ok()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const response = await request.get(`/api${path}`, { headers });
      expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
      return (await response.json()) as T;
    },
    post: async <T>(path: string): Promise<T> => {
      const response = await request.post(`/api${path}`, { headers, data: {} });
      expect(response.ok(), `POST ${path}: ${response.status()}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}

/**
 * The machine simulator (what `npm run simulate:machines` runs) playing one demo machine with MQTT
 * credentials issued through the API, against the e2e server's embedded broker. `published(state)`
 * resolves when it has sent that state.
 */
async function simulate(
  request: APIRequestContext,
  serialNumber: string,
  options: { fault: boolean; brokerUrl: string },
) {
  const api = await adminApi(request);
  const found = await api.get<{ items: { id: string; serialNumber: string }[] }>(`/equipment?filter=${serialNumber}`);
  const machine = found.items.find((item) => item.serialNumber === serialNumber);
  expect(machine, `the demo machine ${serialNumber}`).toBeDefined();
  const credentials = await api.post<{ username: string; password: string; topicPrefix: string }>(
    `/equipment/${machine!.id}/mqtt-credentials`,
  );
  const topic = parseTelemetryTopic(`${credentials.topicPrefix}/state`);
  expect(topic?.serialNumber).toBe(serialNumber);
  const sent: string[] = [];
  const waiting: { state: string; resolve: () => void }[] = [];
  const simulator = await startSimulator({
    brokerUrl: options.brokerUrl,
    machines: [{ ...topic!, password: credentials.password, idealRate: 240 }],
    faultSerial: options.fault ? serialNumber : undefined,
    seed: 7,
    onPublication: (_serial, publication) => {
      if (publication.channel !== 'state') return;
      sent.push(publication.payload.state);
      for (const waiter of waiting.filter((each) => each.state === publication.payload.state)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
  });
  return {
    published: (state: string) =>
      sent.includes(state) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ state, resolve })),
    /** Sends the machine's offline state and disconnects it. */
    stop: () => simulator.stop(),
  };
}

/** The administrator signed in on LINE1. */
async function adminOnLine1(page: Page) {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
}

test('the maker lists every client’s machines, the plant only its current client’s', async ({ page }) => {
  await adminOn(page, ADMIN_PAGE);
  await expect(page.getByTestId(`row-${LINE1_SHEAR}`)).toBeVisible();
  await expect(page.getByTestId(`row-${OTHER_CLIENT_SHEAR}`)).toBeVisible();
  await expect(page.getByTestId(`row-${LINE1_SHEAR}`).getByTestId('operation-status')).toBeVisible();
  // The ingest's counts are shown to the maker under the list.
  await expect(page.getByTestId('ingest-stats')).toContainText('内置');
  // Filtered by client: the second client's machines only.
  await pickOption(page, 'filter-clientId', OTHER_CLIENT);
  await expect(page.getByTestId(`row-${LINE1_SHEAR}`)).toHaveCount(0);
  await expect(page.getByTestId(`row-${OTHER_CLIENT_SHEAR}`)).toBeVisible();

  await openMenuPage(page, NORMAL_PAGE);
  await expect(page.getByTestId(`row-${LINE1_SHEAR}`)).toBeVisible();
  await expect(page.getByTestId(`row-${LINE1_BENDER}`)).toBeVisible();
  await expect(page.getByTestId(`row-${OTHER_CLIENT_SHEAR}`)).toHaveCount(0);
  // The plant's list offers no add.
  await expect(page.getByTestId('list-add')).toHaveCount(0);
});

test('the maker adds a machine, edits it, and issues its MQTT credentials, shown once', async ({ page }) => {
  const serial = `E2E-${Date.now() % 1_000_000}`;
  await adminOn(page, ADMIN_PAGE);
  await page.getByTestId('list-add').click();
  await expect(page.getByTestId('equipment-form')).toBeVisible();
  await page.getByTestId('field-serialNumber').fill(serial);
  await page.getByTestId('field-name').fill('数控钢筋弯箍机 e2e');
  await page.getByTestId('field-spec').fill('WG12D-E2E');
  await pickOption(page, 'field-saleStatus', '已售');
  await pickOption(page, 'field-clientId', DEMO.client);
  await pickOption(page, 'field-productId', DEMO.products.line1);
  await page.getByTestId('field-idealRate').fill('600');
  await page.getByTestId('throughput-add').click();
  await page.getByTestId('throughput-0-from').fill('6');
  await page.getByTestId('throughput-0-to').fill('12');
  await page.getByTestId('throughput-0-rate').fill('600');
  await page.getByTestId('form-submit').click();

  // Saved: the machine's detail, with the calendar a new machine starts with.
  await expect(page.getByTestId('detail-title')).toContainText(serial);
  await expect(page.getByTestId('detail-plant')).toContainText(DEMO.products.line1);
  await expect(page.getByTestId('detail-throughput')).toContainText('Φ6 – Φ12');
  await expect(page.getByTestId('detail-shifts')).toContainText('08:00 – 16:00');

  await page.getByTestId('detail-edit').click();
  await expect(page.getByTestId('field-name')).toHaveValue('数控钢筋弯箍机 e2e');
  await page.getByTestId('field-name').fill('数控钢筋弯箍机 e2e 改');
  await page.getByTestId('shift-1-remove').click();
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('detail-title')).toContainText('数控钢筋弯箍机 e2e 改');
  await expect(page.getByTestId('detail-shifts')).not.toContainText('16:00 – 00:00');

  // Credentials: the password shows once, in a dialog that says so.
  await page.getByTestId('issue-credentials').click();
  const password = page.getByTestId('credentials-password');
  await expect(password).toBeVisible();
  const first = (await password.innerText()).trim();
  expect(first.length).toBeGreaterThanOrEqual(16);
  await expect(page.getByTestId('credentials-username')).not.toBeEmpty();
  await expect(page.getByTestId('credentials-topic')).toContainText(`/LINE1/${serial}/`);
  await page.getByTestId('credentials-close').click();
  await expect(password).toHaveCount(0);
  await expect(page.getByTestId('detail-live')).not.toContainText(first);

  // Issuing again revokes the first ones, so it asks first; the new password differs.
  await page.getByTestId('issue-credentials').click();
  await confirmDialogOk(page).click();
  await expect(password).toBeVisible();
  expect((await password.innerText()).trim()).not.toBe(first);
  await page.getByTestId('credentials-close').click();
});

test('the plant edits its own fields of a machine and sets by hand the status of one without telemetry', async ({
  page,
}) => {
  await adminOn(page, NORMAL_PAGE);
  await page.getByTestId(`row-view-${LINE1_MANUAL}`).click();
  await expect(page.getByTestId('detail-title')).toContainText(LINE1_MANUAL);
  // The sale fields are shown, not edited: the edit mode holds the plant's fields only.
  await expect(page.getByTestId('detail-machine')).toContainText(DEMO.client);
  await page.getByTestId('detail-edit').click();
  await expect(page.getByTestId('plant-form')).toBeVisible();
  await expect(page.getByTestId('field-serialNumber')).toHaveCount(0);
  await page.getByTestId('field-idealRate').fill('777');
  await page.getByTestId('shift-add').click();
  await page.getByTestId('shift-2-name').fill('N');
  await page.getByTestId('shift-2-start').click();
  await page.keyboard.type('22:00');
  await page.keyboard.press('Tab');
  await page.getByTestId('shift-2-end').click();
  await page.keyboard.type('06:00');
  await page.keyboard.press('Tab');
  await page.getByTestId('plant-save').click();
  await expect(page.getByTestId('plant-form')).toHaveCount(0);
  await expect(page.getByTestId('detail-plant')).toContainText('777');
  await expect(page.getByTestId('detail-shifts')).toContainText('22:00 – 06:00');

  // No telemetry: its status is set by hand.
  await page.getByTestId('set-status').click();
  await pickOption(page, 'field-operationStatus', '维护');
  await page.getByTestId('status-save').click();
  await expect(page.getByTestId('detail-status').getByTestId('operation-status')).toHaveAttribute(
    'data-state',
    'maintenance',
  );
});

test.describe('the digital twin', () => {
  let simulator: Awaited<ReturnType<typeof simulate>> | undefined;
  test.afterEach(async () => {
    await simulator?.stop();
    simulator = undefined;
  });

  test('a fault reaches the board within a second of its message; the detail draws the day’s timeline', async ({
    page,
    mqttUrl,
  }) => {
    await adminOnLine1(page);
    await page.goto(BOARD_URL);
    const card = page.getByTestId(`twin-card-${LINE1_SHEAR}`);
    await expect(card).toBeVisible();
    await expect(page.getByTestId(`twin-card-${LINE1_BENDER}`)).toBeVisible();
    await expect(page.getByTestId(`twin-card-${OTHER_CLIENT_SHEAR}`)).toHaveCount(0);
    await expect(card).not.toHaveAttribute('data-state', 'fault');

    simulator = await simulate(page.request, LINE1_SHEAR, { fault: true, brokerUrl: mqttUrl });
    await simulator.published('fault');
    // Pushed by SSE: the card turns within about a second of the message, with its alarm.
    await expect(card).toHaveAttribute('data-state', 'fault', { timeout: 1500 });
    await expect(card.getByTestId('twin-alarm')).toBeVisible();
    await expect(page.getByTestId('board-filter-fault')).toContainText('(1)');

    // The filter by state keeps the faulted machine only.
    await page.getByTestId('board-filter-fault').click();
    await expect(card).toBeVisible();
    await expect(page.getByTestId(`twin-card-${LINE1_BENDER}`)).toHaveCount(0);

    await card.click();
    await expect(page).toHaveURL(/\/digitalTwinOverview\/detail\//);
    await expect(page.getByTestId('detail-title')).toContainText(LINE1_SHEAR);
    const timeline = page.getByTestId('state-timeline');
    await expect(timeline.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(Number(await timeline.getAttribute('data-segments'))).toBeGreaterThanOrEqual(1);
    // Hovering a stretch (the longest, so the pointer finds it) tells its state and bounds on the plant's clock.
    const stretches = timeline.locator('.recharts-bar-rectangle');
    const longest = await stretches.evaluateAll((rects) =>
      rects
        .map((rect) => rect.getBoundingClientRect().width)
        .reduce((best, width, index, widths) => (width > widths[best]! ? index : best), 0),
    );
    await stretches.nth(longest).hover();
    await expect(timeline.locator('.recharts-tooltip-wrapper')).toContainText(/\d\d:\d\d – \d\d:\d\d/);
    await expect(page.getByTestId('oee-formula')).toContainText('OEE = A × P × Q');
    // The fault's alarm is in the day's history, still active.
    await expect(page.getByTestId('alarm-table')).toContainText('未解除');
  });

  test('on a phone the board is one column of cards', async ({ page }) => {
    await adminOnLine1(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(BOARD_URL);
    const cards = page.locator('[data-testid^="twin-card-"]');
    await expect(cards.nth(1)).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first && second).toBeTruthy();
    expect(second!.x).toBe(first!.x);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    // Nothing wider than the phone: the page does not scroll sideways, nor does a machine's detail.
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect.poll(() => width()).toBeLessThanOrEqual(390);
    await cards.nth(0).click();
    await expect(page.getByTestId('oee-table')).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await expect.poll(() => width()).toBeLessThanOrEqual(390);
  });
});
