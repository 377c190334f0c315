/** Aggregates benchmark results into the markdown section of docs/benchmarks.md. */
import { readFile, writeFile } from 'node:fs/promises';

export interface PlanSummary {
  objective: number;
  lowerBound: number;
  proven: boolean;
  valid: boolean;
  seconds: number;
  /** Weight of the bars cut (kg), null without a kg/m. */
  materialWeight: number | null;
  source: string;
  solverFailure: string | null;
  /** Solver seconds until the plan was first within 0.3 % of the bound known then; null if never. */
  secondsToGap?: number | null;
  /** Solver seconds to the first plan (FFD's) and to the final one (its last better objective). */
  secondsToFirst?: number | null;
  secondsToFinal?: number;
}

export interface InstanceResult {
  set: string;
  name: string;
  optimum: number | null;
  failure: string | null;
  solver?: PlanSummary;
  ffd: PlanSummary;
}

export interface RunInfo {
  timeLimitMs: number;
  workers: number;
  wallSeconds: number;
  sets: string[];
}

const START = '<!-- cutting-bench:start -->';
const END = '<!-- cutting-bench:end -->';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const fmt = (x: number, digits = 2): string => x.toFixed(digits);
const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;

function knownOptimumTable(results: InstanceResult[], sets: string[]): string[] {
  if (!results.some((r) => r.optimum !== null)) return [];
  const lines = [
    row([
      'Set',
      'Instances',
      'Valid plans',
      'Optimum reached',
      'Mean extra',
      'Proven optimal',
      'Median s',
      'Max s',
      'Worse than FFD',
      'Better than FFD',
      'FFD optimum reached',
      'FFD mean extra',
      'FFD median s',
      'FFD max s',
    ]),
    row(Array.from({ length: 14 }, (_, k) => (k === 0 ? '---' : '---:'))),
  ];
  const withOptimum = results.filter((r) => r.optimum !== null);
  const groups = sets.map((set) => ({ label: set, rs: withOptimum.filter((r) => r.set === set) }));
  if (groups.filter((g) => g.rs.length > 0).length > 1) groups.push({ label: '**All**', rs: withOptimum });
  for (const { label, rs } of groups) {
    if (rs.length === 0) continue;
    const solved = rs.filter((r) => r.solver !== undefined);
    const extra = (s: PlanSummary, r: InstanceResult): number => s.objective - r.optimum!;
    lines.push(
      row([
        label,
        rs.length,
        solved.filter((r) => r.solver!.valid).length,
        solved.filter((r) => extra(r.solver!, r) <= 1e-6).length,
        fmt(mean(solved.map((r) => extra(r.solver!, r))), 3),
        solved.filter((r) => r.solver!.proven).length,
        fmt(median(solved.map((r) => r.solver!.seconds))),
        fmt(Math.max(...solved.map((r) => r.solver!.seconds))),
        solved.filter((r) => r.solver!.objective > r.ffd.objective + 1e-6).length,
        solved.filter((r) => r.solver!.objective < r.ffd.objective - 1e-6).length,
        rs.filter((r) => extra(r.ffd, r) <= 1e-6).length,
        fmt(mean(rs.map((r) => extra(r.ffd, r))), 3),
        fmt(median(rs.map((r) => r.ffd.seconds)), 3),
        fmt(Math.max(...rs.map((r) => r.ffd.seconds)), 3),
      ]),
    );
  }
  return [...lines, ''];
}

/** Median solver seconds to a plan within 0.3 % of the bound (instances never reaching it count as infinite). */
function toGap(rs: InstanceResult[]): string {
  const times = rs.map((r) => r.solver!.secondsToGap ?? Number.POSITIVE_INFINITY);
  const reached = times.filter(Number.isFinite).length;
  const m = median(times);
  return `${Number.isFinite(m) ? fmt(m) : '—'} (${reached}/${rs.length})`;
}

/** Sets without a published optimum (generated): judged by the gap to the solver's proven bound, one row each. */
function boundGapTable(results: InstanceResult[], sets: string[]): string[] {
  const gap = (objective: number, lowerBound: number): number =>
    lowerBound > 0 ? (objective - lowerBound) / lowerBound : 0;
  const saving = (r: InstanceResult): number => (r.ffd.objective - r.solver!.objective) / r.ffd.objective;
  const rows = sets
    .map((set) => results.filter((r) => r.set === set && r.optimum === null && r.solver !== undefined))
    .filter((rs) => rs.length > 0)
    .map((rs) =>
      row([
        rs[0]!.set,
        rs.length,
        rs.filter((r) => r.solver!.valid).length,
        rs.filter((r) => r.solver!.objective <= r.ffd.objective + 1e-6).length,
        rs.filter((r) => r.solver!.objective < r.ffd.objective - 1e-6).length,
        `${fmt(100 * mean(rs.map(saving)))} %`,
        rs.filter((r) => r.solver!.proven).length,
        `${fmt(100 * mean(rs.map((r) => gap(r.solver!.objective, r.solver!.lowerBound))), 3)} %`,
        `${fmt(100 * Math.max(...rs.map((r) => gap(r.solver!.objective, r.solver!.lowerBound))), 3)} %`,
        `${fmt(100 * mean(rs.map((r) => gap(r.ffd.objective, r.solver!.lowerBound))), 3)} %`,
        fmt(median(rs.map((r) => r.solver!.seconds))),
        fmt(Math.max(...rs.map((r) => r.solver!.seconds))),
        fmt(median(rs.map((r) => r.solver!.secondsToFirst ?? Number.POSITIVE_INFINITY))),
        fmt(median(rs.map((r) => r.solver!.secondsToFinal ?? r.solver!.seconds))),
        toGap(rs),
      ]),
    );
  if (rows.length === 0) return [];
  return [
    row([
      'Set',
      'Instances',
      'Valid plans',
      'Objective ≤ FFD',
      'Objective < FFD',
      'Mean saving vs FFD',
      'Proven optimal',
      'Mean gap to LB',
      'Max gap to LB',
      'FFD mean gap to LB',
      'Median s',
      'Max s',
      'Median s to first plan',
      'Median s to final plan',
      'Median s to ≤ 0.3 % (reached)',
    ]),
    row(Array.from({ length: 15 }, (_, k) => (k === 0 ? '---' : '---:'))),
    ...rows,
  ];
}

/**
 * What searching on saves against stopping early: the same instances in two sets, paired by name — how
 * many plans are cheaper or dearer, the mean objective saving and the steel cut (material weight) in all.
 */
export function compareSets(results: InstanceResult[], set: string, early: string): string[] {
  const before = new Map(results.filter((r) => r.set === early && r.solver).map((r) => [r.name, r.solver!]));
  const pairs = results
    .filter((r) => r.set === set && r.solver && before.has(r.name))
    .map((r) => ({ now: r.solver!, then: before.get(r.name)! }));
  if (pairs.length === 0) return [];
  const saving = mean(pairs.map(({ now, then }) => (then.objective - now.objective) / then.objective));
  const steel = (pick: (p: (typeof pairs)[number]) => PlanSummary): number =>
    pairs.reduce((kg, p) => kg + (pick(p).materialWeight ?? 0), 0);
  const steelNow = steel((p) => p.now);
  const steelThen = steel((p) => p.then);
  return [
    `\`${set}\` against \`${early}\` (the same ${pairs.length} instances): ` +
      `cheaper on ${pairs.filter(({ now, then }) => now.objective < then.objective - 1e-6).length}, ` +
      `dearer on ${pairs.filter(({ now, then }) => now.objective > then.objective + 1e-6).length}, ` +
      `proven optimal ${pairs.filter((p) => p.now.proven).length} against ${pairs.filter((p) => p.then.proven).length}; ` +
      `mean objective ${fmt(100 * saving, 3)} % lower; steel cut ${fmt(steelNow, 1)} kg against ${fmt(steelThen, 1)} kg ` +
      `(${fmt(steelThen - steelNow, 1)} kg, ${fmt((100 * (steelThen - steelNow)) / (steelThen || 1), 3)} % less).`,
    '',
  ];
}

export function renderSection(results: InstanceResult[], info: RunInfo): string {
  const failures = results
    .map((r) => ({ ...r, failure: r.failure ?? r.solver?.solverFailure ?? null }))
    .filter((r) => r.failure !== null);
  const date = new Date().toISOString().slice(0, 10);
  return [
    '## Cutting optimizer',
    '',
    START,
    `Measured ${date} with \`npm run bench:cutting\`: ${results.length} instances, time limit ${info.timeLimitMs / 1000} s per instance, ` +
      `${info.workers} worker threads, total wall time ${fmt(info.wallSeconds / 60, 1)} min. "Extra" is bars (cost for min_cost instances) above the ` +
      'published optimum or best known solution; "proven optimal" means the plan meets the rounded-up column-generation LP bound. ' +
      'Seconds are solver time per instance (FFD runs in the calling thread).',
    '',
    ...knownOptimumTable(results, info.sets),
    ...generatedSection(boundGapTable(results, info.sets)),
    ...compareSets(results, 'rebar', 'rebar-early'),
    ...(failures.length > 0 ? ['Failures:', '', ...failures.map((f) => `- ${f.set}/${f.name}: ${f.failure}`), ''] : []),
    END,
  ].join('\n');
}

function generatedSection(table: string[]): string[] {
  if (table.length === 0) return [];
  return [
    'Generated instances without a known optimum (seeds 1…n), measured against the proven lower bound (the column-generation LP bound rounded up to an attainable objective):',
    '',
    '- `rebar` (`bench/rebar-job-generator.ts`): 5–40 marks, 9 m and 12 m bars priced per kg, 0–5 kinds of inventory tails at price 0, waste threshold 500 mm, objective min cost;',
    '- `rebar-early`: the same jobs with the earlier default stops of the product (gap tolerance 0.3 %, stall 2 s); every other row runs with the defaults, which search until the plan is proven optimal or the time limit;',
    '- `long` (`bench/generated-families.ts`): one bar of capacity 100,000–1,000,000, 20–120 piece types of a fifth to a half of it (2–5 pieces per bar), demand 1–12 each;',
    '- `many` (`bench/generated-families.ts`): 12 m bars, 500–1,000 piece types of 200–6,000 mm, demand 5–60 each (16,000–33,000 pieces).',
    '',
    ...table,
    '',
  ];
}

/** Replaces this section between its markers, leaving the rest of the file (other teams' sections) untouched. */
export async function writeSection(path: string, section: string): Promise<void> {
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start >= 0 && end > start) {
    const headerStart = text.lastIndexOf('## Cutting optimizer', start);
    const from = headerStart >= 0 ? headerStart : start;
    text = text.slice(0, from) + section + text.slice(end + END.length);
  } else {
    text = `${text.trimEnd()}\n\n${section}\n`;
  }
  await writeFile(path, text);
}
