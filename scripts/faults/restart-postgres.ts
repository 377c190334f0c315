/**
 * `npm run fault:restart-postgres [-- options]`: stops the PostgreSQL server of the cluster's
 * DATABASE_URL for a while under the background load, then starts it again. Passes when, while it is
 * down, the API answers 503 `database_unavailable` with a message in the caller's language (no 500,
 * no request hanging), and afterwards serves again by itself: reads, writes and live events, with no
 * acknowledged write lost or applied twice.
 */
import { execFileSync } from 'node:child_process';
import type { CutPlanDetail } from '@armature/domain';
import {
  checkWrites,
  connect,
  countBy,
  createPlan,
  faultOptions,
  followEvents,
  positiveNumber,
  readState,
  Report,
  runFault,
  sleep,
  someRebarId,
  startLoad,
  stockIntegrity,
  tally,
  type Api,
  type Outcome,
  waitFor,
} from './fault-kit.ts';

const USAGE = `Usage: npm run fault:restart-postgres -- [options]
  --stop-at <s>          when PostgreSQL is stopped (default 10)
  --down <s>             how long it stays down (default 10)
  --after <s>            how long the load goes on once it is back (default 25)
  --hang <s>             an answer slower than this during the outage counts as a hang (default 5)
  --yes-restart-shared   allow restarting the PostgreSQL on port 5432 (the machine's shared server)`;

const args = faultOptions(USAGE, {
  'stop-at': { type: 'string', default: '10' },
  down: { type: 'string', default: '10' },
  after: { type: 'string', default: '25' },
  hang: { type: 'string', default: '5' },
  'yes-restart-shared': { type: 'boolean', default: false },
});

const SHARED_PORT = 5432;
const LANGUAGES = ['zh-CN', 'en-US', 'fr-FR'] as const;

/** The Debian cluster (`pg_lsclusters`) listening on the database url's port. */
function serverOf(databaseUrl: string): { version: string; name: string; port: number } {
  const url = new URL(databaseUrl);
  const host = url.hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`the database is on ${host}: only a PostgreSQL of this machine can be restarted`);
  const port = Number(url.port || 5432);
  const lines = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split('\n');
  for (const line of lines) {
    const [version, name, clusterPort] = line.trim().split(/\s+/);
    if (version && name && Number(clusterPort) === port) return { version, name, port };
  }
  throw new Error(`pg_lsclusters shows no PostgreSQL on port ${port}`);
}

/** Probes each language in turn, a few times a second, so the outage's messages are seen in all three. */
function startProbe(signedIn: Api, hangMs: number) {
  const probes = LANGUAGES.map((language) => signedIn.speaking(language));
  const outcomes: (Outcome & { language: string })[] = [];
  let running = true;
  const loop = (async () => {
    for (let turn = 0; running; turn++) {
      const api = probes[turn % probes.length]!;
      const outcome = await api.call('GET', '/api/rebarReceive?maxResultCount=1', { timeoutMs: hangMs * 4 });
      outcomes.push({ ...outcome, language: api.language });
      await sleep(250);
    }
  })();
  return {
    outcomes,
    async stop() {
      running = false;
      await loop;
    },
  };
}

await runFault(async () => {
  const stopAtMs = positiveNumber('stop-at', args['stop-at']) * 1000;
  const downMs = positiveNumber('down', args.down) * 1000;
  const afterMs = positiveNumber('after', args.after) * 1000;
  const hangMs = positiveNumber('hang', args.hang) * 1000;
  const state = readState(args.state);
  const server = serverOf(state.databaseUrl);
  if (server.port === SHARED_PORT && !args['yes-restart-shared'])
    throw new Error(
      `the cluster's database is on the shared PostgreSQL (${server.version}/${server.name}, port ${SHARED_PORT}), ` +
        'which other work uses: run the cluster on its own server, or pass --yes-restart-shared',
    );

  const report = new Report('fault: restart PostgreSQL under load');
  const { api } = await connect(state, args);
  const rebarId = await someRebarId(api);
  const runId = Date.now().toString(36);

  // A plan whose live events are followed across the outage; its first (short) run ends before.
  const { plan } = await createPlan(api, rebarId, { lines: 5, timeLimitS: 1, runId });
  await waitFor(
    async () => {
      const now = await api.json<CutPlanDetail>('GET', `/api/cutPlan/${plan.id}`);
      return now.job && !['queued', 'running'].includes(now.job.state);
    },
    120_000,
    500,
  );
  const stream = followEvents(api, `/api/cutPlan/${plan.id}/events`);

  const load = startLoad(api, {
    runId,
    rebarId,
    clients: positiveNumber('clients', args.clients),
    readers: Number(args.readers),
    // Writes ride the outage out: retried with their key until well after PostgreSQL is back.
    writeDeadlineMs: downMs + 60_000,
    log: (message) => report.log(message),
  });
  const probe = startProbe(api, hangMs);
  await sleep(stopAtMs);

  const control = (action: 'stop' | 'start') =>
    execFileSync('pg_ctlcluster', [server.version, server.name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])], {
      stdio: 'inherit',
    });
  const stoppingAt = Date.now();
  report.log(`pg_ctlcluster ${server.version} ${server.name} stop -m fast (port ${server.port})`);
  control('stop');
  const stoppedAt = Date.now();
  report.log(`PostgreSQL stopped (${stoppedAt - stoppingAt} ms); starting it again in ${downMs / 1000} s`);
  await sleep(downMs);
  control('start');
  const startedAt = Date.now();
  report.log(`PostgreSQL started (${report.elapsed()})`);

  const firstOk = await waitFor(
    () => probe.outcomes.find((outcome) => outcome.at >= startedAt && outcome.status === 200),
    afterMs,
  );
  // A new run of the plan after the outage: its job events must reach the stream opened before it.
  const eventsBefore = stream.events.length;
  const optimise = await api.call('POST', `/api/cutPlan/${plan.id}/optimize`, {
    body: { timeLimitS: 1 },
    idempotencyKey: `${runId}-after`,
    timeoutMs: 30_000,
  });
  const liveAgain = await waitFor(
    () => stream.events.slice(eventsBefore).find((event) => event.event === 'job' || event.event === 'result'),
    60_000,
  );
  await sleep(Math.max(0, startedAt + afterMs - Date.now()));
  await probe.stop();
  const result = await load.stop();
  await stream.stop();
  const writes = await checkWrites(state.databaseUrl, runId, result.writes);
  const integrity = await stockIntegrity(api);

  // The outage as clients saw it: requests sent while PostgreSQL was stopping, down, or starting.
  const everything = [...result.all, ...probe.outcomes];
  const during = everything.filter((outcome) => outcome.at >= stoppingAt && outcome.at < startedAt);
  // 502/504 are nginx's (no upstream could answer), 503 the API's own; anything else 5xx is a failure.
  const errors500 = everything.filter(
    (outcome) => outcome.status !== null && outcome.status >= 500 && ![502, 503, 504].includes(outcome.status),
  );
  const hangs = during.filter((outcome) => outcome.ms > hangMs);
  const unavailable = during.filter((outcome) => outcome.status === 503 && outcome.code === 'database_unavailable');
  const messages = new Map<string, string>();
  for (const outcome of probe.outcomes)
    if (outcome.code === 'database_unavailable' && outcome.message && !messages.has(outcome.language))
      messages.set(outcome.language, outcome.message);
  const localized =
    messages.size === LANGUAGES.length &&
    new Set(messages.values()).size === LANGUAGES.length &&
    /[\u4e00-\u9fff]/.test(messages.get('zh-CN') ?? '');
  const firstWriteAfter = result.writes
    .filter((write) => write.ackAt !== undefined && write.ackAt >= startedAt)
    .sort((a, b) => a.ackAt! - b.ackAt!)[0];
  const slowest = during.reduce((max, outcome) => Math.max(max, outcome.ms), 0);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  report.figure(
    'PostgreSQL',
    `${server.version}/${server.name} on port ${server.port}, down ${seconds(startedAt - stoppingAt)} (stop took ${seconds(stoppedAt - stoppingAt)})`,
  );
  report.figure('requests', `${everything.length}, of which ${during.length} sent during the outage`);
  report.figure('answers during the outage', tally(during) || 'none');
  report.figure('slowest answer during the outage', `${slowest} ms`);
  for (const [language, message] of messages) report.figure(`503 message (${language})`, message);
  report.figure(
    'first 200 after PostgreSQL was back',
    firstOk ? `${seconds(firstOk.at + firstOk.ms - startedAt)}` : `none within ${seconds(afterMs)}`,
  );
  report.figure(
    'first write acknowledged after it was back',
    firstWriteAfter ? seconds(firstWriteAfter.ackAt! - startedAt) : 'none',
  );
  report.figure(
    'writes',
    `${result.writes.length}: ${writes.acknowledged} acknowledged, ${writes.unacknowledged} not (${writes.unacknowledgedApplied} of them applied), ${writes.retried} retried with their key, ${writes.replayed} answered by a replay`,
  );
  report.figure('all answers', tally(everything));
  report.figure(
    'live events (plan stream)',
    `${stream.events.length}: ${countBy(stream.events, (event) => event.event)}; connections ${stream.connections.map((connection) => `${connection.status ?? 'failed'} at ${report.elapsed(connection.at)}`).join(', ')}`,
  );
  report.figure('optimise after the outage', `${optimise.status}${optimise.code ? ` ${optimise.code}` : ''}`);

  // What a client must get while the database is down: the API's own 503 with its message. nginx's 502
  // (no upstream it still believes in) carries no message the interface can show.
  const wrong = during.filter(
    (outcome) => outcome.status !== null && outcome.status >= 300 && outcome.code !== 'database_unavailable',
  );
  report.check(
    '503 database_unavailable while PostgreSQL was down',
    unavailable.length > 0,
    `${unavailable.length} answers`,
  );
  report.check(
    "every failed answer during the outage is the API's 503 with its message",
    wrong.length === 0,
    `${tally(wrong)}${wrong.some((outcome) => outcome.status === 502) ? ' (502: nginx found no live upstream, see its error log)' : ''}`,
  );
  report.check('no 500 (or other 5xx but 502/503/504)', errors500.length === 0, tally(errors500));
  report.check(
    `no request hung beyond ${seconds(hangMs)} during the outage`,
    hangs.length === 0,
    `${hangs.length} (slowest ${slowest} ms)`,
  );
  report.check(
    "the 503 message speaks the caller's language",
    localized,
    [...messages.keys()].join(', ') || 'no message seen',
  );
  report.check('reads recover by themselves', Boolean(firstOk));
  report.check('writes succeed after recovery', Boolean(firstWriteAfter));
  report.check(
    'live events resume',
    Boolean(liveAgain),
    liveAgain
      ? `${liveAgain.event} ${seconds(liveAgain.at - startedAt)} after the start`
      : 'no job event after the outage',
  );
  report.check('no acknowledged write lost', writes.lost.length === 0, writes.lost.slice(0, 5).join(', '));
  report.check('no write applied twice', writes.doubled.length === 0, writes.doubled.slice(0, 5).join(', '));
  report.check('stock integrity ok', integrity.ok, integrity.ok ? '' : integrity.detail);
  report.finish();
});
