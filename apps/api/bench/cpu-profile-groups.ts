/**
 * Where a V8 CPU profile's time went, by the request path's parts: auth, scope, query (the
 * database driver and drizzle), zod and serialisation, logging, Fastify's own routing and hooks, the
 * handlers, GC. Used by `bench:request-cpu -- --profile` and, for any `.cpuprofile` (an API process run
 * with `node --cpu-prof`), from the command line:
 *
 *   npx tsx apps/api/bench/cpu-profile-groups.ts <file.cpuprofile> [--top 25] [--last <seconds>]
 *
 * The built server (`apps/api/dist`, one bundle) is read through its source maps, so its frames are
 * grouped by their sources as tsx's are. `--last` keeps only the profile's last seconds: a process
 * profiled from its start under `bench:load` also ran the bench's set-up, which is not the mix.
 *
 * A sample's time goes to the first frame from the leaf up that names a group: a native or Node-internal
 * frame (JSON.stringify, a socket write, a crypto call) is charged to the code that called it, so
 * `JSON.stringify` under the zod serializer counts as serialisation and a stream write under pino as logging.
 * The profiler samples by the wall clock: on a busy machine a descheduled thread's time goes to whatever
 * was running, so read the shares, not the milliseconds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber?: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** The groups, tried in order on a frame's url (the first that matches names the frame's group). */
const GROUPS: [string, RegExp][] = [
  [
    'telemetry ingest',
    /\/modules\/telemetry\/(mqtt-ingest|telemetry-writer|telemetry-late|machine-directory|ingest-stats)|\/node_modules\/(mqtt|mqtt-packet)\//,
  ],
  ['board feed (cards)', /\/modules\/telemetry\/digital-twin/],
  ['events, SSE, job publisher', /\/core\/events\/|\/core\/jobs\/|\/modules\/telemetry\/machine-job/],
  ['auth (token, principal)', /\/core\/auth\/|\/node_modules\/jose\//],
  ['scope', /\/core\/tenancy\//],
  ['logging', /\/node_modules\/(pino|pino-std-serializers|sonic-boom|fast-redact|thread-stream)\/|\/core\/http\/log-/],
  ['zod / serialisation', /\/node_modules\/(zod|fastify-type-provider-zod|fast-json-stringify|secure-json-parse)\//],
  // drizzle-orm's own maps name its TypeScript `../src/…`, which the server bundle's map turns into `node_modules/src/…`.
  ['query: drizzle', /\/node_modules\/(drizzle-orm\/|src\/)/],
  ['query: driver (pg, PGlite)', /\/node_modules\/(pg|pg-[a-z]+|postgres-[a-z]+|postgres|@electric-sql\/[^/]+)\//],
  [
    'rate limit, helmet, security',
    /\/node_modules\/@fastify\/(rate-limit|helmet|cors)\/|\/core\/http\/security|rate-limit-store/,
  ],
  [
    'request plumbing (inject, Fastify, router, hooks)',
    /\/node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify\/[^/]+|fast-querystring|proxy-addr)\//,
  ],
  ['core http (errors, input, idempotency)', /\/core\/http\//],
  ['handlers and queries built (modules, crud)', /\/src\/modules\/|\/core\/crud\/|\/core\/db\//],
  ['domain', /\/packages\/domain\//],
  ['bench harness', /\/bench\//],
];

const SPECIAL: Record<string, string> = {
  '(garbage collector)': 'GC',
  '(program)': 'V8 / native, unattributed',
  '(idle)': 'idle',
};

const maps = new Map<string, SourceMap | null>();

/** A bundled frame's place in its source (`file://…/src/…`, `…/node_modules/…`), when the bundle has a map. */
function original(frame: CallFrame): CallFrame {
  if (!frame.url.endsWith('.js') || frame.lineNumber < 0) return frame;
  const file = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  if (!maps.has(file))
    maps.set(
      file,
      existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as never) : null,
    );
  const map = maps.get(file);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber ?? 0) as
    { originalSource?: string; originalLine?: number } | undefined;
  if (!entry?.originalSource) return frame;
  const source = entry.originalSource.startsWith('file://')
    ? entry.originalSource
    : `file://${path.resolve(path.dirname(file), entry.originalSource)}`;
  return { ...frame, url: source, lineNumber: entry.originalLine ?? frame.lineNumber };
}

function groupOf(frame: CallFrame): string | null {
  const special = SPECIAL[frame.functionName];
  if (special && !frame.url) return special;
  if (!frame.url || frame.url.startsWith('node:')) return null;
  for (const [name, pattern] of GROUPS) if (pattern.test(frame.url)) return name;
  return 'other JS (' + (frame.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? 'app') + ')';
}

/** Milliseconds of self time by group (idle left out), and by function for the `top` list. */
export function summarise(profile: CpuProfile, options: { lastSeconds?: number } = {}) {
  for (const node of profile.nodes) node.callFrame = original(node.callFrame);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const groupOfNode = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = groupOfNode.get(id);
    if (known) return known;
    const own = groupOf(byId.get(id)!.callFrame);
    const up = parent.get(id);
    const group = own ?? (up === undefined ? 'Node internals, unattributed' : resolve(up));
    groupOfNode.set(id, group);
    return group;
  };
  // The profiler's own stop (`Session.post` from node:inspector) is the last sample's time: not the app's.
  const inspector = new Set<number>();
  for (const node of profile.nodes)
    if (node.callFrame.url === 'node:inspector') {
      const stack = [node.id];
      while (stack.length) {
        const id = stack.pop()!;
        inspector.add(id);
        stack.push(...(byId.get(id)!.children ?? []));
      }
    }
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  const from = options.lastSeconds === undefined ? -Infinity : profile.endTime - options.lastSeconds * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from) return;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const group = resolve(id);
    if (group === 'idle' || inspector.has(id)) return;
    total += ms;
    groups.set(group, (groups.get(group) ?? 0) + ms);
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  });
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { total, groups: sorted(groups), functions: sorted(functions) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' }, last: { type: 'string' } },
  });
  for (const file of positionals) {
    const { total, groups, functions } = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, {
      lastSeconds: values.last === undefined ? undefined : Number(values.last),
    });
    console.info(`${file}: ${total.toFixed(0)} ms of CPU samples (idle left out)\n`);
    console.info('| group | ms | share |\n| --- | ---: | ---: |');
    for (const [name, ms] of groups)
      console.info(`| ${name} | ${ms.toFixed(0)} | ${((ms / total) * 100).toFixed(1)} % |`);
    console.info(`\nTop ${values.top} functions by self time:\n`);
    for (const [name, ms] of functions.slice(0, Number(values.top)))
      console.info(`${ms.toFixed(0).padStart(7)} ms  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
}
