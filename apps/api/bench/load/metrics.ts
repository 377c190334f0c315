import * as hdr from 'hdr-histogram-js';

/**
 * What the load benchmark counts: per route class a latency histogram (HdrHistogram, microseconds,
 * so percentiles stay exact to three significant digits over hours of samples), the requests, the
 * retries (502/503/504 or a network error answered by sending the same request again, with the same
 * Idempotency-Key for writes) and the errors (anything else that was not 2xx in the end), with a few
 * examples of each kind of error to print.
 */
export const ROUTE_CLASSES = [
  'read-list',
  'read-detail',
  'write-stock',
  'write-task',
  'write-plan',
  'import',
  'plan-optimise',
  'sse-connect',
  'auth',
] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

/** What each class holds, for the report's legend. */
export const CLASS_MEANING: Record<RouteClass, string> = {
  'read-list': 'paged lists: stock, ledgers, receipts, orders, tasks, machine queues',
  'read-detail': 'one record: a stock row with its ledger, a task, a cutting plan, a schedule',
  'write-stock': 'receipts and manual stock moves',
  'write-task': 'task dispatch, start, resume, progress reports, completion',
  'write-plan': 'demand order save and confirm, cutting plan create and approve, schedule create and release',
  import: 'demand-order file upload and preview (multipart BVBS)',
  'plan-optimise': 'end to end: POST cutPlan → its first run’s result event on the plan’s stream',
  'sse-connect': 'event stream opened → its first event (board, unread counts)',
  auth: 'token refreshes',
};

/** The load targets (p95, ms; docs/benchmarks.md, "Load"), by the classes they apply to. */
export const TARGETS = {
  readP95: { ms: 100, classes: ['read-list', 'read-detail'] as RouteClass[] },
  writeP95: { ms: 200, classes: ['write-stock', 'write-task', 'write-plan'] as RouteClass[] },
};

export type ClassSummary = {
  requests: number;
  errors: number;
  retries: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
};

export type ErrorSummary = {
  class: RouteClass;
  route: string;
  status: number;
  code: string;
  count: number;
  example: string;
};

const newHistogram = () =>
  hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: 3 });

export class Metrics {
  readonly #histograms = new Map<RouteClass, hdr.Histogram>();
  readonly #overall = newHistogram();
  readonly #counts = new Map<RouteClass, { requests: number; errors: number; retries: number }>();
  readonly #errors = new Map<string, ErrorSummary>();

  #count(routeClass: RouteClass) {
    let counts = this.#counts.get(routeClass);
    if (!counts) this.#counts.set(routeClass, (counts = { requests: 0, errors: 0, retries: 0 }));
    return counts;
  }

  /** A finished request (or scenario step): its time in ms, whatever its outcome. */
  record(routeClass: RouteClass, ms: number) {
    let histogram = this.#histograms.get(routeClass);
    if (!histogram) this.#histograms.set(routeClass, (histogram = newHistogram()));
    const micros = Math.max(1, Math.round(ms * 1000));
    histogram.recordValue(micros);
    // Streams and the optimisation are not requests of their own: the overall row counts the HTTP requests.
    if (routeClass !== 'plan-optimise' && routeClass !== 'sse-connect') this.#overall.recordValue(micros);
    this.#count(routeClass).requests++;
  }

  retry(routeClass: RouteClass) {
    this.#count(routeClass).retries++;
  }

  error(routeClass: RouteClass, route: string, status: number, code: string, example: string) {
    this.#count(routeClass).errors++;
    const key = `${routeClass} ${route} ${status} ${code}`;
    const entry = this.#errors.get(key);
    if (entry) entry.count++;
    else this.#errors.set(key, { class: routeClass, route, status, code, count: 1, example: example.slice(0, 300) });
  }

  summary(seconds: number): { classes: Partial<Record<RouteClass, ClassSummary>>; overall: ClassSummary } {
    const ms = (micros: number) => Math.round(micros / 10) / 100;
    const summarise = (histogram: hdr.Histogram, counts: { requests: number; errors: number; retries: number }) => ({
      ...counts,
      throughput: Math.round((counts.requests / seconds) * 100) / 100,
      p50: ms(histogram.getValueAtPercentile(50)),
      p95: ms(histogram.getValueAtPercentile(95)),
      p99: ms(histogram.getValueAtPercentile(99)),
      max: ms(histogram.maxValue),
      mean: ms(histogram.mean),
    });
    const classes: Partial<Record<RouteClass, ClassSummary>> = {};
    const overallCounts = { requests: 0, errors: 0, retries: 0 };
    for (const routeClass of ROUTE_CLASSES) {
      const counts = this.#counts.get(routeClass);
      if (!counts) continue;
      classes[routeClass] = summarise(this.#histograms.get(routeClass) ?? newHistogram(), counts);
      // Every error counts overall; requests and retries are those of the HTTP requests.
      overallCounts.errors += counts.errors;
      if (routeClass === 'plan-optimise' || routeClass === 'sse-connect') continue;
      overallCounts.requests += counts.requests;
      overallCounts.retries += counts.retries;
    }
    return { classes, overall: summarise(this.#overall, overallCounts) };
  }

  errors(): ErrorSummary[] {
    return [...this.#errors.values()].sort((a, b) => b.count - a.count);
  }
}
