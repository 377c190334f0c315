/**
 * The optimizer's stops and progress: the gap tolerance and stall stops, progress for a live UI (bound, best plan, gap,
 * first plan at once) and cancelling with an AbortSignal. The solves run on a work limit (src/clock.ts), so every
 * stop and every "ends before its limit" below is counted in checkpoints and holds however loaded the machine is.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { generatePlan } from '../bench/plan-generator.ts';
import { generateRebarJob } from '../bench/rebar-job-generator.ts';
import {
  closeCuttingWorkers,
  solveCuttingStock,
  startCuttingJob,
  validatePlan,
  type CuttingInput,
  type CuttingPlan,
  type SolveProgress,
} from '../src/index.ts';
import { hardInstance } from './fixtures/hard-instance.ts';

afterAll(() => closeCuttingWorkers());

/** A work limit no test reaches unless it says so: a stop before it is a stop for another reason. */
const AMPLE = 100_000;
/**
 * The hard instance on a work limit: 2,000 checkpoints keep the stages before column generation as short as a
 * minute's time limit did (3 % to the exact fill), and are far more than the first iteration needs.
 */
function hardOnWork(workLimit = 2_000): CuttingInput {
  return { ...hardInstance(60_000), options: { workLimit } };
}

function rebarJob(seed: number, options: CuttingInput['options'] = {}): CuttingInput {
  const { input } = generateRebarJob(seed);
  return { ...input, options: { ...input.options, ...options } };
}

/** Solves in the calling thread and records every progress event and plan. */
async function traced(input: CuttingInput, signal?: AbortSignal) {
  const events: SolveProgress[] = [];
  const plans: CuttingPlan[] = [];
  const plan = await solveCuttingStock(input, {
    onProgress: (p) => events.push(p),
    onPlan: (p) => plans.push(p),
    signal,
  });
  return { plan, events, plans, last: events.at(-1)! };
}

describe('gap tolerance and stall stops', () => {
  // Seed 16: within 0.3 % of the bound after a fraction of a second, never proven optimal.
  it('stops once the plan is within a given 0.3 % of the bound', async () => {
    const input = rebarJob(16, { gapTolerance: 0.003, workLimit: AMPLE });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(last.stopReason === 'gap' || last.stopReason === 'proven').toBe(true);
    expect(plan.gap).toBeLessThanOrEqual(0.003);
    expect(last.checkpoints).toBeLessThan(AMPLE / 2);
  });

  it('honours a looser tolerance: FFD within 50 % of the material bound ends the solve before any LP', async () => {
    const input = rebarJob(16, { gapTolerance: 0.5, workLimit: AMPLE });
    const { plan, last, events } = await traced(input);
    expect(last.stopReason).toBe('gap');
    expect(plan.source).toBe('ffd');
    expect(events.some((e) => e.phase === 'column-generation')).toBe(false);
  });

  it('by default searches on (no gap or stall stop) and finds a plan at least as good as with 0.3 %', async () => {
    const fast = await traced(rebarJob(16, { gapTolerance: 0.003, workLimit: AMPLE }));
    // Seed 16 runs out of columns and improvements within a few hundred checkpoints when searched to the end.
    const full = await traced(rebarJob(16, { workLimit: AMPLE }));
    expect(full.last.stopReason).not.toBe('gap');
    expect(full.last.stopReason).not.toBe('stall');
    expect(full.plan.objective).toBeLessThanOrEqual(fast.plan.objective);
    expect(full.last.checkpoints).toBeLessThan(AMPLE);
  });

  // Seed 6 stays about 1 % above its bound: with a tolerance it ends on a stall, by default only the limit ends it.
  it('by default ends a plan it cannot prove at its limit, not on a stall', async () => {
    const input = rebarJob(6, { workLimit: 1_000 });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(last.stopReason).toBe('time');
    expect(plan.provenOptimal).toBe(false);
  });

  // Column generation cut off at half the limit (200 lengths and 2,400 pieces, in 3 s on a loaded machine) left no time
  // to re-solve the master without its exchange columns, and the search ended on FFD's plan with half its time unused.
  // 40 checkpoints give column generation 20, fewer than it needs here: it runs out every time.
  it('rounds the LP column generation reached when it ran out of its time, and searches on', async () => {
    const [group] = generatePlan(2000, 8, 1);
    const input = { ...group!.input, options: { ...group!.input.options, workLimit: 40 } };
    const { plan, events } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    const searchStart = events.find((e) => e.phase === 'integer');
    expect(searchStart?.checkpoints).toBeGreaterThanOrEqual(20);
    expect(plan.source).not.toBe('ffd');
    expect(events.some((e) => e.phase === 'integer')).toBe(true);
  });

  it('a positive gapTolerance brings the stall stop back unless stallMs says otherwise', async () => {
    // On a work limit the default stall (2,000) counts checkpoints.
    const input = rebarJob(6, { gapTolerance: 0.003, workLimit: AMPLE });
    const { plan, last } = await traced(input);
    expect(last.stopReason).toBe('stall');
    expect(plan.gap).toBeGreaterThan(0.003);
    expect(last.checkpoints).toBeLessThan(AMPLE / 2);
  });

  // Seed 6: stays about 1 % above its bound; only a stall (or the time limit) ends it.
  it('stops when neither plan nor bound improves for stallMs', async () => {
    const input = rebarJob(6, { workLimit: AMPLE, stallMs: 300 });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(last.stopReason).toBe('stall');
    expect(plan.gap).toBeGreaterThan(0.003);
    expect(last.checkpoints).toBeLessThan(AMPLE / 2);
  });

  it('stops after stallIterations rounds without improvement', async () => {
    const input = rebarJob(6, { workLimit: AMPLE, stallMs: 0, stallIterations: 1 });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(['stall', 'exhausted']).toContain(last.stopReason);
    expect(last.checkpoints).toBeLessThan(AMPLE / 2);
  });

  it('rejects bad stop options', async () => {
    const ok = rebarJob(1);
    const bad = [
      { gapTolerance: -0.1 },
      { gapTolerance: 1 },
      { stallMs: -1 },
      { stallIterations: 1.5 },
      { workLimit: 0 },
    ];
    for (const options of bad) {
      await expect(solveCuttingStock({ ...ok, options: { ...ok.options, ...options } })).rejects.toThrow(
        /gapTolerance|stallMs|stallIterations|workLimit/,
      );
    }
  });
});

describe('progress for a live UI', () => {
  it('reports the first feasible plan and the bound at once, then every improvement, then done', async () => {
    // Seed 7 is never proven: it searches to its limit, reporting as it goes.
    const input = rebarJob(7, { workLimit: 1_000 });
    const { plan, events, plans } = await traced(input);
    const first = events[0]!;
    expect(first.phase).toBe('start');
    expect(first.iteration).toBe(0);
    expect(first.lowerBound).toBeGreaterThan(0);
    expect(first.bars).toBe(plans[0]!.bars);
    expect(first.cost).toBe(plans[0]!.cost);
    expect(first.waste).toEqual(plans[0]!.waste);
    expect(first.gap).toBe(plans[0]!.gap);
    expect(plans[0]!.source).toBe('ffd');
    // Every improved plan is followed by a progress event describing it.
    for (const p of plans) {
      const shown = events.find((e) => e.bestObjective === p.objective && e.bars === p.bars);
      expect(shown).toBeDefined();
    }
    const objectives = events.map((e) => e.bestObjective);
    for (let k = 1; k < objectives.length; k++) expect(objectives[k]).toBeLessThanOrEqual(objectives[k - 1]!);
    const bounds = events.map((e) => e.lowerBound);
    expect(Math.max(...bounds)).toBe(plan.lowerBound);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ phase: 'done', fraction: 1, bestObjective: plan.objective, gap: plan.gap });
    expect(done.stopReason).toBeDefined();
    for (const e of events) {
      expect(e.fraction).toBeGreaterThanOrEqual(0);
      expect(e.fraction).toBeLessThanOrEqual(1);
      if (e.gap !== null) expect(e.gap).toBeCloseTo((e.bestObjective - e.lowerBound) / e.lowerBound, 5);
    }
  });

  it('shows the first plan of a large group (2,500 pieces, 250 lengths) before any LP work', async () => {
    const demand = Array.from({ length: 250 }, (_, k) => ({
      ref: `line ${k}`,
      length: 400 + ((k * 37) % 110) * 100,
      quantity: 10,
    }));
    const input: CuttingInput = {
      stock: [
        { id: '12m', length: 12000, cost: 852 },
        { id: '9m', length: 9000, cost: 656 },
        { id: 'raw 12m', length: 12000, cost: 852, available: 20 },
        { id: 'tail', length: 3000, cost: 0, available: 15, kind: 'tail' },
      ],
      demand,
      options: { objective: 'min_cost', wasteLength: 500, kgPerMeter: 0.888, workLimit: 200 },
    };
    // Before any search work: the plan and the first event come before the first checkpoint of the search.
    let eventsBeforeFirstPlan: number | null = null;
    const events: SolveProgress[] = [];
    const plan = await solveCuttingStock(input, {
      onPlan: () => (eventsBeforeFirstPlan ??= events.length),
      onProgress: (p) => events.push(p),
    });
    expect(eventsBeforeFirstPlan).toBe(0);
    expect(events[0]!.phase).toBe('start');
    expect(events[0]!.checkpoints).toBe(0);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(plan.unplaced).toEqual([]);
  });
});

describe('cancel with an AbortSignal', () => {
  it('in the calling thread: abort from a callback returns the best plan so far', async () => {
    const input = hardOnWork();
    const controller = new AbortController();
    let abortedAt: number | null = null;
    const events: SolveProgress[] = [];
    const plan = await solveCuttingStock(input, {
      signal: controller.signal,
      onProgress: (p) => {
        events.push(p);
        if (p.phase === 'column-generation' && abortedAt === null) {
          abortedAt = p.checkpoints!;
          controller.abort();
        }
      },
    });
    expect(events.at(-1)!.stopReason).toBe('cancelled');
    // Settles at the next checkpoint or two, not at a phase's end.
    expect(events.at(-1)!.checkpoints! - abortedAt!).toBeLessThanOrEqual(2);
    expect(validatePlan(input, plan)).toEqual([]);
  });

  it('in the calling thread: an abort from a timer is seen between phases', async () => {
    const input = hardInstance(60_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1);
    const { plan, last } = await traced(input, controller.signal);
    expect(last.stopReason).toBe('cancelled');
    expect(plan.source).toBe('ffd');
    expect(validatePlan(input, plan)).toEqual([]);
  });

  it('an already aborted signal returns the first feasible plan', async () => {
    const input = rebarJob(3);
    const { plan, last } = await traced(input, AbortSignal.abort());
    expect(last.stopReason).toBe('cancelled');
    expect(plan.source).toBe('ffd');
    expect(validatePlan(input, plan)).toEqual([]);
  });

  it('in a worker job: aborting settles the job quickly with the best plan so far', async () => {
    // Settles because of the abort, far from its work limit (the test's own timeout bounds the wait).
    const input = hardOnWork(100_000);
    const controller = new AbortController();
    const plans: CuttingPlan[] = [];
    const events: SolveProgress[] = [];
    const job = startCuttingJob(input, {
      signal: controller.signal,
      onProgress: (p) => events.push(p),
      onPlan: (p) => {
        plans.push(p);
        controller.abort();
      },
    });
    const plan = await job.result;
    expect(events.at(-1)!.stopReason).toBe('cancelled');
    expect(plans.length).toBeGreaterThan(0);
    expect(plan.objective).toBeLessThanOrEqual(plans[0]!.objective);
    expect(validatePlan(input, plan)).toEqual([]);
  });
});
