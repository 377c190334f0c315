/**
 * `npm run fault:restart-broker [-- options]`: simulated machines (the project's simulator, each with
 * its own credentials on the cluster's Mosquitto) report while the background load runs; the
 * cluster's Mosquitto is killed and its supervisor starts it again (after --down seconds). Passes when
 * every machine reconnects (the board hears from it again), the ingest is connected again, and the board
 * showed each machine offline and then back — or, for a broker back within the ingest's grace, never
 * offline. Never touches the machine's own Mosquitto: only the cluster's (state.json).
 */
import { dirname, resolve } from 'node:path';
import type { EquipmentInput, IngestStats, TwinBoard, TwinCard } from '@armature/domain';
import { openPostgres } from '../../apps/api/src/core/db/client.ts';
import { writeMosquittoFiles } from '../../apps/api/src/modules/telemetry/mosquitto-files.ts';
import { startSimulator } from '../../apps/api/src/modules/telemetry/simulator/simulator.ts';
import { LINK_GRACE_MS } from '../../apps/api/src/modules/telemetry/telemetry-service.ts';
import {
  checkWrites,
  connect,
  countBy,
  faultOptions,
  followEvents,
  kill9,
  positiveNumber,
  processesOf,
  readState,
  Report,
  runFault,
  sleep,
  someRebarId,
  startLoad,
  stockIntegrity,
  type Api,
  waitFor,
  waitForRestart,
} from './fault-kit.ts';

const USAGE = `Usage: npm run fault:restart-broker -- [options]
  --machines <n>        simulated machines, FAULT-SIM-001… on the product (default 20; made when missing)
  --interval <ms>       how often each machine reports (default 1000)
  --watch <s>           how long the board is watched after the broker is killed (default 90)
  --down <s>            how long the broker stays down before the supervisor may start it (default 10; 0:
                        the supervisor restarts it at once, 1 s — under the ingest's 5 s grace, so the
                        board must not show the machines offline)
  --mosquitto-dir <d>   where the cluster's Mosquitto reads passwd and acl (default: beside state.json)`;

const args = faultOptions(USAGE, {
  machines: { type: 'string', default: '20' },
  interval: { type: 'string', default: '1000' },
  watch: { type: 'string', default: '90' },
  down: { type: 'string', default: '10' },
  'mosquitto-dir': { type: 'string' },
});

const SERIAL_PREFIX = 'FAULT-SIM-';
type Equipment = { id: string; serialNumber: string; clientCode: string | null; productCode: string | null };

/** The simulated machines on the product, made when missing (as the maker's admin would). */
async function ensureMachines(api: Api, product: { id: string; clientId: string }, count: number) {
  const serials = Array.from({ length: count }, (_, index) => `${SERIAL_PREFIX}${String(index + 1).padStart(3, '0')}`);
  const listed = async () =>
    (
      await api.json<{ items: Equipment[] }>('GET', `/api/equipment?filter=${SERIAL_PREFIX}&maxResultCount=1000`)
    ).items.filter((machine) => serials.includes(machine.serialNumber));
  const existing = new Set((await listed()).map((machine) => machine.serialNumber));
  for (const serialNumber of serials.filter((serial) => !existing.has(serial))) {
    const machine: EquipmentInput = {
      serialNumber,
      name: `Fault simulator ${serialNumber.slice(SERIAL_PREFIX.length)}`,
      spec: 'simulated shear line',
      clientId: product.clientId,
      productId: product.id,
      saleStatus: 'sold',
      idealRate: 240,
    };
    await api.json('POST', '/api/equipment', machine, `fault-machine-${serialNumber}`);
  }
  return listed();
}

/**
 * Fresh credentials for the machines, written into the cluster's Mosquitto files with the project's
 * own generator (docs/telemetry.md, "On Mosquitto"), then SIGHUP so Mosquitto rereads them.
 */
async function issueCredentials(databaseUrl: string, out: string, brokerUrl: string, serials: string[]) {
  const handle = openPostgres(databaseUrl);
  try {
    const files = await writeMosquittoFiles(handle.db, {
      out,
      serials,
      all: false,
      ingestUser: process.env.MQTT_USERNAME ?? 'armature',
      ingestPassword: undefined,
      brokerUrl,
    });
    return files.issued;
  } finally {
    await handle.close();
  }
}

/** What the board showed one machine over time. */
type Timeline = { states: { at: number; status: string }[]; offlineAt?: number; backAt?: number };

await runFault(async () => {
  const count = positiveNumber('machines', args.machines);
  const intervalMs = positiveNumber('interval', args.interval);
  const watchMs = positiveNumber('watch', args.watch) * 1000;
  const state = readState(args.state);
  const downMs = Number(args.down) * 1000;
  const supervisorPid = state.supervisorPid;
  if (!(downMs >= 0)) throw new Error(`--down must be a number of seconds (got "${args.down}")`);
  if (downMs > 0 && !supervisorPid) throw new Error("--down needs the supervisor's pid (supervisorPid in the state)");
  const broker = processesOf(state, 'broker')[0];
  if (!broker) throw new Error('the cluster runs no broker of its own (no role "broker" in its state)');
  const mosquittoDir = args['mosquitto-dir'] ?? resolve(dirname(args.state), 'mosquitto');

  const report = new Report('fault: restart the broker with machines reporting');
  const { api, product } = await connect(state, args);
  const machines = await ensureMachines(api, product, count);
  const issued = await issueCredentials(
    state.databaseUrl,
    mosquittoDir,
    state.mqttUrl,
    machines.map((machine) => machine.serialNumber),
  );
  process.kill(broker.pid, 'SIGHUP');
  report.log(`${issued.length} machines with fresh credentials in ${mosquittoDir}; Mosquitto reread them`);

  const simulatorErrors: string[] = [];
  const simulator = await startSimulator({
    brokerUrl: state.mqttUrl,
    intervalMs,
    machines: machines.map((machine) => ({
      serialNumber: machine.serialNumber,
      clientCode: machine.clientCode!,
      productCode: machine.productCode!,
      password: issued.find((credentials) => credentials.username === machine.serialNumber)!.password,
      idealRate: 240,
    })),
    onError: (_, error) => simulatorErrors.push(error.message),
  });
  const board = followEvents(api, '/api/digitalTwin/events');
  const ids = new Set(machines.map((machine) => machine.id));
  const ours = async () =>
    (await api.json<TwinBoard>('GET', '/api/digitalTwin/board')).items.filter((card) => ids.has(card.equipmentId));

  const online = await waitFor(
    async () => {
      const cards = await ours();
      return cards.length === count && cards.every((card) => card.operationStatus !== 'offline') ? cards : null;
    },
    90_000,
    1000,
  );
  if (!online)
    throw new Error(
      `the board never showed all ${count} machines reporting: ${countBy(await ours(), (card) => card.operationStatus)}`,
    );
  report.log(`board: ${countBy(online, (card) => card.operationStatus)}`);

  const rebarId = await someRebarId(api);
  const runId = Date.now().toString(36);
  const load = startLoad(api, {
    runId,
    rebarId,
    clients: positiveNumber('clients', args.clients),
    readers: Number(args.readers),
  });
  await sleep(5000);

  const timelines = new Map<string, Timeline>(machines.map((machine) => [machine.id, { states: [] }]));
  const note = (card: TwinCard, at: number) => {
    const timeline = timelines.get(card.equipmentId);
    if (!timeline) return;
    if (timeline.states.at(-1)?.status !== card.operationStatus)
      timeline.states.push({ at, status: card.operationStatus });
    if (card.operationStatus === 'offline') timeline.offlineAt ??= at;
    else if (timeline.offlineAt !== undefined) timeline.backAt ??= at;
  };
  const eventsBefore = board.events.length;
  const ingest: { at: number; connected: boolean | null }[] = [];

  // With --down, the supervisor is held (SIGSTOP) while the broker is dead, so it stays down that long
  // before the supervisor starts it again (SIGCONT); without, the supervisor restarts it after its 1 s.
  if (downMs > 0) process.kill(supervisorPid!, 'SIGSTOP');
  kill9(broker);
  const killedAt = Date.now();
  report.log(
    `kill -9 mosquitto (pid ${broker.pid}, port ${broker.port})${downMs ? `, kept down ${downMs / 1000} s` : ''}`,
  );
  let restartedAt: number | undefined;
  const restart = (async () => {
    try {
      if (downMs > 0) await sleep(downMs);
    } finally {
      if (downMs > 0) process.kill(supervisorPid!, 'SIGCONT');
    }
    const entry = await waitForRestart(args.state, broker.name, broker.pid, 60_000);
    restartedAt = Date.now();
    report.log(
      entry ? `mosquitto restarted by the supervisor: pid ${entry.pid}` : 'mosquitto not restarted within 60 s',
    );
    return { entry, at: restartedAt };
  })();

  // Reconnected: the board has heard from the machine since the new broker started (its first lastSeen after).
  const heardAgain = new Map<string, number>();
  const deadline = killedAt + watchMs;
  while (Date.now() < deadline) {
    const at = Date.now();
    for (const card of await ours().catch(() => [])) {
      note(card, at);
      const seen = card.lastSeen ? Date.parse(card.lastSeen) : 0;
      if (restartedAt && seen > restartedAt && !heardAgain.has(card.equipmentId))
        heardAgain.set(card.equipmentId, seen);
    }
    const stats = await api.call('GET', '/api/digitalTwin/ingest-stats');
    ingest.push({ at, connected: stats.status === 200 ? (stats.body as IngestStats).connected : null });
    const reconnected = heardAgain.size;
    const offline = [...timelines.values()].filter((timeline) => timeline.states.at(-1)?.status === 'offline').length;
    report.log(`board: ${reconnected}/${count} heard from since the restart, ${offline} shown offline`);
    await sleep(1000);
  }
  // The live board (card events) as well as the polled one.
  for (const event of board.events.slice(eventsBefore))
    if (event.event === 'card') note(JSON.parse(event.data) as TwinCard, event.at);

  const { entry: restarted, at: restartedTime } = await restart;
  await simulator.stop();
  await board.stop();
  const result = await load.stop();
  const writes = await checkWrites(state.databaseUrl, runId, result.writes);
  const integrity = await stockIntegrity(api);

  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const all = [...timelines.values()];
  const reconnected = [...heardAgain.values()];
  const shownOffline = all.filter((timeline) => timeline.offlineAt !== undefined);
  const shownBack = all.filter((timeline) => timeline.backAt !== undefined);
  const disconnected = ingest.filter((sample) => sample.connected === false);
  report.figure('machines', `${count} simulated (${SERIAL_PREFIX}…), reporting every ${intervalMs} ms`);
  report.figure(
    'broker',
    restarted
      ? `killed; supervisor's new pid ${restarted.pid} after ${seconds(restartedTime - killedAt)}`
      : 'not restarted',
  );
  report.figure(
    'reconnected (board heard from them after the restart)',
    `${reconnected.length}/${count}${reconnected.length ? `, the last ${seconds(Math.max(...reconnected) - restartedTime)} after the restart` : ''}`,
  );
  report.figure(
    'board showed offline',
    `${shownOffline.length}/${count}${shownOffline.length ? `, first ${seconds(Math.min(...shownOffline.map((timeline) => timeline.offlineAt!)) - killedAt)} after the kill` : ''}`,
  );
  report.figure(
    'board showed them back',
    `${shownBack.length}/${count}${shownBack.length ? `, last ${seconds(Math.max(...shownBack.map((timeline) => timeline.backAt!)) - killedAt)} after the kill` : ''}`,
  );
  report.figure(
    'board states seen after the kill',
    countBy(
      all.flatMap((timeline) => timeline.states.map((step) => step.status)),
      (status) => status,
    ),
  );
  report.figure('card events after the kill', board.events.slice(eventsBefore).length);
  report.figure(
    'ingest-stats connected=false',
    disconnected.length
      ? `${disconnected.length} of ${ingest.length} samples, from ${seconds(disconnected[0]!.at - killedAt)} to ${seconds(disconnected.at(-1)!.at - killedAt)} after the kill`
      : `never, in ${ingest.length} samples (one a second, any API process)`,
  );
  report.figure(
    'simulator connection errors',
    simulatorErrors.length ? countBy(simulatorErrors, (error) => error) : 'none',
  );
  report.figure(
    'background load',
    `${result.writes.length} writes (${writes.acknowledged} acknowledged), ${result.reads.length} reads`,
  );

  report.check('the supervisor restarted the broker', Boolean(restarted));
  report.check('every machine reconnected', reconnected.length === count, `${reconnected.length}/${count}`);
  // The API shows machines offline only once its ingest has been cut off for LINK_GRACE_MS
  // (docs/telemetry.md): a broker back sooner is a blip the board rightly does not show. Near the grace
  // either is right, so neither is checked.
  const downFor = restartedTime - killedAt;
  const margin = 2000;
  if (downFor >= LINK_GRACE_MS + margin) {
    report.check(
      'the board showed the machines offline',
      shownOffline.length === count,
      `${shownOffline.length}/${count}`,
    );
    report.check('the board showed them back', shownBack.length === count, `${shownBack.length}/${count}`);
  } else if (downFor <= LINK_GRACE_MS - margin) {
    report.check(
      `the board did not show a broker gone ${seconds(downFor)} (under the ${seconds(LINK_GRACE_MS)} grace) as machines offline`,
      shownOffline.length === 0,
      `${shownOffline.length}/${count} shown offline`,
    );
  }
  report.check('the ingest is connected again', ingest.at(-1)?.connected === true);
  report.check('no acknowledged write lost', writes.lost.length === 0, writes.lost.slice(0, 5).join(', '));
  report.check('no write applied twice', writes.doubled.length === 0, writes.doubled.slice(0, 5).join(', '));
  report.check('stock integrity ok', integrity.ok, integrity.ok ? '' : integrity.detail);
  report.finish();
});
