/**
 * `npm run bench:bom [-- --runs 20]`
 *
 * Times the design BOM's subtree with its rolled-up quantities (`GET /api/designBOM/{id}/children/{nodeId}`:
 * one recursive query down the subtree, one up the ancestors, the roll-up in the domain) on a BOM of
 * 10,111 nodes in 5 levels (root, then 10 × 10 × 10 × 9 children), through HTTP (`fetch` against the real
 * app on 127.0.0.1, signed in as the demo admin): the root's whole subtree and a mid-level node's (level 2,
 * 101 nodes), and for comparison the whole detail `GET /api/designBOM/{id}`. The tree itself is written
 * by the import (`POST /api/designBOM/{id}/import`, timed once). Median and p95 of `--runs` runs after two
 * warm-ups, and the median CPU time of this process (server and client) per request: what the wall time
 * is on an idle machine; goal ≤ 200 ms. PGlite in memory, and PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL points at a server (a fresh database, dropped afterwards).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { DesignBomDetail } from '@armature/domain';
import { buildApp } from '../src/app.ts';
import { spareParts } from '../src/modules/bom/spare-part.table.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { DEMO_ADMIN } from '../src/modules/users/index.ts';
import { openTestDatabase, testConfig } from '../test/helpers/test-app.ts';

const GOAL_MS = 200;
/** Children per node at each level below the root: 10 + 100 + 1,000 + 9,000 nodes under it. */
const FAN_OUT = [10, 10, 10, 9];

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 2) throw new Error('--runs must be an integer ≥ 2');

type Line = { level: number; partCode: string; quantity: number; positionNo: string };

/** Pre-order lines of the tree; each level takes its parts from its own pool, so no part is its own ancestor. */
function treeLines(prefix: string): Line[] {
  const lines: Line[] = [];
  const walk = (level: number) => {
    const fanOut = FAN_OUT[level - 1];
    if (fanOut === undefined) return;
    for (let child = 0; child < fanOut; child++) {
      lines.push({
        level,
        partCode: `${prefix}-L${level}-${child}`,
        quantity: 1 + (child % 4) * 0.5,
        positionNo: String((child + 1) * 10),
      });
      walk(level + 1);
    }
  };
  walk(1);
  return lines;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

async function benchOn(kind: 'pglite' | 'postgres') {
  const opened = await openTestDatabase(kind);
  await prepareDatabase(opened.handle, { adminPassword: undefined });
  const app = await buildApp({
    db: opened.handle.db,
    dbKind: opened.handle.kind,
    config: { ...testConfig, rateLimitPerMinute: 1_000_000 },
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: DEMO_ADMIN.userName, password: DEMO_ADMIN.password }),
    });
    const headers = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
      'content-type': 'application/json',
    };
    const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
      const response = await fetch(`${address}/api/${path}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    };

    const prefix = `BB${Date.now().toString(36)}`.toUpperCase();
    const lines = treeLines(prefix);
    const codes = [`${prefix}-ROOT`, ...new Set(lines.map((line) => line.partCode))];
    const parts = await opened.handle.db
      .insert(spareParts)
      .values(
        codes.map((code, index) => ({
          code,
          name: `Bench part ${index}`,
          unit: 'pc',
          weight: 0.5 + (index % 7),
          unitPrice: 3 + (index % 11),
        })),
      )
      .returning({ id: spareParts.id, code: spareParts.code });
    const rootPart = parts.find((part) => part.code === codes[0])!;
    const bom = await call<DesignBomDetail>('POST', 'designBOM', {
      code: prefix,
      name: 'Bench machine',
      partId: rootPart.id,
    });
    const importStart = performance.now();
    const imported = await call<DesignBomDetail>('POST', `designBOM/${bom.id}/import`, { lines });
    const importMs = performance.now() - importStart;
    if (imported.nodeCount !== lines.length + 1) throw new Error(`imported ${imported.nodeCount} nodes`);
    const rootNode = imported.nodes[0]!;
    const midNode = imported.nodes.find((node) => node.depth === 2)!;

    const timed = async (path: string, expectNodes: number) => {
      const times: number[] = [];
      const cpu: number[] = [];
      for (let run = -2; run < runs; run++) {
        const started = performance.now();
        const cpuStart = process.cpuUsage();
        const answer = await call<{ nodes: unknown[] }>('GET', path);
        const elapsed = performance.now() - started;
        const used = process.cpuUsage(cpuStart);
        if (answer.nodes.length !== expectNodes) throw new Error(`${path}: ${answer.nodes.length} nodes`);
        if (run < 0) continue;
        times.push(elapsed);
        cpu.push((used.user + used.system) / 1000);
      }
      return {
        nodes: expectNodes,
        median: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        cpu: percentile(cpu, 0.5),
      };
    };
    const subtreeSize = 1 + 10 + 10 * 9;
    const results = {
      'children/{root}': await timed(`designBOM/${bom.id}/children/${rootNode.id}`, imported.nodeCount),
      'children/{level 2}': await timed(`designBOM/${bom.id}/children/${midNode.id}`, subtreeSize),
      'detail {id}': await timed(`designBOM/${bom.id}`, imported.nodeCount),
    };
    const load = loadavg()[0]!.toFixed(1);
    console.info(`\n${kind}: ${imported.nodeCount} nodes, import ${importMs.toFixed(0)} ms, load ${load}`);
    for (const [name, figures] of Object.entries(results))
      console.info(
        `| ${kind} | ${name} | ${figures.nodes} | ${figures.median.toFixed(1)} | ${figures.p95.toFixed(1)} | ` +
          `${figures.cpu.toFixed(1)} | ` +
          `${(figures.p95 / GOAL_MS).toFixed(2)} ${figures.p95 <= GOAL_MS ? '(met)' : '(MISSED)'} |`,
      );
  } finally {
    await app.close();
    await opened.handle.close();
    await opened.drop();
  }
}

async function main() {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (server) process.env.TEST_DATABASE_URL = server;
  console.info(`${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${runs} runs`);
  console.info('| database | request | nodes | median ms | p95 ms | CPU median ms | p95 / 200 ms |');
  await benchOn('pglite');
  if (server) await benchOn('postgres');
}

await main();
