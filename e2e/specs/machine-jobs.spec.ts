import type { Page } from '@playwright/test';
import {
  DIGITAL_TWIN_PERMISSIONS,
  pageUrlOf,
  parseTelemetryTopic,
  type Bundle,
  type CutPlanDetail,
  type DailyPlanDetail,
  type DemandOrderDetail,
  type Equipment,
  type StockIntegrity,
  type Task,
} from '@armature/domain';
import { startSimulator, type SimulatedMachine } from '../../apps/api/src/modules/telemetry/simulator/simulator.ts';
import { expect, test } from './fixtures.ts';
import { isoDay, plannedOrder, type Api } from './production-flow.ts';
import { PHONE } from './screen-checks.ts';
import { DEMO, adminOnFirstLine, enterAs } from './support.ts';

const BOARD_URL = pageUrlOf(DIGITAL_TWIN_PERMISSIONS.read);
/** The first demo line's three machines that cut Φ12 (the shear line and both stirrup benders), as models. */
const MODELS = ['GJW16-2403-0117', 'WG12D-2405-0342', 'WG12D-2405-0343'];
/**
 * The spec's own machines, copies of the models under serial numbers of this run: other specs on the same
 * e2e server play, fault and edit the demo machines (equipment.spec.ts), and none of that reaches these.
 */
const RUN = Date.now() % 1_000_000;
const MACHINES = MODELS.map((_, index) => `MJ${RUN}-${index + 1}`);
/** One straight-bar order (and plan) per task: each plan's one pattern is one cut task. */
const ORDERS = 21;
/**
 * Simulated time per real second: a machine's few minutes of cutting take a few seconds, each job longer
 * than the board's second between two cards of a machine, so the board can show every machine's jobs move.
 */
const SPEED = 10;

/**
 * A new machine on the line, made through the maker's API as a copy of a demo machine (its techniques,
 * diameters, speeds and calendar), given MQTT credentials, as the simulator plays it (its plant fields its model).
 */
async function jobMachine(api: Api, model: string, serialNumber: string) {
  const found = await api.get<{ items: Equipment[] }>(`/equipment?filter=${model}`);
  const listed = found.items.find((item) => item.serialNumber === model);
  expect(listed, `the demo machine ${model}`).toBeDefined();
  const { id: _id, ...fields } = await api.get<Equipment>(`/equipment/${listed!.id}`);
  const machine = await api.post<Equipment>('/equipment', {
    ...fields,
    serialNumber,
    name: `${fields.name} ${serialNumber}`,
  });
  const credentials = await api.post<{ password: string; topicPrefix: string }>(
    `/equipment/${machine.id}/mqtt-credentials`,
  );
  const topic = parseTelemetryTopic(`${credentials.topicPrefix}/state`)!;
  const simulated: SimulatedMachine = {
    serialNumber: topic.serialNumber,
    clientCode: topic.clientCode,
    productCode: topic.productCode,
    password: credentials.password,
    idealRate: machine.idealRate ?? 240,
    capability: {
      kinds: ['cut', 'bend'],
      diameterMin: machine.diameterMin,
      diameterMax: machine.diameterMax,
      idealRate: machine.idealRate,
      throughput: machine.throughput,
    },
  };
  return { id: machine.id, simulated };
}

/** What the board shows of each machine's jobs right now: its current job's task and state, its queue's count. */
type BoardSeen = { tasks: Record<string, string[]>; queued: boolean; running: boolean };
declare global {
  interface Window {
    __boardSeen?: BoardSeen;
  }
}

/**
 * Records, in the page, every job, queue and running state the board's cards show, at each DOM change: a job
 * that lasts a second can be on the board between two looks from the test, so the test reads this record instead
 * of sampling the cards (as messages.ts does for antd's toasts).
 */
function recordBoard(page: Page) {
  return page.evaluate(() => {
    const seen: BoardSeen = { tasks: {}, queued: false, running: false };
    window.__boardSeen = seen;
    const read = () => {
      for (const card of Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="twin-card-"]'))) {
        const serial = card.dataset.testid!.slice('twin-card-'.length);
        const task = card.querySelector<HTMLElement>('[data-testid="twin-job"]')?.dataset.task;
        if (!task) continue;
        const tasks = (seen.tasks[serial] ??= []);
        if (!tasks.includes(task)) tasks.push(task);
        if (Number(card.querySelector<HTMLElement>('[data-testid="twin-queue"]')?.dataset.count ?? 0) > 0)
          seen.queued = true;
        if (card.querySelector<HTMLElement>('[data-testid="twin-job-state"]')?.dataset.state === 'started')
          seen.running = true;
      }
    };
    read();
    new MutationObserver(read).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
  });
}

test('a released schedule of 21 tasks over three machines is sent, run and completed by the machines with no click; the twin board shows each machine’s job and queue moving', async ({
  page,
  mqttUrl,
}) => {
  const api = await adminOnFirstLine(page.request);
  const machines = await Promise.all(MODELS.map((model, index) => jobMachine(api, model, MACHINES[index]!)));
  const spec = (await api.get<{ id: string; grade: string; diameter: number }[]>('/rebar/all')).find(
    (row) => row.grade === 'HRB400E' && row.diameter === 12,
  )!;

  // The orders and their plans, approved: straight Φ12 bars from the line's stock, four of a length to a bar.
  const now = Date.now();
  const planned: { order: DemandOrderDetail; plan: CutPlanDetail }[] = [];
  for (let index = 0; index < ORDERS; index++)
    planned.push(
      await plannedOrder(
        api,
        { project: '机器作业工程', mark: `MJ${index + 1}`, rebarId: spec.id, length: 1500 + index * 20, now },
        { raw: true, tails: false, purchase: false },
      ),
    );
  for (const { plan } of planned) await api.post(`/cutPlan/${plan.id}/approve`);
  const schedule = await api.post<DailyPlanDetail>('/dailyPlan', {
    firstDay: isoDay(now),
    days: 3,
    cutPlanIds: planned.map(({ plan }) => plan.id),
    machineIds: machines.map((machine) => machine.id),
  });

  // The machines: connected to the e2e server's broker, each on its own persistent job session, before any job.
  const simulator = await startSimulator({
    brokerUrl: mqttUrl,
    machines: machines.map((machine) => machine.simulated),
    intervalMs: 500,
    seed: 34,
    jobs: { speed: SPEED },
  });
  try {
    // The board, watched from here on: nothing on the machines yet.
    await enterAs(page, DEMO.admin, { path: BOARD_URL });
    for (const serial of MACHINES) await expect(page.getByTestId(`twin-card-${serial}`)).toBeVisible();
    await recordBoard(page);

    // Released (the line dispatches on release): every task goes down to its machine as a job.
    await api.post(`/dailyPlan/${schedule.id}/release`);
    const tasks = (await api.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`)).items;
    expect(tasks.length).toBeGreaterThanOrEqual(20);
    expect(new Set(tasks.map((task) => task.equipmentId))).toEqual(new Set(machines.map((machine) => machine.id)));

    // The board follows the machines with no click: a queue behind a job, jobs running, and each machine's
    // current job changing as it works through its queue.
    await expect
      .poll(
        async () => {
          const seen = (await page.evaluate(() => window.__boardSeen))!;
          return (
            Math.max(...MACHINES.map((serial) => seen.tasks[serial]?.length ?? 0)) >= 3 && seen.queued && seen.running
          );
        },
        { timeout: 300_000 },
      )
      .toBe(true);

    // Every task done by the machines, none by hand: the board ends with no job and no queue.
    await expect
      .poll(
        async () =>
          (await api.get<{ items: Task[] }>(`/task?dailyPlanId=${schedule.id}&maxResultCount=100`)).items.filter(
            (task) => task.status !== 'done',
          ).length,
        { timeout: 300_000 },
      )
      .toBe(0);
    for (const serial of MACHINES) {
      const card = page.getByTestId(`twin-card-${serial}`);
      await expect(card.getByTestId('twin-job')).toHaveCount(0);
    }
  } finally {
    await simulator.stop();
  }

  // What the machines booked: each order's bars produced and bundled, the orders completed, the stock whole.
  for (const { order } of planned) {
    const detail = await api.get<DemandOrderDetail>(`/demandOrder/${order.id}`);
    expect(detail.status).toBe('completed');
    expect(detail.lines.every((line) => line.producedQuantity >= line.quantity)).toBe(true);
    const bundles = await api.get<{ items: Bundle[] }>(`/bundle?orderId=${order.id}`);
    expect(bundles.items.length).toBeGreaterThan(0);
  }
  expect((await api.get<StockIntegrity>('/stock/integrity')).ok).toBe(true);

  // The board on a phone: the cards fit 390 px.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId(`twin-card-${MACHINES[0]}`)).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
