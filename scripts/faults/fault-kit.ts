/**
 * What the fault scripts share: the cluster's state (`data/cluster/state.json`, written by
 * `npm run cluster`), a signed-in API client, a background load of idempotent stock writes and
 * reads, the check of those writes against the database, a live-event reader, and the verdict.
 * Each fault script (`npm run fault:*`) runs its own load while it injects its fault, so it can be
 * run alone against any cluster.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import pg from 'pg';
import type { CutPlanDetail, DemandOrderInput, RebarReceiveInput } from '@armature/domain';

export { sleep };

// ── The cluster ────────────────────────────────────────────────────────────────────────────────

export type ClusterProcess = {
  name: string;
  role: 'api' | 'worker' | 'lb' | 'broker' | string;
  pid: number;
  port?: number;
  log?: string;
};

export type ClusterState = {
  url: string;
  databaseUrl: string;
  mqttUrl: string;
  redisUrl?: string | null;
  logDir: string;
  /** The supervisor (`npm run cluster` itself), which restarts any child that exits. */
  supervisorPid?: number;
  processes: ClusterProcess[];
};

const DEFAULT_STATE = resolve(import.meta.dirname, '../../data/cluster/state.json');

/** The options every fault script takes. */
export const COMMON_OPTIONS = {
  state: { type: 'string', default: process.env.CLUSTER_STATE ?? DEFAULT_STATE },
  clients: { type: 'string', default: '24' },
  readers: { type: 'string', default: '8' },
  user: { type: 'string', default: 'admin' },
  password: { type: 'string', default: process.env.ADMIN_PASSWORD ?? 'Armature2026' },
  product: { type: 'string', default: 'LINE1' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const COMMON_USAGE = `  --state <file>       the cluster's state (default data/cluster/state.json, or CLUSTER_STATE)
  --clients <n>        concurrent writers of the background load (default 24)
  --readers <n>        concurrent readers of the background load (default 8)
  --user, --password   who signs in (default admin and the demo password, or ADMIN_PASSWORD)
  --product <code>     the line whose stock the load writes (default LINE1)`;

/** The script's own options beside the common ones; `--help` prints its usage, then the common options, and exits. */
export function faultOptions<const T extends NonNullable<ParseArgsConfig['options']>>(usage: string, options: T) {
  const config: { options: typeof COMMON_OPTIONS & T } = { options: { ...COMMON_OPTIONS, ...options } };
  const { values } = parseArgs(config);
  // `help` is one of the common options; TypeScript cannot see it through the generic spread.
  if ((values as { help?: boolean }).help) {
    console.log(`${usage}\n${COMMON_USAGE}`);
    process.exit(0);
  }
  return values;
}

export function positiveNumber(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`--${name} must be a positive number (got "${value}")`);
    process.exit(2);
  }
  return number;
}

/**
 * The state file, its paths made absolute: the cluster writes them relative to its checkout, whose
 * root is two levels above `data/cluster/state.json`.
 */
export function readState(path: string): ClusterState {
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as ClusterState;
    const root = resolve(dirname(path), '../..');
    return {
      ...state,
      logDir: resolve(root, state.logDir),
      processes: state.processes.map((entry) => ({
        ...entry,
        ...(entry.log ? { log: resolve(root, entry.log) } : {}),
      })),
    };
  } catch (error) {
    console.error(
      `cannot read the cluster's state ${path} (${(error as Error).message}); start it with npm run cluster`,
    );
    process.exit(2);
  }
}

export function processesOf(state: ClusterState, role: string): ClusterProcess[] {
  return state.processes.filter((process) => process.role === role);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function kill9(target: ClusterProcess): void {
  process.kill(target.pid, 'SIGKILL');
}

/** Polls until `probe` answers something truthy; null when `timeoutMs` passed first. */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() >= deadline) return null;
    await sleep(intervalMs);
  }
}

/** Waits until the supervisor put a new process under `name` in the state file; its entry. */
export async function waitForRestart(
  statePath: string,
  name: string,
  oldPid: number,
  timeoutMs: number,
): Promise<ClusterProcess | null> {
  return waitFor(() => {
    try {
      const state = JSON.parse(readFileSync(statePath, 'utf8')) as ClusterState;
      const entry = state.processes.find((process) => process.name === name);
      return entry?.pid && entry.pid !== oldPid && isAlive(entry.pid) ? entry : null;
    } catch {
      // Read while the supervisor rewrites it: look again.
      return null;
    }
  }, timeoutMs);
}

/** Lines the load balancer logged about upstreams (failovers) since `since`, when its error log is found. */
export function loadBalancerFailovers(state: ClusterState, sinceBytes: Map<string, number>): number | null {
  const logs = nginxErrorLogs(state);
  if (logs.length === 0) return null;
  let count = 0;
  for (const file of logs) {
    const text = readFileSync(file, 'utf8').slice(sinceBytes.get(file) ?? 0);
    count += text.split('\n').filter((line) => /upstream/.test(line)).length;
  }
  return count;
}

/** Where each nginx error log ends now: failovers are counted from there. */
export function loadBalancerLogMarks(state: ClusterState): Map<string, number> {
  return new Map(nginxErrorLogs(state).map((file) => [file, readFileSync(file, 'utf8').length]));
}

function nginxErrorLogs(state: ClusterState): string[] {
  const candidates: string[] = [];
  try {
    for (const name of readdirSync(state.logDir))
      if (/nginx/.test(name) && /error/.test(name)) candidates.push(join(state.logDir, name));
  } catch {
    // No log directory: no failover count.
  }
  return candidates.filter((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

// ── The API ────────────────────────────────────────────────────────────────────────────────────

/** One answer (or its absence) as the client saw it. */
export type Outcome = {
  at: number;
  method: string;
  path: string;
  status: number | null;
  code?: string;
  message?: string;
  /** A network error or the client's time limit: no answer. */
  error?: string;
  ms: number;
  replayed: boolean;
  body?: unknown;
};

export type CallOptions = { body?: unknown; idempotencyKey?: string; timeoutMs?: number; language?: string };

/** A signed-in client of the API, through the load balancer; `Accept-Language` on every request. */
export class Api {
  #token = '';
  readonly baseUrl: string;
  readonly language: string;
  readonly #user: string;
  readonly #password: string;

  constructor(baseUrl: string, user: string, password: string, language = 'en-US') {
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.#user = user;
    this.#password = password;
    this.language = language;
  }

  get token(): string {
    return this.#token;
  }

  /** The same sign-in, asking for answers in another language. */
  speaking(language: string): Api {
    const other = new Api(this.baseUrl, this.#user, this.#password, language);
    other.#token = this.#token;
    return other;
  }

  async signIn(): Promise<void> {
    const answer = await this.call('POST', '/api/account/login', {
      body: { userName: this.#user, password: this.#password },
      authorized: false,
    });
    const token = (answer.body as { access_token?: string } | undefined)?.access_token;
    if (answer.status !== 200 || !token) throw new Error(`signing in as ${this.#user} failed: ${describe(answer)}`);
    this.#token = token;
  }

  /** Chooses the product (line) with this code as the caller's current one. */
  async selectProduct(code: string): Promise<{ id: string; clientId: string }> {
    const products = await this.json<{ id: string; code: string; clientId: string }[]>(
      'GET',
      '/api/users/productbyuser',
    );
    const product = products.find((candidate) => candidate.code === code);
    if (!product) throw new Error(`${this.#user} may not use a product ${code}`);
    await this.json('PUT', '/api/client/set-currentUser-productId', {
      clientId: product.clientId,
      productId: product.id,
    });
    return product;
  }

  /** One request; never throws: a network error or time-out is an outcome without status. */
  async call(method: string, path: string, options: CallOptions & { authorized?: boolean } = {}): Promise<Outcome> {
    const headers: Record<string, string> = { 'accept-language': options.language ?? this.language };
    if (options.authorized !== false && this.#token) headers.authorization = `Bearer ${this.#token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const started = Date.now();
    try {
      const response = await fetch(this.baseUrl + path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // nginx's own error pages are HTML: kept as text.
      }
      const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
      return {
        at: started,
        method,
        path,
        status: response.status,
        code: error?.code,
        message: error?.message,
        ms: Date.now() - started,
        replayed: response.headers.get('idempotent-replayed') === 'true',
        body,
      };
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
      return {
        at: started,
        method,
        path,
        status: null,
        error: cause ?? (error as Error).name,
        ms: Date.now() - started,
        replayed: false,
      };
    }
  }

  /** A request that must succeed (setup and checks): its body, else an error naming the answer. */
  async json<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const answer = await this.call(method, path, { body, idempotencyKey, timeoutMs: 60_000 });
    if (answer.status === null || answer.status >= 300) throw new Error(`${method} ${path}: ${describe(answer)}`);
    return answer.body as T;
  }
}

function describe(outcome: Outcome): string {
  if (outcome.status === null) return `no answer (${outcome.error}) after ${outcome.ms} ms`;
  return `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}${outcome.message ? ` "${outcome.message}"` : ''}`;
}

/** Signs in through the load balancer and selects the product whose stock the load writes. */
export async function connect(state: ClusterState, options: { user: string; password: string; product: string }) {
  const api = new Api(state.url, options.user, options.password);
  await api.signIn();
  const product = await api.selectProduct(options.product);
  return { api, product };
}

// ── The background load ────────────────────────────────────────────────────────────────────────

/** Answers a client retries with the same Idempotency-Key: nothing, or the cluster could not serve it. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
const isRetryable = (outcome: Outcome) =>
  outcome.status === null ||
  RETRIED_STATUSES.has(outcome.status) ||
  (outcome.status === 409 && outcome.code === 'idempotency_in_flight');

/** One write of the load: its key, its marker, and every answer it got. */
export type WriteRecord = {
  key: string;
  marker: string;
  acknowledged: boolean;
  replayed: boolean;
  outcomes: Outcome[];
  ackAt?: number;
};

export type LoadResult = {
  writes: WriteRecord[];
  reads: Outcome[];
  /** Every answer of writes and reads, in the order they came. */
  all: Outcome[];
};

export type LoadOptions = {
  runId: string;
  rebarId: string;
  clients: number;
  readers: number;
  /** A write is retried (same key) until this long after it began; then it stays unacknowledged. */
  writeDeadlineMs?: number;
  /** Each request's own time limit. */
  requestTimeoutMs?: number;
  /** Told each second how the last second's answers went, to see a fault's effect as it happens. */
  log?: (message: string) => void;
};

/**
 * Starts `clients` writers, each posting raw-material receipts one after the other, every receipt
 * with its own Idempotency-Key and a unique marker in its remark, retried with the same key on no
 * answer, 502/503/504 or 409 `idempotency_in_flight` (backing off up to 1 s); and `readers` readers
 * listing receipts. `stop()` lets the writes in flight finish (or give up) and returns everything.
 */
export function startLoad(api: Api, options: LoadOptions) {
  const writeDeadlineMs = options.writeDeadlineMs ?? 60_000;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const result: LoadResult = { writes: [], reads: [], all: [] };
  let running = true;
  const today = new Date().toISOString().slice(0, 10);

  const writer = async (client: number) => {
    for (let sequence = 0; running; sequence++) {
      const marker = `fault:${options.runId}:${client}:${sequence}`;
      const record: WriteRecord = {
        key: `${options.runId}-${client}-${sequence}-${randomUUID()}`,
        marker,
        acknowledged: false,
        replayed: false,
        outcomes: [],
      };
      result.writes.push(record);
      const body: RebarReceiveInput = {
        rebarId: options.rebarId,
        supplier: 'fault load',
        heatNo: `F${options.runId}`.slice(0, 50),
        length: 9000,
        bundles: 1,
        barCount: 1 + (sequence % 5),
        receiveDate: today,
        remark: marker,
      };
      const began = Date.now();
      for (let attempt = 1; ; attempt++) {
        const outcome = await api.call('POST', '/api/rebarReceive', { body, idempotencyKey: record.key, timeoutMs });
        record.outcomes.push(outcome);
        result.all.push(outcome);
        if (outcome.status === 201) {
          record.acknowledged = true;
          record.replayed = outcome.replayed;
          record.ackAt = Date.now();
          break;
        }
        if (outcome.status === 401) await api.signIn().catch(() => undefined);
        else if (!isRetryable(outcome) || Date.now() - began > writeDeadlineMs) break;
        await sleep(Math.min(1000, 100 * attempt));
      }
    }
  };

  const reader = async () => {
    while (running) {
      const outcome = await api.call('GET', '/api/rebarReceive?maxResultCount=5', { timeoutMs });
      result.reads.push(outcome);
      result.all.push(outcome);
      if (outcome.status !== 200) await sleep(200);
    }
  };

  const tasks = [
    ...Array.from({ length: options.clients }, (_, client) => writer(client)),
    ...Array.from({ length: options.readers }, () => reader()),
  ];
  let seen = 0;
  const ticker = setInterval(() => {
    const fresh = result.all.slice(seen);
    seen += fresh.length;
    options.log?.(`${fresh.length} answers: ${tally(fresh) || '—'}`);
  }, 1000);
  return {
    result,
    async stop(): Promise<LoadResult> {
      clearInterval(ticker);
      running = false;
      await Promise.all(tasks);
      return result;
    },
  };
}

/** The first raw-material spec of the current product: what the load receives. */
export async function someRebarId(api: Api): Promise<string> {
  const page = await api.json<{ items: { id: string }[] }>('GET', '/api/rebar?maxResultCount=1');
  const rebar = page.items[0];
  if (!rebar) throw new Error('the product has no rebar spec to receive');
  return rebar.id;
}

export type WriteCheck = {
  acknowledged: number;
  unacknowledged: number;
  /** Acknowledged writes not in the database. */
  lost: string[];
  /** Writes (acknowledged or not) stored more than once, or with more than one ledger row. */
  doubled: string[];
  /** Unacknowledged writes that were applied anyway (allowed: at most once). */
  unacknowledgedApplied: number;
  retried: number;
  replayed: number;
};

/**
 * Compares the load's writes with the database: each acknowledged receipt exactly once, none twice,
 * each with exactly one ledger row, and unacknowledged ones at most once.
 */
export async function checkWrites(databaseUrl: string, runId: string, writes: WriteRecord[]): Promise<WriteCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ remark: string; receipts: string; ledger: string }>(
      `select r.remark, count(distinct r.id) as receipts, count(l.id) as ledger
       from rebar_receive r left join stock_log l on l.source_id = r.id and l.source_type = 'rebarReceive'
       where r.remark like $1 group by r.remark`,
      [`fault:${runId}:%`],
    );
    const stored = new Map(rows.rows.map((row) => [row.remark, row]));
    const acknowledged = writes.filter((write) => write.acknowledged);
    return {
      acknowledged: acknowledged.length,
      unacknowledged: writes.length - acknowledged.length,
      lost: acknowledged.filter((write) => !stored.has(write.marker)).map((write) => write.marker),
      doubled: rows.rows
        .filter((row) => Number(row.receipts) !== 1 || Number(row.ledger) !== 1)
        .map((row) => `${row.remark} (${row.receipts} receipts, ${row.ledger} ledger rows)`),
      unacknowledgedApplied: writes.filter((write) => !write.acknowledged && stored.has(write.marker)).length,
      retried: writes.filter((write) => write.outcomes.length > 1).length,
      replayed: writes.filter((write) => write.replayed).length,
    };
  } finally {
    await client.end();
  }
}

/** `/api/stock/integrity` of the current product: ok, else what it found. */
export async function stockIntegrity(api: Api): Promise<{ ok: boolean; detail: string }> {
  const answer = await api.call('GET', '/api/stock/integrity', { timeoutMs: 120_000 });
  const body = answer.body as { ok?: boolean } | undefined;
  return { ok: answer.status === 200 && body?.ok === true, detail: JSON.stringify(answer.body).slice(0, 300) };
}

/** `key: count, …` of the items, most frequent first. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name}: ${count}`)
    .join(', ');
}

/** Counts of the outcomes, by status (and error code), for the report. */
export function tally(outcomes: readonly Outcome[]): string {
  return countBy(outcomes, (outcome) =>
    outcome.status === null
      ? `no answer (${outcome.error})`
      : `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`,
  );
}

// ── Cutting plans ──────────────────────────────────────────────────────────────────────────────

/** A repeatable pseudo-random sequence, so every run optimises the same order. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A confirmed order of `lines` straight bars of one spec, and a draft plan of it with its first run queued. */
export async function createPlan(
  api: Api,
  rebarId: string,
  { lines, timeLimitS, runId }: { lines: number; timeLimitS: number; runId: string },
) {
  const random = seeded(19);
  const order: DemandOrderInput = {
    project: `fault ${runId}`,
    demandDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    lines: Array.from({ length: lines }, (_, index) => ({
      mark: `K${index + 1}`,
      rebarId,
      length: 450 + Math.round(random() * 5400),
      quantity: 4 + Math.round(random() * 80),
    })),
  };
  const created = await api.json<{ id: string; code: string }>('POST', '/api/demandOrder', order, `${runId}-order`);
  await api.json('POST', `/api/demandOrder/${created.id}/confirm`, {}, `${runId}-confirm`);
  const plan = await api.json<CutPlanDetail>(
    'POST',
    '/api/cutPlan',
    { demandOrderIds: [created.id], timeLimitS },
    `${runId}-plan`,
  );
  return { order: created, plan };
}

// ── Live events ────────────────────────────────────────────────────────────────────────────────

export type LiveEvent = { at: number; event: string; data: string };

/**
 * Reads a `text/event-stream` route (with the bearer token, as the web app does with fetch) and
 * reconnects a second after it ends, as EventSource would; every event and (re)connection is kept.
 */
export function followEvents(api: Api, path: string) {
  const events: LiveEvent[] = [];
  const connections: { at: number; status: number | null }[] = [];
  let controller = new AbortController();
  let running = true;

  const readOnce = async () => {
    controller = new AbortController();
    const response = await fetch(api.baseUrl + path, {
      headers: { authorization: `Bearer ${api.token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    connections.push({ at: Date.now(), status: response.status });
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = [...block.matchAll(/^data: (.*)$/gm)].map((match) => match[1]).join('\n');
        if (event) events.push({ at: Date.now(), event, data });
      }
    }
  };

  const loop = (async () => {
    while (running) {
      await readOnce().catch(() => {
        if (running) connections.push({ at: Date.now(), status: null });
      });
      if (running) await sleep(1000);
    }
  })();

  return {
    events,
    connections,
    async stop() {
      running = false;
      controller.abort();
      await loop;
    },
  };
}

// ── The verdict ────────────────────────────────────────────────────────────────────────────────

/** The script's checks and figures, printed at the end with PASS or FAIL (and the exit code). */
export class Report {
  readonly #checks: { name: string; ok: boolean; detail: string }[] = [];
  readonly #figures: [string, string][] = [];
  readonly #title: string;
  readonly #started = Date.now();

  constructor(title: string) {
    this.#title = title;
    this.log(
      `${title}: load average at start ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  }

  log(message: string) {
    console.log(`${new Date().toISOString().slice(11, 23)} ${message}`);
  }

  /** Seconds since the script began, for the timeline. */
  elapsed(at = Date.now()): string {
    return `${((at - this.#started) / 1000).toFixed(1)} s`;
  }

  figure(name: string, value: string | number) {
    this.#figures.push([name, String(value)]);
  }

  check(name: string, ok: boolean, detail = '') {
    this.#checks.push({ name, ok, detail });
  }

  /** Prints everything and sets the exit code: non-zero when any check failed. */
  finish(): boolean {
    const passed = this.#checks.every((check) => check.ok);
    console.log(`\n── ${this.#title} ──`);
    for (const [name, value] of this.#figures) console.log(`  ${name}: ${value}`);
    console.log(`  load average (1/5/15 min): ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
    for (const check of this.#checks)
      console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}${check.detail ? ` — ${check.detail}` : ''}`);
    console.log(`\n${passed ? 'PASS' : 'FAIL'}: ${this.#title}`);
    process.exitCode = passed ? 0 : 1;
    return passed;
  }
}

/** Runs a script's body; an unexpected error is a FAIL with its message, not a stack-trace crash. */
export async function runFault(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(`\nFAIL: ${(error as Error).message}`);
    process.exitCode = 1;
  }
  // Keep-alive sockets and stream readers must not hold the process open.
  setTimeout(() => process.exit(), 500).unref();
}
