import type { CpuFigures } from './cpu.ts';
import type { ConnectionFigures } from './db-connections.ts';
import type { FleetFigures } from './fleet.ts';
import {
  CLASS_MEANING,
  ROUTE_CLASSES,
  TARGETS,
  type ClassSummary,
  type ErrorSummary,
  type RouteClass,
} from './metrics.ts';
import type { StreamStats } from './scenarios/viewer.ts';
import type { Role } from './setup.ts';

export type Integrity = { line: string; ok: boolean; checked: number; ledgerRows: number; mismatches: number };
export type Target = { name: string; measured: string; goal: string; met: boolean };

/** Everything a run measured: printed as markdown, written as JSON with `--out`, read back by `--compare`. */
export type LoadResult = {
  label: string;
  startedAt: string;
  url: string;
  /** From data/cluster/state.json when the cluster wrote one. */
  cluster: { apiProcesses: number; workers: number } | null;
  host: { cpus: number; model: string; node: string };
  options: { users: number; minutes: number; machines: number; seed: number; think: number; lines: string[] };
  vus: Record<Role, number>;
  measuredSeconds: number;
  loadavg: { start: number[]; end: number[] };
  /** Where the cores' time went over the measured minutes. */
  cpu: CpuFigures;
  classes: Partial<Record<RouteClass, ClassSummary>>;
  overall: ClassSummary;
  errors: ErrorSummary[];
  streams: StreamStats;
  telemetry: FleetFigures | null;
  connections: ConnectionFigures | null;
  integrity: Integrity[];
  targets: Target[];
};

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

export function targetsOf(result: Omit<LoadResult, 'targets'>): Target[] {
  const worst = (classes: RouteClass[]) =>
    Math.max(0, ...classes.flatMap((routeClass) => result.classes[routeClass]?.p95 ?? []));
  const reads = worst(TARGETS.readP95.classes);
  const writes = worst(TARGETS.writeP95.classes);
  const errors = result.overall.errors;
  return [
    {
      name: `reads p95 (${TARGETS.readP95.classes.join(', ')}: the worst)`,
      measured: `${fixed(reads)} ms`,
      goal: `≤ ${TARGETS.readP95.ms} ms`,
      met: reads <= TARGETS.readP95.ms,
    },
    {
      name: `writes p95 (${TARGETS.writeP95.classes.join(', ')}: the worst)`,
      measured: `${fixed(writes)} ms`,
      goal: `≤ ${TARGETS.writeP95.ms} ms`,
      met: writes <= TARGETS.writeP95.ms,
    },
    { name: 'errors (every class, after retries)', measured: String(errors), goal: '0', met: errors === 0 },
    {
      name: 'stock integrity at the end',
      measured: result.integrity.map((i) => `${i.line} ${i.ok ? 'ok' : `${i.mismatches} mismatches`}`).join(', '),
      goal: 'ok on every line',
      met: result.integrity.length > 0 && result.integrity.every((i) => i.ok),
    },
  ];
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

export function formatResult(result: LoadResult): string {
  const out: string[] = [];
  const vus = Object.entries(result.vus)
    .map(([role, n]) => `${n} ${role}`)
    .join(', ');
  out.push(
    `### ${result.label}`,
    '',
    `${result.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${result.url}` +
      (result.cluster
        ? ` (${result.cluster.apiProcesses} API, ${result.cluster.workers} worker${result.cluster.workers === 1 ? '' : 's'})`
        : '') +
      `; ${result.options.users} virtual users (${vus}) on ${result.options.lines.join(', ')} for ` +
      `${fixed(result.measuredSeconds / 60)} min measured, ${result.options.machines} machines publishing, seed ` +
      `${result.options.seed}${result.options.think === 1 ? '' : `, think times × ${result.options.think}`}; ${result.host.cpus} × ${result.host.model}, Node ${result.host.node}; load average ` +
      `${result.loadavg.start.map((l) => fixed(l, 2)).join(' ')} at the start, ${result.loadavg.end.map((l) => fixed(l, 2)).join(' ')} at the end.`,
    '',
    row(['class', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'retries']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  );
  const line = (name: string, s: ClassSummary) =>
    row([
      name,
      s.requests,
      fixed(s.throughput, 2),
      fixed(s.p50),
      fixed(s.p95),
      fixed(s.p99),
      fixed(s.max),
      s.errors,
      s.retries,
    ]);
  for (const routeClass of ROUTE_CLASSES) {
    const summary = result.classes[routeClass];
    if (summary) out.push(line(routeClass, summary));
  }
  out.push(line('**all HTTP requests**', result.overall), '');
  out.push(
    'Classes: ' +
      ROUTE_CLASSES.filter((c) => result.classes[c])
        .map((c) => `${c} — ${CLASS_MEANING[c]}`)
        .join('; ') +
      '. "all" counts the HTTP requests (not plan-optimise and sse-connect, which time a whole exchange) but every error.',
    '',
  );

  out.push(row(['target', 'measured', 'goal', '']), row(['---', '---', '---', '---']));
  for (const target of result.targets)
    out.push(row([target.name, target.measured, target.goal, target.met ? 'met' : '**MISSED**']));
  out.push('');

  if (result.errors.length > 0) {
    out.push('Errors (class, route, status, code, count — an example answer):', '');
    for (const error of result.errors.slice(0, 10))
      out.push(
        `- ${error.class} \`${error.route}\` ${error.status} \`${error.code}\` × ${error.count}: ${error.example.replace(/\s+/g, ' ')}`,
      );
    if (result.errors.length > 10) out.push(`- … ${result.errors.length - 10} more kinds`);
    if (result.errors.some((error) => error.status === 429))
      out.push('- 429: the rate limit throttled the users; start the API with RATE_LIMIT_PER_MINUTE=1000000.');
    out.push('');
  }

  const events = Object.entries(result.streams.events)
    .map(([name, n]) => `${n} \`${name}\``)
    .join(', ');
  out.push(
    `Streams (board viewers): ${result.streams.opened} opened, ${result.streams.reconnects} dropped and reopened; events received: ${events || 'none'}.`,
  );
  const t = result.telemetry;
  if (t) {
    const channels = Object.entries(t.byChannel)
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
    const ingest = t.ingest
      ? `the ingest received ${t.ingest.received}, accepted ${t.ingest.accepted}, rejected ${t.ingest.rejected}` +
        (t.ingest.rejected ? ` (${JSON.stringify(t.ingest.rejectedBy)})` : '')
      : 'ingest stats not read';
    out.push(
      `Telemetry: ${t.machines} machines on ${t.brokerUrl} sent ${t.sent} messages (${channels}), ${t.publishErrors} publish errors` +
        `${t.firstErrors.length ? ` (${t.firstErrors.join('; ')})` : ''}; ${ingest} over the same time.`,
    );
  }
  const cpu = result.cpu;
  const named = cpu.processes.reduce((sum, p) => sum + p.cores, 0);
  const busy = cpu.machineBusy * cpu.cores;
  out.push(
    '',
    `CPU over the measured time: the machine's ${cpu.cores} cores ${fixed(cpu.machineBusy * 100, 0)} % busy (${fixed(busy, 2)} cores); ` +
      cpu.processes.map((p) => `${p.name} ${fixed(p.cores, 2)}`).join(', ') +
      ` cores; the rest, ${fixed(Math.max(0, busy - named), 2)} cores, is PostgreSQL and whatever else runs on the machine.`,
  );
  const c = result.connections;
  if (c) {
    out.push(
      '',
      `Database connections (pg_stat_activity every ${c.intervalMs / 1000} s, ${c.samples} samples, the sampler's own left out):`,
      '',
      row(['holder (process, application_name)', 'max', 'mean', 'max active at once']),
      row(['---', '---:', '---:', '---:']),
      ...Object.entries(c.byApplication)
        .sort(([a], [b]) => (a === 'total' ? 1 : b === 'total' ? -1 : a.localeCompare(b)))
        .map(([app, f]) => row([app === 'total' ? '**total**' : app, f.max, fixed(f.mean), f.maxActive])),
    );
  }
  out.push(
    '',
    `Stock integrity at the end: ${result.integrity.map((i) => `${i.line} ${i.ok ? 'ok' : 'NOT ok'} (${i.checked} balances, ${i.ledgerRows} ledger rows, ${i.mismatches} mismatches)`).join('; ')}.`,
  );
  return out.join('\n');
}

/** `--compare a.json b.json`: b against a (e.g. 3 API processes against 1), per class. */
export function formatComparison(a: LoadResult, b: LoadResult): string {
  const ratio = (x: number, y: number) => (x > 0 ? `${(y / x).toFixed(2)}×` : 'n/a');
  const change = (x: number, y: number) =>
    x > 0 ? `${y >= x ? '+' : ''}${(((y - x) / x) * 100).toFixed(0)} %` : 'n/a';
  const out = [
    `### Scaling: ${b.label} against ${a.label}`,
    '',
    `Load average at the start ${fixed(a.loadavg.start[0]!, 2)} / ${fixed(b.loadavg.start[0]!, 2)}, at the end ${fixed(a.loadavg.end[0]!, 2)} / ${fixed(b.loadavg.end[0]!, 2)}; ` +
      `${a.options.users} / ${b.options.users} virtual users, ${fixed(a.measuredSeconds / 60)} / ${fixed(b.measuredSeconds / 60)} min.`,
    '',
    row([
      'class',
      `req/s ${a.label}`,
      `req/s ${b.label}`,
      'throughput ratio',
      `p95 ms ${a.label}`,
      `p95 ms ${b.label}`,
      'p95 change',
      `errors ${a.label} / ${b.label}`,
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  const entries: [string, ClassSummary | undefined, ClassSummary | undefined][] = [
    ...ROUTE_CLASSES.map((c): [string, ClassSummary | undefined, ClassSummary | undefined] => [
      c,
      a.classes[c],
      b.classes[c],
    ]),
    ['**all HTTP requests**', a.overall, b.overall],
  ];
  for (const [name, x, y] of entries) {
    if (!x || !y) continue;
    out.push(
      row([
        name,
        fixed(x.throughput, 2),
        fixed(y.throughput, 2),
        ratio(x.throughput, y.throughput),
        fixed(x.p95),
        fixed(y.p95),
        change(x.p95, y.p95),
        `${x.errors} / ${y.errors}`,
      ]),
    );
  }
  out.push(
    '',
    'With think times the offered load is set by the virtual users: at the same --users and --think the throughput ' +
      'ratio stays near 1× unless the smaller setup was saturated, and the p95 change shows what the extra processes ' +
      'bought. For the capacity ratio, run both saturated (e.g. --think 0.25, or more users) and compare throughput.',
  );
  return out.join('\n');
}
