/**
 * `npm run bench:request-cpu [-- --requests 300 --postgres <url>]`
 *
 * The API's CPU per request of the load bench's read classes, a figure that holds on a busy
 * machine where latencies do not: the real app in this process (PGlite in a temp directory with the
 * demo, or a fresh PostgreSQL database given, whose server's CPU is then not counted), the demo users of
 * the load bench's roles signed in, and each request run `--requests` times in turn through the whole
 * request path (`app.inject`: routing, access, scope, handler, queries, response serialisation, hooks)
 * after 30 unmeasured ones. Reports this process's CPU (user + system) per request and the queries each
 * sent (each request logged as the server logs it, into nothing). Prints a markdown table.
 *
 * `--profile <dir>`: then runs each class once more under V8's CPU profiler (its own pass, so the
 * profiler's cost stays out of the figures above), writes `<dir>/<n>.cpuprofile` per class and prints
 * where each class's time went by part of the request path (cpu-profile-groups.ts): each part's share of
 * the profile's samples times the class's CPU ms per request measured without the profiler (the profiler
 * samples by the wall clock, which a busy machine inflates; the shares hold).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres } from '../src/core/db/client.ts';
import { DEMO_ADMIN } from '../src/modules/users/index.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { benchConfig, countStatements } from './bench-plant.ts';
import { summarise, type CpuProfile } from './cpu-profile-groups.ts';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    postgres: { type: 'string' },
    profile: { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) throw new Error('--requests must be a positive integer');
const WARM_UP = 30;

/** The demo's users (README, "Demo sign-in") in the load bench's roles. */
const USERS = {
  keeper: 'Keeper2026',
  operator: 'Operator2026',
  planner: 'Planner2026',
} as const;

async function main() {
  const dataDir = args.postgres ? undefined : mkdtempSync(path.join(tmpdir(), 'armature-request-cpu-'));
  const handle = args.postgres ? openPostgres(args.postgres) : openPglite(dataDir);
  await prepareDatabase(handle, { adminPassword: undefined });
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config: { ...benchConfig(dataDir, args.postgres), logLevel: 'info' },
    // Logged as a server logs (a line per request, JSON at the configured level), into nothing.
    logger: true,
    logStream: { write: () => {} },
  });
  const queries = countStatements(handle.db);
  try {
    const signIn = async (userName: string, password: string) => {
      const login = await app.inject({ method: 'POST', url: '/api/account/login', payload: { userName, password } });
      if (login.statusCode !== 200) throw new Error(`${userName}: ${login.statusCode} ${login.body}`);
      return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    };
    const admin = await signIn(DEMO_ADMIN.userName, DEMO_ADMIN.password);
    const line = (await app.inject({ method: 'GET', url: '/api/product/all', headers: admin }))
      .json<{ id: string; code: string; clientId: string }[]>()
      .find((product) => product.code === 'LINE1')!;
    const headers: Record<string, { authorization: string }> = {};
    for (const [userName, password] of Object.entries(USERS)) {
      headers[userName] = await signIn(userName, password);
      const selected = await app.inject({
        method: 'PUT',
        url: '/api/client/set-currentUser-productId',
        headers: headers[userName],
        payload: { clientId: line.clientId, productId: line.id },
      });
      if (selected.statusCode !== 200) throw new Error(`${userName}: ${selected.statusCode} ${selected.body}`);
    }
    const rawPage = await app.inject({
      method: 'GET',
      url: '/api/stock/raw?maxResultCount=20',
      headers: headers.keeper,
    });
    if (rawPage.statusCode !== 200) throw new Error(`stock/raw: ${rawPage.statusCode} ${rawPage.body}`);
    const rawId = rawPage.json<{ items: { id: string }[] }>().items[0]?.id;
    const requests: [string, string, keyof typeof USERS][] = [
      ['auth only', 'account/current-user', 'keeper'],
      ['read-list', 'stock/raw?maxResultCount=20', 'keeper'],
      ['read-list', 'rebarReceive?maxResultCount=20', 'keeper'],
      ['read-list', 'task?maxResultCount=20&status=running', 'operator'],
      ['read-list', 'demandOrder?maxResultCount=20', 'planner'],
      ['read-detail', `stock/raw/${rawId}`, 'keeper'],
    ];
    const rows: string[] = [];
    const profiles: { label: string; groups: Map<string, number> }[] = [];
    let cpuMs = 0;
    const inspector = args.profile ? new Session() : null;
    if (inspector) {
      mkdirSync(args.profile!, { recursive: true });
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
    }
    const load = loadavg()[0]!;
    for (const [kind, url, user] of requests) {
      // An access token lasts 15 minutes, less than a run on a busy machine: a fresh one per request class.
      headers[user] = await signIn(user, USERS[user]);
      const run = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const response = await app.inject({ method: 'GET', url: `/api/${url}`, headers: headers[user] });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        }
      };
      await run(WARM_UP);
      const queriesBefore = queries();
      const before = process.cpuUsage();
      await run(REQUESTS);
      const cpu = process.cpuUsage(before);
      const sent = queries() - queriesBefore;
      rows.push(
        `| ${kind} | \`GET ${url.replace(/[0-9a-f-]{36}/, '{id}')}\` (${user}) | ` +
          `${((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2)} | ${(sent / REQUESTS).toFixed(1)} |`,
      );
      console.error(rows.at(-1));
      cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
      if (inspector) {
        await inspector.post('Profiler.start');
        await run(REQUESTS);
        const { profile } = (await inspector.post('Profiler.stop')) as unknown as { profile: CpuProfile };
        writeFileSync(path.join(args.profile!, `${profiles.length + 1}.cpuprofile`), JSON.stringify(profile));
        const { total, groups } = summarise(profile);
        profiles.push({
          label: `${profiles.length + 1}. \`${url.replace(/[0-9a-f-]{36}/, '{id}').split('?')[0]}\``,
          groups: new Map(groups.map(([name, ms]) => [name, (ms / total) * cpuMs])),
        });
      }
    }
    console.info(
      `${new Date().toISOString()}, ${handle.kind}, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ` +
        `${REQUESTS} requests each, load average ${load.toFixed(1)} at the start.\n`,
    );
    console.info('| class | request | CPU ms / request | queries / request |');
    console.info('| --- | --- | ---: | ---: |');
    for (const row of rows) console.info(row);
    if (profiles.length) {
      // Groups in the order of their total over the classes; ms per request under the profiler.
      const totals = new Map<string, number>();
      for (const { groups } of profiles)
        for (const [name, ms] of groups) totals.set(name, (totals.get(name) ?? 0) + ms);
      const names = [...totals].sort((a, b) => b[1] - a[1]).map(([name]) => name);
      console.info(
        `\nWhere the CPU went (ms per request: each part's share of the profile × the CPU ms above; profiles in ${args.profile}):\n`,
      );
      console.info(`| part | ${profiles.map((p) => p.label).join(' | ')} |`);
      console.info(`| --- | ${profiles.map(() => '---:').join(' | ')} |`);
      for (const name of names)
        console.info(`| ${name} | ${profiles.map((p) => (p.groups.get(name) ?? 0).toFixed(2)).join(' | ')} |`);
      const sums = profiles.map((p) => [...p.groups.values()].reduce((sum, ms) => sum + ms, 0).toFixed(2));
      console.info(`| **all** | ${sums.join(' | ')} |`);
    }
  } finally {
    await app.close();
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
