/**
 * `npm run fault:kill-worker [-- options]`: `kill -9` of the worker running a cutting-plan
 * optimisation, under the background load. Passes when another worker takes the job up and the run
 * ends with a result (job succeeded, plan totals saved) within the recovery limit.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { CutPlanDetail } from '@armature/domain';
import {
  checkWrites,
  connect,
  countBy,
  createPlan,
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
  type ClusterProcess,
  waitFor,
} from './fault-kit.ts';

const USAGE = `Usage: npm run fault:kill-worker -- [options]
  --lines <n>              order lines of the plan optimised (default 120, one spec: one group)
  --time-limit <s>         the run's time limit (default 45)
  --kill-after <s>         how long the run goes before its worker is killed (default 8)
  --recovery-timeout <s>   how long another worker may take to finish it (default 300)`;

const args = faultOptions(USAGE, {
  lines: { type: 'string', default: '120' },
  'time-limit': { type: 'string', default: '45' },
  'kill-after': { type: 'string', default: '8' },
  'recovery-timeout': { type: 'string', default: '300' },
});

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The worker running the job: the one whose log names it, else the one burning the most CPU over two
 * seconds (the solver keeps a core busy; an idle worker only polls).
 */
async function workerRunning(workers: ClusterProcess[], jobId: string) {
  const named = workers.find((worker) => worker.log && readFileSync(worker.log, 'utf8').includes(jobId));
  if (named) return { worker: named, how: 'its log names the job' };
  const before = workers.map((worker) => cpuSeconds(worker.pid));
  await sleep(2000);
  const used = workers.map((worker, index) => cpuSeconds(worker.pid) - before[index]!);
  const busiest = used.indexOf(Math.max(...used));
  return {
    worker: workers[busiest]!,
    how: `the most CPU over 2 s (${workers.map((worker, index) => `${worker.name} ${used[index]!.toFixed(2)} s`).join(', ')})`,
  };
}

type JobRow = { state: string; attempt: number; message: string | null };

/** The job as the application keeps it (`background_jobs`: state, attempt, message) and as pg-boss does. */
async function jobRows(databaseUrl: string, jobId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const job = await client.query<JobRow>('select state, attempt, message from background_jobs where id = $1', [
      jobId,
    ]);
    const boss = await client.query<{
      state: string;
      retry_count: number;
      retry_limit: number;
      expire_in: string;
      expires_at: Date | null;
    }>(
      `select state, retry_count, retry_limit, expire_in::text as expire_in, started_on + expire_in as expires_at
       from pgboss.job where id = $1`,
      [jobId],
    );
    return { job: job.rows[0], boss: boss.rows[0] };
  } finally {
    await client.end();
  }
}

await runFault(async () => {
  const lines = positiveNumber('lines', args.lines);
  const timeLimitS = positiveNumber('time-limit', args['time-limit']);
  const killAfterMs = positiveNumber('kill-after', args['kill-after']) * 1000;
  const recoveryTimeoutMs = positiveNumber('recovery-timeout', args['recovery-timeout']) * 1000;
  const state = readState(args.state);
  const workers = processesOf(state, 'worker');
  if (workers.length < 2)
    throw new Error(`the cluster runs ${workers.length} worker(s): another must be left to take the job over`);

  const report = new Report('fault: kill the worker running an optimisation');
  const { api } = await connect(state, args);
  const rebarId = await someRebarId(api);
  const runId = Date.now().toString(36);
  const load = startLoad(api, {
    runId,
    rebarId,
    clients: positiveNumber('clients', args.clients),
    readers: Number(args.readers),
  });

  const { order, plan } = await createPlan(api, rebarId, { lines, timeLimitS, runId });
  const jobId = plan.job?.id;
  if (!jobId) throw new Error(`the plan ${plan.code} was created without a queued run`);
  report.log(`order ${order.code} (${lines} lines) → plan ${plan.code}, job ${jobId}, time limit ${timeLimitS} s`);
  const stream = followEvents(api, `/api/cutPlan/${plan.id}/events`);
  const detail = () => api.json<CutPlanDetail>('GET', `/api/cutPlan/${plan.id}`);

  const running = await waitFor(
    async () => {
      const now = await detail();
      return now.job?.state === 'running' && now.job.progress !== null ? now : null;
    },
    120_000,
    250,
  );
  if (!running) throw new Error(`the job never ran with progress within 2 minutes (${(await detail()).job?.state})`);
  const runningAt = Date.now();
  report.log(`job running; killing its worker in ${killAfterMs / 1000} s`);
  await sleep(killAfterMs);

  const before = await detail();
  if (before.job?.state !== 'running')
    throw new Error(`the run ended (${before.job?.state}) before the kill: give it more --lines or --time-limit`);
  const workerNow = readState(args.state);
  const { worker, how } = await workerRunning(processesOf(workerNow, 'worker'), jobId);
  kill9(worker);
  const killedAt = Date.now();
  report.log(
    `kill -9 ${worker.name} (pid ${worker.pid}), found by ${how}; progress was ${before.job.progress?.fraction}`,
  );

  // The job's life after the kill: when another attempt started, and how it ended.
  let retriedAt: number | undefined;
  let takenBy: Awaited<ReturnType<typeof workerRunning>> | undefined;
  let last: JobRow = { state: 'running', attempt: 1, message: null };
  const ended = await waitFor(
    async () => {
      const { job } = await jobRows(state.databaseUrl, jobId);
      if (!job) return null;
      if (job.state !== last.state || job.attempt !== last.attempt)
        report.log(`job ${job.state}, attempt ${job.attempt}${job.message ? `: ${job.message}` : ''}`);
      last = job;
      if (!retriedAt && job.attempt > 1 && job.state === 'running') {
        retriedAt = Date.now();
        takenBy = await workerRunning(processesOf(readState(args.state), 'worker'), jobId);
      }
      return ['succeeded', 'failed', 'cancelled'].includes(job.state) ? job : null;
    },
    recoveryTimeoutMs,
    500,
  );
  const endedAt = Date.now();
  const { boss } = await jobRows(state.databaseUrl, jobId);
  const after = await detail();
  await stream.stop();
  const result = await load.stop();
  const writes = await checkWrites(state.databaseUrl, runId, result.writes);
  const integrity = await stockIntegrity(api);

  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  report.figure('plan', `${plan.code}: ${lines} lines of one spec, time limit ${timeLimitS} s, job ${jobId}`);
  report.figure('killed', `${worker.name} after the run had gone ${seconds(killedAt - runningAt)} (found by ${how})`);
  report.figure(
    'another attempt started',
    retriedAt ? `${seconds(retriedAt - killedAt)} after the kill` : 'not seen (polling every 0.5 s)',
  );
  if (takenBy)
    report.figure(
      'the next attempt ran on',
      `${takenBy.worker.name} (pid ${takenBy.worker.pid}${takenBy.worker.pid === worker.pid ? '' : takenBy.worker.name === worker.name ? ", the killed one's replacement" : ''}), found by ${takenBy.how}`,
    );
  report.figure(
    'run ended',
    ended
      ? `${ended.state} ${seconds(endedAt - killedAt)} after the kill, attempt ${ended.attempt}${ended.message ? ` (${ended.message})` : ''}`
      : `still ${last.state} (attempt ${last.attempt}) ${seconds(recoveryTimeoutMs)} after the kill`,
  );
  if (boss)
    report.figure(
      'pg-boss job',
      `state ${boss.state}, retries ${boss.retry_count}/${boss.retry_limit}, expire_in ${boss.expire_in}` +
        (boss.state === 'active' && boss.expires_at
          ? ` — this attempt expires at ${boss.expires_at.toISOString()}, ${seconds(boss.expires_at.getTime() - killedAt)} after the kill; pg-boss's maintenance (every 60 s) then retries it`
          : ''),
    );
  report.figure('plan events', `${stream.events.length} (${countBy(stream.events, (event) => event.event)})`);
  report.figure(
    'background load',
    `${result.writes.length} writes (${writes.acknowledged} acknowledged), ${result.reads.length} reads`,
  );

  // Progress from the first attempt after the kill (a second for what was already on its way) means the
  // wrong worker was killed.
  const progressAfterKill = stream.events.filter(
    (event) => event.event === 'progress' && event.at > killedAt + 1000 && (!retriedAt || event.at < retriedAt),
  ).length;
  report.check(
    'the killed worker was the one running it',
    progressAfterKill === 0,
    `${progressAfterKill} progress events of the first attempt after the kill`,
  );
  report.check(
    'another worker finished the run',
    ended?.state === 'succeeded' && ended.attempt > 1,
    ended ? `${ended.state}, attempt ${ended.attempt}` : `not within ${seconds(recoveryTimeoutMs)}`,
  );
  report.check(
    'the plan has the result of the run',
    Boolean(after.totals),
    after.totals ? '' : 'no totals on the plan',
  );
  report.check('no acknowledged write lost', writes.lost.length === 0, writes.lost.slice(0, 5).join(', '));
  report.check('no write applied twice', writes.doubled.length === 0, writes.doubled.slice(0, 5).join(', '));
  report.check('stock integrity ok', integrity.ok, integrity.ok ? '' : integrity.detail);
  report.finish();
});
