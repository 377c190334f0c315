/**
 * `npm run bench:cutting [-- --set NAME ... --limit N --time-limit S --workers N --rebar-jobs N --long N --many N --large N
 * --out FILE]`
 * Runs the optimizer (worker pool) and plain FFD side by side over ../shared/bench plus generated instances and
 * writes the table to docs/benchmarks.md (full runs only, or with --write).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readInstanceFile } from '../src/formats/instance-file.ts';
import { solveWithFfd } from '../src/ffd-plan.ts';
import type { CuttingInput, CuttingPlan } from '../src/model.ts';
import type { SolveProgress } from '../src/solve-progress.ts';
import { validatePlan } from '../src/plan.ts';
import { CuttingSolverPool } from '../src/solver-client.ts';
import { generateFamily, GENERATED_FAMILIES, type GeneratedFamily } from './generated-families.ts';
import { generateRebarJobs } from './rebar-job-generator.ts';
import { renderSection, writeSection, type InstanceResult } from './bench-report.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const BPPLIB_SETS = ['Falkenauer_U', 'Falkenauer_T', 'Scholl_1', 'Schwerin_1', 'Waescher', 'Hard28', 'AI'] as const;
const SMALL_SET = 'small';
const REBAR_SET = 'rebar';
/**
 * The same rebar jobs with the product's earlier default stops (gap tolerance 0.3 %, which brings
 * the 2 s stall stop): what searching on to a proof or the time limit saves against stopping early.
 */
const REBAR_EARLY_SET = 'rebar-early';
const EARLY_STOPS = { gapTolerance: 0.003 };
/** Gap at which the "seconds to ≤ 0.3 %" figure is taken (the time-to-a-good-plan target). */
const GAP_MARK = 0.003;

interface BenchInstance {
  set: string;
  name: string;
  input: () => Promise<CuttingInput>;
  /** Published optimum (bars, or cost for min_cost), null when unknown. */
  optimum: number | null;
  /** Stop options other than the defaults (which search until the plan is proven or the time limit). */
  stops?: CuttingInput['options'];
}

async function bpplibInstances(benchDir: string): Promise<BenchInstance[]> {
  const rows = (await readFile(join(benchDir, 'optima.csv'), 'utf8')).trim().split(/\r?\n/).slice(1);
  return rows.map((row) => {
    const [set, instance, file, , , , optimalBins] = row.split(',');
    return {
      set: set!,
      name: instance!,
      input: () => readInstanceFile(join(benchDir, file!)),
      optimum: Number(optimalBins),
    };
  });
}

async function smallInstances(benchDir: string): Promise<BenchInstance[]> {
  const dir = join(benchDir, 'instances', SMALL_SET);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (f) => {
      const raw = JSON.parse(await readFile(join(dir, f), 'utf8')) as {
        published?: { optimal_bins?: number; optimal_cost?: number };
      };
      const optimum = raw.published?.optimal_bins ?? raw.published?.optimal_cost ?? null;
      return { set: SMALL_SET, name: f.replace(/\.json$/, ''), input: () => readInstanceFile(join(dir, f)), optimum };
    }),
  );
}

function rebarInstances(count: number, early = false): BenchInstance[] {
  return generateRebarJobs(count).map((job) => ({
    set: early ? REBAR_EARLY_SET : REBAR_SET,
    name: job.name,
    input: async () => job.input,
    optimum: null,
    ...(early ? { stops: EARLY_STOPS } : {}),
  }));
}

function generatedInstances(family: GeneratedFamily, count: number): BenchInstance[] {
  return generateFamily(family, count).map((g) => ({
    set: family,
    name: g.name,
    input: async () => g.input,
    optimum: null,
  }));
}

async function runOne(pool: CuttingSolverPool, instance: BenchInstance, timeLimitMs: number): Promise<InstanceResult> {
  const raw = await instance.input();
  const input: CuttingInput = { ...raw, options: { ...raw.options, ...instance.stops, timeLimitMs } };
  let plan: CuttingPlan;
  // Solver time at which the best plan first came within GAP_MARK of the bound known at that moment.
  let secondsToGap: number | null = null;
  // Solver time of the first plan (FFD's, with the first event) and of the last better objective (the final plan's).
  let secondsToFirst: number | null = null;
  let secondsToFinal = 0;
  let objective = Number.POSITIVE_INFINITY;
  const mark = (p: SolveProgress): void => {
    secondsToFirst ??= p.elapsedMs / 1000;
    if (p.bestObjective < objective) [objective, secondsToFinal] = [p.bestObjective, p.elapsedMs / 1000];
    if (secondsToGap === null && p.gap !== null && p.gap <= GAP_MARK + 1e-12) secondsToGap = p.elapsedMs / 1000;
  };
  try {
    plan = await pool.start(input, { onProgress: mark }).result;
  } catch (error) {
    const ffd = solveWithFfd(input);
    return {
      set: instance.set,
      name: instance.name,
      optimum: instance.optimum,
      failure: String(error),
      ffd: summarize(input, ffd),
    };
  }
  // FFD runs in this thread once the job is done: run up front for every instance, it kept the event loop busy
  // for longer than a worker's grace period on the large generated instances, and healthy workers were terminated.
  const ffd = solveWithFfd(input);
  return {
    set: instance.set,
    name: instance.name,
    optimum: instance.optimum,
    failure: null,
    solver: { ...summarize(input, plan), secondsToGap, secondsToFirst, secondsToFinal },
    ffd: summarize(input, ffd),
  };
}

function summarize(input: CuttingInput, plan: CuttingPlan): InstanceResult['ffd'] {
  return {
    objective: plan.objective,
    lowerBound: plan.lowerBound,
    proven: plan.provenOptimal,
    valid: validatePlan(input, plan).length === 0 && plan.unplaced.length === 0,
    seconds: plan.elapsedMs / 1000,
    materialWeight: plan.material.weight,
    source: plan.source,
    solverFailure: plan.solverFailure,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', multiple: true },
      limit: { type: 'string' },
      'time-limit': { type: 'string', default: '10' },
      workers: { type: 'string', default: '2' },
      'rebar-jobs': { type: 'string', default: '50' },
      long: { type: 'string', default: '20' },
      many: { type: 'string', default: '10' },
      large: { type: 'string', default: '20' },
      'bench-dir': { type: 'string' },
      out: { type: 'string' },
      write: { type: 'boolean', default: false },
    },
  });
  const benchDir = resolve(repoRoot, values['bench-dir'] ?? '../shared/bench');
  const families = Object.keys(GENERATED_FAMILIES) as GeneratedFamily[];
  const wanted = values.set ?? [...BPPLIB_SETS, SMALL_SET, REBAR_SET, REBAR_EARLY_SET, ...families];
  const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
  const timeLimitMs = Number(values['time-limit']) * 1000;
  const all = [
    ...(await bpplibInstances(benchDir)),
    ...(await smallInstances(benchDir)),
    ...rebarInstances(Number(values['rebar-jobs'])),
    ...rebarInstances(Number(values['rebar-jobs']), true),
    ...families.flatMap((family) => generatedInstances(family, Number(values[family]))),
  ];
  const selected = wanted.flatMap((set) => all.filter((i) => i.set === set).slice(0, limit));
  if (selected.length === 0) throw new Error(`no instances for sets ${wanted.join(', ')}`);

  const pool = new CuttingSolverPool(Number(values.workers));
  const started = Date.now();
  let done = 0;
  const results = await Promise.all(
    selected.map(async (instance) => {
      const result = await runOne(pool, instance, timeLimitMs);
      done += 1;
      const s = result.solver;
      process.stderr.write(
        `[${done}/${selected.length}] ${instance.set}/${instance.name}: ${s ? `${s.objective} (lb ${s.lowerBound}, ${s.source}, ${s.seconds.toFixed(2)} s)` : result.failure} ffd ${result.ffd.objective} opt ${instance.optimum ?? '?'}\n`,
      );
      return result;
    }),
  );
  await pool.close();
  const wallSeconds = (Date.now() - started) / 1000;
  const section = renderSection(results, { timeLimitMs, workers: Number(values.workers), wallSeconds, sets: wanted });
  process.stdout.write(`${section}\n`);
  if (values.out)
    await writeFile(resolve(process.env.INIT_CWD ?? process.cwd(), values.out), JSON.stringify(results, null, 1));
  if (values.write || (values.set === undefined && values.limit === undefined)) {
    await writeSection(join(repoRoot, 'docs', 'benchmarks.md'), section);
    process.stderr.write('docs/benchmarks.md updated\n');
  }
}

await main();
