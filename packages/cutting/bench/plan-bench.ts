/**
 * `npm run bench:plan [-- --lines 2000 --diameters 8 --time-limit 10 --workers 1 --seed 1 --gap-tolerance 0.003
 * --out FILE]`
 * The performance case: one cutting plan of 2,000 order lines over 8 diameters (about 20,000 pieces), one
 * optimisation per diameter group against its own stock (12 m bars on hand, 12 m and 9 m bars to buy, offcuts at
 * cost 0). Reports, per group, when the first feasible plan arrived and when the plan came within 0.3 % of the
 * bound. Prints a markdown table; never writes the docs.
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { solveWithFfd } from '../src/ffd-plan.ts';
import type { CuttingInput, CuttingPlan } from '../src/model.ts';
import { validatePlan } from '../src/plan.ts';
import { CuttingSolverPool } from '../src/solver-client.ts';
import type { StopReason } from '../src/solve-progress.ts';
import { generatePlan, type PlanGroup } from './plan-generator.ts';

const GAP_MARK = 0.003;

interface GroupResult {
  diameter: number;
  lines: number;
  pieces: number;
  types: number;
  /** Caller's clock, from submitting the job to its first plan (FFD) arriving. */
  firstPlanWallS: number;
  /** Solver's clock at the first plan. */
  firstPlanSolverS: number;
  /** Solver's clock when the plan first came within 0.3 % of the bound known then; null if never. */
  toGapS: number | null;
  totalS: number;
  gap: number;
  ffdGap: number;
  proven: boolean;
  stopReason: StopReason | null;
  valid: boolean;
}

const fmt = (x: number | null, digits = 2): string => (x === null || !Number.isFinite(x) ? '—' : x.toFixed(digits));
const pct = (x: number): string => `${(100 * x).toFixed(3)} %`;

async function solveGroup(pool: CuttingSolverPool, group: PlanGroup, options: object): Promise<GroupResult> {
  const input: CuttingInput = { ...group.input, options: { ...group.input.options, ...options } };
  const submitted = Date.now();
  let firstPlanWallS: number | null = null;
  let firstPlanSolverS = 0;
  let toGapS: number | null = null;
  let stopReason: StopReason | null = null;
  const plan: CuttingPlan = await pool.start(input, {
    onPlan: (p) => {
      if (firstPlanWallS === null) {
        firstPlanWallS = (Date.now() - submitted) / 1000;
        firstPlanSolverS = p.elapsedMs / 1000;
      }
    },
    onProgress: (p) => {
      if (toGapS === null && p.gap !== null && p.gap <= GAP_MARK + 1e-12) toGapS = p.elapsedMs / 1000;
      if (p.stopReason) stopReason = p.stopReason;
    },
  }).result;
  const ffd = solveWithFfd(input);
  return {
    diameter: group.diameter,
    lines: group.lines,
    pieces: group.pieces,
    types: new Set(group.input.demand.map((d) => d.length)).size,
    firstPlanWallS: firstPlanWallS ?? Number.NaN,
    firstPlanSolverS,
    toGapS,
    totalS: plan.elapsedMs / 1000,
    gap: plan.gap,
    ffdGap: plan.lowerBound > 0 ? (ffd.objective - plan.lowerBound) / plan.lowerBound : 0,
    proven: plan.provenOptimal,
    stopReason,
    valid: validatePlan(input, plan).length === 0 && plan.unplaced.length === 0,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lines: { type: 'string', default: '2000' },
      diameters: { type: 'string', default: '8' },
      'time-limit': { type: 'string', default: '10' },
      workers: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      'gap-tolerance': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const groups = generatePlan(Number(values.lines), Number(values.diameters), Number(values.seed));
  const options = {
    timeLimitMs: Number(values['time-limit']) * 1000,
    ...(values['gap-tolerance'] === undefined ? {} : { gapTolerance: Number(values['gap-tolerance']) }),
  };

  // What a job can show at once: FFD for every group, in the calling thread.
  const ffdStarted = Date.now();
  for (const g of groups) solveWithFfd(g.input);
  const ffdAllS = (Date.now() - ffdStarted) / 1000;

  const pool = new CuttingSolverPool(Number(values.workers));
  // A worker process keeps its solver threads: start them (and compile HiGHS) once, as a running worker would.
  const warmStarted = Date.now();
  await Promise.all(
    Array.from(
      { length: Number(values.workers) },
      () => pool.start({ stock: [{ length: 10 }], demand: [{ length: 3, quantity: 5 }] }).result,
    ),
  );
  const warmS = (Date.now() - warmStarted) / 1000;

  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
  const started = Date.now();
  // As many groups at a time as there are solver threads, so that a group's clock starts when a thread takes it.
  const results: GroupResult[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Number(values.workers) }, async () => {
      while (next < groups.length) {
        const k = next++;
        results[k] = await solveGroup(pool, groups[k]!, options);
      }
    }),
  );
  const wallS = (Date.now() - started) / 1000;
  await pool.close();

  const median = (xs: number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = s.length >> 1;
    return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  const lines = [
    `bench:plan — ${values.lines} lines over ${values.diameters} diameters (seed ${values.seed}), ` +
      `${results.reduce((n, r) => n + r.pieces, 0)} pieces, time limit ${values['time-limit']} s per group, ` +
      `${values.workers} solver thread(s), gap tolerance ${values['gap-tolerance'] ?? 'default'}; load average at start ${load}`,
    '',
    `FFD for all groups in the calling thread: ${fmt(ffdAllS, 3)} s. Solver threads started (HiGHS compiled) in ${fmt(warmS)} s before the first group. Wall time for all groups: ${fmt(wallS, 1)} s.`,
    '',
    '| Diameter | Lines | Pieces | Lengths | First plan, wall s | First plan, solver s | Solver s to ≤ 0.3 % | Solver s total | Stop | Gap to LB | FFD gap to LB | Proven | Valid |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.diameter} | ${r.lines} | ${r.pieces} | ${r.types} | ${fmt(r.firstPlanWallS)} | ${fmt(r.firstPlanSolverS, 3)} | ${fmt(r.toGapS)} | ${fmt(r.totalS)} | ${r.stopReason ?? '?'} | ${pct(r.gap)} | ${pct(r.ffdGap)} | ${r.proven ? 'yes' : 'no'} | ${r.valid ? 'yes' : 'NO'} |`,
    ),
    '',
    `Median solver s to ≤ 0.3 %: ${fmt(median(results.map((r) => r.toGapS ?? Number.POSITIVE_INFINITY)))}; ` +
      `within 0.3 % at the end: ${results.filter((r) => r.gap <= GAP_MARK + 1e-12).length}/${results.length}; ` +
      `max solver s to the first plan: ${fmt(Math.max(...results.map((r) => r.firstPlanSolverS)), 3)}.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.out)
    await writeFile(resolve(process.env.INIT_CWD ?? process.cwd(), values.out), JSON.stringify(results, null, 1));
}

await main();
