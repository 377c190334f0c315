/**
 * `npm run fault:kill-api [-- options]`: `kill -9` of API processes under a load of idempotent
 * stock writes and reads through the load balancer. Passes when no acknowledged write was lost,
 * none was applied twice, unacknowledged ones at most once, the stock ledgers are consistent and the
 * supervisor's replacement serves again.
 */
import {
  checkWrites,
  connect,
  faultOptions,
  kill9,
  loadBalancerFailovers,
  loadBalancerLogMarks,
  positiveNumber,
  processesOf,
  readState,
  Report,
  runFault,
  sleep,
  someRebarId,
  startLoad,
  stockIntegrity,
  tally,
  type ClusterProcess,
  waitFor,
  waitForRestart,
} from './fault-kit.ts';

const USAGE = `Usage: npm run fault:kill-api -- [options]
  --seconds <n>          how long the load runs (default 45)
  --kill-at <s>          when the first API process is killed (default 10)
  --second-kill-at <s>   when another one is killed (default 25; 0: only one kill)
  --restart-timeout <s>  how long the supervisor's replacement may take to serve again (default 120)`;

const args = faultOptions(USAGE, {
  seconds: { type: 'string', default: '45' },
  'kill-at': { type: 'string', default: '10' },
  'second-kill-at': { type: 'string', default: '25' },
  'restart-timeout': { type: 'string', default: '120' },
});

type Kill = { target: ClusterProcess; at: number; replacedAt?: number; servingAt?: number; newPid?: number };

await runFault(async () => {
  const seconds = positiveNumber('seconds', args.seconds);
  const killAt = positiveNumber('kill-at', args['kill-at']);
  const secondKillAt = Number(args['second-kill-at']);
  const restartTimeoutMs = positiveNumber('restart-timeout', args['restart-timeout']) * 1000;
  const state = readState(args.state);
  const apis = processesOf(state, 'api');
  if (apis.length < 2) throw new Error(`the cluster runs ${apis.length} API process(es): killing one needs at least 2`);

  const report = new Report('fault: kill an API process under load');
  const { api } = await connect(state, args);
  const rebarId = await someRebarId(api);
  const runId = Date.now().toString(36);
  const marks = loadBalancerLogMarks(state);
  const clients = positiveNumber('clients', args.clients);
  const load = startLoad(api, {
    runId,
    rebarId,
    clients,
    readers: Number(args.readers),
    log: (message) => report.log(message),
  });
  const began = Date.now();

  const kills: Kill[] = [];
  const watchers: Promise<void>[] = [];
  const killOne = (target: ClusterProcess) => {
    const kill: Kill = { target, at: Date.now() };
    kill9(target);
    kills.push(kill);
    report.log(`kill -9 ${target.name} (pid ${target.pid}, port ${target.port}) at ${report.elapsed()}`);
    watchers.push(
      (async () => {
        const replacement = await waitForRestart(args.state, target.name, target.pid, restartTimeoutMs);
        if (!replacement) return;
        kill.replacedAt = Date.now();
        kill.newPid = replacement.pid;
        const port = replacement.port ?? target.port;
        const serving = await waitFor(async () => {
          const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          return response?.ok ?? false;
        }, restartTimeoutMs);
        if (serving) kill.servingAt = Date.now();
        report.log(
          `${target.name} replaced by pid ${replacement.pid} after ${((kill.replacedAt - kill.at) / 1000).toFixed(1)} s` +
            (kill.servingAt ? `, serving after ${((kill.servingAt - kill.at) / 1000).toFixed(1)} s` : ', not serving'),
        );
      })(),
    );
  };

  await sleep(killAt * 1000);
  killOne(apis[0]!);
  if (secondKillAt > killAt) {
    await sleep((secondKillAt - killAt) * 1000);
    killOne(apis[1]!);
  }
  await sleep(Math.max(0, began + seconds * 1000 - Date.now()));
  report.log('stopping the load (writes in flight finish or give up)');
  const result = await load.stop();
  await Promise.all(watchers);

  const check = await checkWrites(state.databaseUrl, runId, result.writes);
  const integrity = await stockIntegrity(api);
  const failovers = loadBalancerFailovers(state, marks);
  const writeOutcomes = result.writes.flatMap((write) => write.outcomes);

  report.figure('load', `${clients} writers, ${args.readers} readers, ${seconds} s`);
  report.figure(
    'requests',
    `${result.all.length} (${writeOutcomes.length} write attempts, ${result.reads.length} reads)`,
  );
  report.figure('writes', `${result.writes.length}: ${check.acknowledged} acknowledged, ${check.unacknowledged} not`);
  report.figure('write answers', tally(writeOutcomes));
  report.figure('read answers', tally(result.reads));
  report.figure(
    'client retries',
    `${check.retried} writes retried with their key (${writeOutcomes.length - result.writes.length} extra attempts), ${check.replayed} answered by a replay`,
  );
  report.figure('unacknowledged writes applied', check.unacknowledgedApplied);
  report.figure(
    'load balancer failovers (nginx "upstream" error lines)',
    failovers === null ? 'n/a (no nginx error log found in the log directory)' : failovers,
  );
  for (const kill of kills)
    report.figure(
      `${kill.target.name} killed at ${report.elapsed(kill.at)}`,
      kill.servingAt
        ? `new pid ${kill.newPid} in the state file after ${((kill.replacedAt! - kill.at) / 1000).toFixed(1)} s, serving /api/health after ${((kill.servingAt - kill.at) / 1000).toFixed(1)} s`
        : 'not serving again within the time limit',
    );

  report.check('no acknowledged write lost', check.lost.length === 0, check.lost.slice(0, 5).join(', '));
  report.check('no write applied twice', check.doubled.length === 0, check.doubled.slice(0, 5).join(', '));
  report.check('stock integrity ok', integrity.ok, integrity.ok ? '' : integrity.detail);
  report.check(
    'every killed process replaced and serving again',
    kills.every((kill) => kill.servingAt !== undefined),
    kills.map((kill) => `${kill.target.name}: ${kill.servingAt ? 'yes' : 'no'}`).join(', '),
  );
  report.check('writes went on', check.acknowledged > 0);
  report.finish();
});
