import {
  DIGITAL_TWIN_PERMISSIONS,
  EQUIPMENT_NORMAL_PERMISSIONS,
  plantDayOf,
  TASK_PERMISSIONS,
  type ShiftCalendar,
} from '@armature/domain';
import { DEMO_MACHINES } from '../../src/modules/equipment/equipment.demo.ts';
import { seededRandom } from '@armature/domain';
import type { SimulatedMachine } from '../../src/modules/telemetry/simulator/simulator.ts';
import { issueCredentials, type MosquittoTarget } from './credentials.ts';
import { Api, RequestFailed, Session } from './http.ts';
import { Metrics } from './metrics.ts';
import type { Line, Spec } from './scenarios/context.ts';
import { planCycle } from './scenarios/planner.ts';

/**
 * The setup phase, not measured, through the API only and as the demo admin: the users the virtual
 * users play, the bench's machines with fresh MQTT credentials, raw stock to cut and dispatched tasks
 * for the operators to start with. Idempotent: a second run finds the users, roles and machines (by
 * their names) and adds only what is missing; credentials are issued again (the API shows a password
 * once), stock and tasks are topped up.
 */

export const ROLES = ['planners', 'keepers', 'operators', 'viewers'] as const;
export type Role = (typeof ROLES)[number];

/** Virtual users per user: they share its one sign-in and token (sign-in is throttled per user and address). */
export const VUS_PER_USER = 5;
export const BENCH_PASSWORD = 'LoadBench2026';
/** The shift lead dispatches released tasks and watches the board; no demo role does both. */
const SHIFT_LEAD_ROLE = 'shiftLead';
const SHIFT_LEAD_PERMISSIONS = [
  TASK_PERMISSIONS.read,
  TASK_PERMISSIONS.dispatch,
  TASK_PERMISSIONS.cancel,
  DIGITAL_TWIN_PERMISSIONS.read,
  EQUIPMENT_NORMAL_PERMISSIONS.read,
];
const ROLE_NAMES: Record<Role, string[]> = {
  planners: ['planner', SHIFT_LEAD_ROLE],
  keepers: ['stockKeeper'],
  operators: ['operator'],
  viewers: [SHIFT_LEAD_ROLE],
};
/** Planners order HRB400E, keepers alone move HRB500E by hand (docs: scenarios/keeper.ts). */
const ORDER_GRADE = 'HRB400E';
const KEEPER_GRADE = 'HRB500E';
const ORDER_DIAMETERS = [12, 14, 16, 18, 20, 22, 25];
/** Raw bars kept on hand per spec and length at the start (cutting consumes them, keepers receive more). */
const STOCK_FLOOR = 400;
/** Round the clock, every day: a schedule made at any hour of the run is laid out at once. */
const ALL_DAY: ShiftCalendar = {
  shifts: [
    { name: 'A', start: '00:00', end: '08:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    { name: 'B', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    { name: 'C', start: '16:00', end: '00:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
  ],
  daysOff: [],
};
/** The bench's fleet: shear lines and stirrup benders (both cut), as the demo lines have them. */
const MODELS = [
  { template: 'GJW16-2403-0117', share: 0.6 },
  { template: 'WG12D-2405-0342', share: 0.4 },
].map(({ template, share }) => ({ machine: DEMO_MACHINES.find((m) => m.serialNumber === template)!, share }));

type Product = { id: string; code: string; clientId: string; timeZone: string };
type Coded = { id: string; code: string };
type Page<T> = { items: T[]; totalCount: number };

export type SetupOptions = {
  url: string;
  adminPassword: string;
  lineCodes: string[] | undefined;
  machines: number;
  /** Virtual users per role and line. */
  vus: Record<Role, number[]>;
  /** Dispatched tasks wanted per line before the run starts. */
  tasksPerLine: number[];
  /** The cluster's Mosquitto, when the machines publish there. */
  mosquitto: MosquittoTarget | null;
  log: (message: string) => void;
};

export type SetupResult = {
  lines: Line[];
  /** Per role and line, the users' user names. */
  users: Record<Role, string[][]>;
  fleet: SimulatedMachine[];
  brokerUrl: string | undefined;
  admin: Api;
};

export async function setUp(options: SetupOptions): Promise<SetupResult> {
  const metrics = new Metrics();
  const session = new Session(options.url, 'admin', options.adminPassword, metrics);
  await session.signIn();
  const admin = new Api(session, metrics);
  const { log } = options;

  const products = await admin.get<Product[]>('read-list', 'product/all');
  const clients = await admin.get<Coded[]>('read-list', 'client/all');
  const demoLines = products.filter((p) => p.clientId === clients.find((c) => c.code === 'DEMO')?.id);
  const chosen = options.lineCodes
    ? options.lineCodes.map((code) => products.find((p) => p.code === code) ?? fail(`no product (line) ${code}`))
    : demoLines;
  if (chosen.length === 0) fail('no line to run on: pass --lines');
  const techniques = await admin.get<Coded[]>('read-list', 'technique/all');
  const productTypes = await admin.get<Coded[]>('read-list', 'productType/all');

  await ensureShiftLeadRole(admin, log);
  const users = await ensureUsers(admin, chosen, options.vus, log);
  const fleet = await ensureMachines(admin, chosen, techniques, productTypes, options.machines, log);

  log(`Issuing MQTT credentials for ${fleet.length} machines${options.mosquitto ? ' (Mosquitto files)' : ''}…`);
  const credentials = await issueCredentials(admin, fleet, options.mosquitto);

  const lines: Line[] = [];
  for (const [index, product] of chosen.entries()) {
    await admin.call({
      routeClass: 'write-plan',
      method: 'PUT',
      path: 'client/set-currentUser-productId',
      body: { clientId: product.clientId, productId: product.id },
    });
    const specs = await admin.get<Spec[]>('read-list', 'rebar/all');
    const machines = await admin.get<{ id: string }[]>('read-list', 'equipment/normal/all');
    const line: Line = {
      productId: product.id,
      clientId: product.clientId,
      code: product.code,
      timeZone: product.timeZone,
      orderSpecs: specs.filter((s) => s.grade === ORDER_GRADE && ORDER_DIAMETERS.includes(s.diameter)),
      keeperSpecs: specs.filter((s) => s.grade === KEEPER_GRADE && ORDER_DIAMETERS.includes(s.diameter)),
      machineIds: machines.map((m) => m.id),
    };
    if (line.orderSpecs.length === 0 || line.keeperSpecs.length === 0)
      fail(`line ${line.code} has no ${ORDER_GRADE} / ${KEEPER_GRADE} specs of Φ${ORDER_DIAMETERS.join(', ')}`);
    lines.push(line);
    await ensureStock(admin, line, log);
    await ensureWork(admin, line, options.tasksPerLine[index] ?? 0, log);
  }
  const clientCode = (id: string) => clients.find((c) => c.id === id)!.code;
  const productOf = (id: string) => chosen.find((p) => p.id === id)!;
  return {
    lines,
    users,
    admin,
    brokerUrl: credentials[0]?.brokerUrl,
    fleet: fleet.map((machine, index) => ({
      serialNumber: machine.serialNumber,
      clientCode: clientCode(productOf(machine.productId).clientId),
      productCode: productOf(machine.productId).code,
      password: credentials[index]!.password,
      idealRate: machine.idealRate,
    })),
  };
}

function fail(message: string): never {
  throw new Error(`setup: ${message}`);
}

async function inParallel<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

async function ensureShiftLeadRole(admin: Api, log: (message: string) => void) {
  const roles = await admin.get<Page<{ name: string }>>('read-list', 'roles?maxResultCount=1000');
  if (roles.items.some((role) => role.name === SHIFT_LEAD_ROLE)) return;
  log(`Creating the role ${SHIFT_LEAD_ROLE}…`);
  await admin.post('write-plan', 'roles', { name: SHIFT_LEAD_ROLE, description: '班组长 (load bench)' });
  await admin.call({
    routeClass: 'write-plan',
    method: 'PUT',
    path: `permissions?providerName=R&providerKey=${SHIFT_LEAD_ROLE}`,
    body: { permissions: SHIFT_LEAD_PERMISSIONS.map((name) => ({ name, isGranted: true })) },
  });
}

/** `load.<role>.<line>.<n>`: enough users per role and line for VUS_PER_USER virtual users each. */
async function ensureUsers(admin: Api, lines: Product[], vus: Record<Role, number[]>, log: (message: string) => void) {
  const existing = await admin.get<Page<{ userName: string }>>('read-list', 'users?filter=load.&maxResultCount=1000');
  const known = new Set(existing.items.map((user) => user.userName));
  const users = {} as Record<Role, string[][]>;
  let created = 0;
  for (const role of ROLES) {
    users[role] = [];
    for (const [index, line] of lines.entries()) {
      const count = Math.ceil((vus[role][index] ?? 0) / VUS_PER_USER);
      const names = Array.from({ length: count }, (_, n) => `load.${role.slice(0, -1)}.${line.code}.${n + 1}`);
      for (const userName of names) {
        if (known.has(userName)) continue;
        await admin.post('write-plan', 'users', {
          userName,
          name: `Load ${role.slice(0, -1)} ${line.code} ${userName.split('.').at(-1)}`,
          password: BENCH_PASSWORD,
          roleNames: ROLE_NAMES[role],
          productIds: [line.id],
          clientId: line.clientId,
        });
        created++;
      }
      users[role].push(names);
    }
  }
  log(`Users: ${created} created, ${known.size} found.`);
  return users;
}

type BenchMachine = { id: string; serialNumber: string; productId: string; idealRate: number };

/** `LOAD-<line>-<nnn>`, spread evenly over the lines; 60 % shear lines, 40 % stirrup benders. */
async function ensureMachines(
  admin: Api,
  lines: Product[],
  techniques: Coded[],
  productTypes: Coded[],
  count: number,
  log: (message: string) => void,
): Promise<BenchMachine[]> {
  const existing = await admin.get<Page<BenchMachine>>('read-list', 'equipment?filter=LOAD-&maxResultCount=1000');
  const bySerial = new Map(existing.items.map((machine) => [machine.serialNumber, machine]));
  const random = seededRandom(19);
  const wanted = Array.from({ length: count }, (_, index) => {
    const line = lines[index % lines.length]!;
    const number = Math.floor(index / lines.length) + 1;
    const model = random() < MODELS[0]!.share ? MODELS[0]!.machine : MODELS[1]!.machine;
    return { line, serialNumber: `LOAD-${line.code}-${String(number).padStart(3, '0')}`, model };
  });
  let created = 0;
  const machines = await inParallel(wanted, 4, async ({ line, serialNumber, model }) => {
    const found = bySerial.get(serialNumber);
    if (found) return found;
    created++;
    return admin.post<BenchMachine>('write-plan', 'equipment', {
      serialNumber,
      name: `${model.name} (load bench)`,
      spec: model.spec,
      figureNo: model.figureNo,
      productTypeId: productTypes.find((type) => type.code === model.productType)?.id ?? null,
      clientId: line.clientId,
      productId: line.id,
      saleStatus: 'sold',
      techniqueIds: model.techniques.flatMap((code) => techniques.find((t) => t.code === code)?.id ?? []),
      diameterMin: model.diameterMin,
      diameterMax: model.diameterMax,
      idealRate: model.idealRate,
      throughput: model.throughput,
      shiftCalendar: ALL_DAY,
    });
  });
  log(`Machines: ${created} created, ${count - created} found.`);
  return machines;
}

/** Tops raw stock up to STOCK_FLOOR bars per order spec and length, through receipts. */
async function ensureStock(admin: Api, line: Line, log: (message: string) => void) {
  let receipts = 0;
  for (const spec of [...line.orderSpecs, ...line.keeperSpecs])
    for (const length of [9000, 12000]) {
      const page = await admin.get<{ totals: { quantity: number } }>(
        'read-list',
        `stock/raw?maxResultCount=1&rebarId=${spec.id}&length=${length}`,
      );
      if (page.totals.quantity >= STOCK_FLOOR) continue;
      const today = plantDayOf(Date.now(), line.timeZone);
      await admin.post('write-stock', 'rebarReceive', {
        rebarId: spec.id,
        supplier: '沙钢集团',
        heatNo: `LS${today.slice(2).replaceAll('-', '')}-${spec.diameter}-${length / 1000}`,
        length,
        bundles: 4,
        barCount: STOCK_FLOOR * 2,
        receiveDate: today,
      });
      receipts++;
    }
  log(`${line.code}: ${receipts} receipts to top raw stock up.`);
}

/** Runs planner cycles as the admin until the line has `wanted` dispatched tasks waiting. */
async function ensureWork(admin: Api, line: Line, wanted: number, log: (message: string) => void) {
  const waiting = async () =>
    (await admin.get<Page<unknown>>('read-list', 'task?maxResultCount=1&status=dispatched')).totalCount;
  let have = await waiting();
  const stop = new AbortController().signal;
  const user = { index: 0, api: admin, line, random: seededRandom(7), metrics: new Metrics(), stop, pace: 0 };
  for (let cycle = 0; have < wanted && cycle < 20; cycle++) {
    try {
      have += await planCycle(user, false);
    } catch (error) {
      if (error instanceof RequestFailed) fail(`${line.code}: a planning cycle failed: ${error.message}`);
      throw error;
    }
  }
  log(`${line.code}: ${have} dispatched tasks waiting (wanted ${wanted}).`);
}
