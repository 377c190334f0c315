import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DAILY_PLAN_PERMISSIONS,
  DELIVERY_PERMISSIONS,
  DEMAND_ORDER_PERMISSIONS,
  TASK_PERMISSIONS,
  pageUrlOf,
  type Bundle,
  type DailyPlanDetail,
  type Task,
} from '@armature/domain';
// The API tests' reader of generated PDFs: page sizes and the QR codes of its images, decoded with jsQR.
import { pdfOpenedInTab } from './pdf-tab.ts';
import { DEMO, enterAs, type Api } from './support.ts';
import { confirmDialogOk, openConfirmDialog } from './resource-form.ts';
import { adminApi, isoDay, plannedOrder, produceBundles, specWithoutFreeBars } from './production-flow.ts';
import { announced } from './messages.ts';

const ORDERS_URL = pageUrlOf(DEMAND_ORDER_PERMISSIONS.read);
const SCHEDULES_URL = pageUrlOf(DAILY_PLAN_PERMISSIONS.read);
const TASKS_URL = pageUrlOf(TASK_PERMISSIONS.read);
const DELIVERY_URL = pageUrlOf(DELIVERY_PERMISSIONS.read);

/**
 * Clicks `item` of the tags menu `menu` and reads the PDF the browser received for it: the scan addresses of its
 * QR codes and its page sizes (points, rounded).
 */
async function menuPdf(page: Page, menu: string, item: 'label' | 'a4') {
  await page.getByTestId(menu).click();
  const pdf = await pdfOpenedInTab(page, '**/api/bundle/tags?*', () => page.getByTestId(`${menu}-${item}`).click());
  return {
    qrCodes: new Set(pdf.qrCodes.map((url) => (url ?? '').split('/scan/')[1])),
    pages: pdf.pages.map((size) => [Math.round(size.width), Math.round(size.height)]),
  };
}

/** A raw-port label printer stand-in (TCP): the bytes of each job, once its connection closes. */
async function labelPrinterListener() {
  const jobs: Promise<string>[] = [];
  const server = createServer((socket) => {
    jobs.push(
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, jobs };
}

test('all tags of an order, a schedule, a machine and a delivery note: one PDF, a ZPL file, or sent to a label printer', async ({
  page,
}) => {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  const api = await adminApi(page.request);
  const { bundles, order } = await produceBundles(api);
  const scanIds = new Set(bundles.map((bundle) => bundle.scanId));
  const task = await api.get<Task>(`/task/${bundles[0]!.taskId}`);

  // The order: one PDF of a 100 × 150 mm label per bundle, each QR code the scan page of one of its bundles.
  await page.goto(`${ORDERS_URL}/detail/${order.id}`);
  const ofOrder = await menuPdf(page, 'order-tags', 'label');
  expect(ofOrder.qrCodes).toEqual(scanIds);
  expect(ofOrder.pages).toEqual(bundles.map(() => [283, 425]));
  // …and its ZPL for a 300 dpi printer: one label a bundle, each with its typeable code.
  await page.getByTestId('order-tags').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('order-tags-zpl-300').click();
  const zpl = await readFile(await (await download).path(), 'latin1');
  expect(zpl.match(/\^XA/g)).toHaveLength(bundles.length);
  for (const bundle of bundles) expect(zpl).toContain(bundle.code);

  // The schedule the task came from: the tags of its tasks, four to an A4 sheet.
  await page.goto(`${SCHEDULES_URL}/detail/${task.dailyPlanId}`);
  const ofSchedule = await menuPdf(page, 'schedule-tags', 'a4');
  expect(ofSchedule.qrCodes).toEqual(scanIds);
  expect(ofSchedule.pages).toEqual([[595, 842]]);

  // The task list: no tags until the filter names a machine (or a day and a shift)…
  await page.goto(TASKS_URL);
  await expect(page.getByTestId('task-list-tags')).toBeDisabled();
  // …the machine's bundles still in the plant, among them these; sent to the line's label printer.
  await page.goto(`${TASKS_URL}?equipmentId=${task.equipmentId}`);
  await expect(page.getByTestId('task-list-tags')).toBeEnabled();
  const ofMachine = await menuPdf(page, 'task-list-tags', 'label');
  for (const scanId of scanIds) expect(ofMachine.qrCodes).toContain(scanId);
  const printer = await labelPrinterListener();
  const run = Math.random().toString(36).slice(2, 7).toUpperCase();
  const made = await api.post<{ id: string }>('/labelPrinter', {
    code: `LP${run}`,
    name: `Zebra ${run}`,
    host: '127.0.0.1',
    port: printer.port,
    dpi: '203',
    description: null,
  });
  try {
    await page.reload();
    await page.getByTestId('task-list-tags').click();
    await page.getByTestId(`task-list-tags-send-${made.id}`).click();
    await announced(page, `Zebra ${run}`, { kind: 'success' });
    await expect.poll(() => printer.jobs.length).toBe(1);
    const job = await printer.jobs[0]!;
    expect(job.match(/\^XA/g)).toHaveLength(ofMachine.qrCodes.size);
    for (const bundle of bundles) expect(job).toContain(bundle.code);
  } finally {
    printer.server.close();
    await api.remove(`/labelPrinter/${made.id}`);
  }

  // A delivery note of one bundle: its tag alone.
  const note = await api.post<{ id: string; bundles: Bundle[] }>('/delivery', {
    site: '批量标签测试工地',
    bundleScanIds: [bundles[0]!.scanId],
  });
  await page.goto(`${DELIVERY_URL}/detail/${note.id}`);
  const ofNote = await menuPdf(page, 'delivery-tags', 'label');
  expect(ofNote.qrCodes).toEqual(new Set([bundles[0]!.scanId]));
});

/**
 * Changes the first line's product setting (dispatch mode, material check) as the plant's settings page
 * does: read afresh each time, since each change moves its concurrency stamp.
 */
async function setLineSetting(api: Api, changes: Record<string, unknown>) {
  const products = await api.get<{ id: string; name: string }[]>('/users/productbyuser');
  const line = products.find((product) => product.name === DEMO.products.line1)!;
  const settings = await api.get<{ items: ({ id: string; productId: string } & Record<string, unknown>)[] }>(
    '/product-setting/normal?maxResultCount=100',
  );
  const setting = settings.items.find((item) => item.productId === line.id)!;
  await api.put(`/product-setting/normal/${setting.id}`, { ...setting, ...changes });
}

/**
 * An approved plan of an order of a spec the first line holds no free bars of (Φ18, else Φ14; the other
 * shop-floor specs receive Φ14 first): it buys them, so its tasks lack material until they arrive.
 */
async function planThatBuys(api: Api, mark: string) {
  const spec = await specWithoutFreeBars(api, [18, 14]);
  const { plan } = await plannedOrder(api, { project: `缺料提醒 ${mark}`, mark, rebarId: spec.id, length: 5800 });
  await api.post(`/cutPlan/${plan.id}/approve`);
  const schedule = await api.post<DailyPlanDetail>('/dailyPlan', {
    firstDay: isoDay(Date.now()),
    days: 3,
    cutPlanIds: [plan.id],
  });
  return { spec, schedule };
}

test('release and dispatch list the work whose bars are missing before going on; a line that blocks it shows the refusal', async ({
  page,
}) => {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  const api = await adminApi(page.request);
  const setting = (changes: Record<string, unknown>) => setLineSetting(api, changes);
  const run = Math.random().toString(36).slice(2, 7).toUpperCase();
  const released: string[] = [];
  try {
    // The shift lead dispatches (so the release leaves the tasks for the list), and the line only warns.
    await setting({ dispatchMode: 'byShiftLead', materialCheck: 'warn' });
    const warned = await planThatBuys(api, `W${run}`);

    // Release: the confirm names the job and the bars it lacks; going on releases it.
    await page.goto(`${SCHEDULES_URL}/detail/${warned.schedule.id}`);
    await page.getByTestId('detail-release').click();
    const short = openConfirmDialog(page).getByTestId('material-short');
    await expect(short).toContainText(warned.schedule.jobs[0]!.label);
    await expect(short).toContainText(warned.spec.name);
    await expect(short).toContainText('12000 mm');
    await confirmDialogOk(page).click();
    await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'released');
    released.push(warned.schedule.id);

    // Bulk dispatch from the task list: the same warning, naming the task; going on dispatches it.
    const tasks = (await api.get<{ items: Task[] }>(`/task?dailyPlanId=${warned.schedule.id}&maxResultCount=100`))
      .items;
    expect(tasks).toHaveLength(1);
    const task = tasks[0]!;
    expect(task).toMatchObject({ status: 'pending', material: { ok: false } });
    // Its own page asks the same before dispatching it (closed here: the list dispatches it).
    await page.goto(`${TASKS_URL}/detail/${task.id}`);
    await page.getByTestId('task-dispatch').click();
    await expect(openConfirmDialog(page).getByTestId(`material-short-${task.code}`)).toContainText(warned.spec.name);
    await openConfirmDialog(page).locator('.ant-btn:not(.ant-btn-primary)').click();
    await expect(openConfirmDialog(page)).toHaveCount(0);
    expect((await api.get<Task>(`/task/${task.id}`)).status).toBe('pending');
    await page.goto(`${TASKS_URL}?dailyPlanId=${warned.schedule.id}`);
    const row = page.getByTestId(`row-${task.code}`);
    await expect(row.getByTestId(`task-material-${task.code}`)).toBeVisible();
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('bulk-dispatch').click();
    await expect(openConfirmDialog(page).getByTestId(`material-short-${task.code}`)).toContainText(warned.spec.name);
    await confirmDialogOk(page).click();
    await expect(page.getByTestId(`task-status-${task.code}`)).toHaveAttribute('data-status', 'dispatched');
    expect((await api.get<Task>(`/task/${task.id}`)).status).toBe('dispatched');

    // A line that refuses work without its bars: the release is refused, and the page says why until closed.
    await setting({ materialCheck: 'block' });
    const blocked = await planThatBuys(api, `B${run}`);
    await page.goto(`${SCHEDULES_URL}/detail/${blocked.schedule.id}`);
    await page.getByTestId('detail-release').click();
    const job = blocked.schedule.jobs[0]!.label;
    await expect(openConfirmDialog(page).getByTestId('material-short')).toContainText(job);
    await confirmDialogOk(page).click();
    const refused = page.getByTestId('release-refused');
    await expect(refused).toContainText(job);
    await expect(refused).toContainText(blocked.spec.name);
    await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'draft');
    await api.post(`/dailyPlan/${blocked.schedule.id}/cancel`);
  } finally {
    await setting({ dispatchMode: 'onRelease', materialCheck: 'warn' });
    // The released work is cancelled: the other specs' plans of the same spec get the bars they receive.
    for (const id of released) {
      const tasks = (await api.get<{ items: Task[] }>(`/task?dailyPlanId=${id}&maxResultCount=100`)).items;
      await api.post('/task/bulk/cancel', { ids: tasks.map((each) => each.id) });
    }
  }
});
