/**
 * Issue 12's optimizer side: the gap tolerance and stall stops, progress for a live UI (bound, best plan, gap,
 * first plan at once) and cancelling with an AbortSignal. Generous time checks only: the machine may be loaded.
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
    const input = rebarJob(16, { gapTolerance: 0.003, timeLimitMs: 60_000 });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(last.stopReason === 'gap' || last.stopReason === 'proven').toBe(true);
    expect(plan.gap).toBeLessThanOrEqual(0.003);
    expect(plan.elapsedMs).toBeLessThan(30_000);
  });

  it('honours a looser tolerance: FFD within 50 % of the material bound ends the solve before any LP', async () => {
    const input = rebarJob(16, { gapTolerance: 0.5, timeLimitMs: 60_000 });
    const { plan, last, events } = await traced(input);
    expect(last.stopReason).toBe('gap');
    expect(plan.source).toBe('ffd');
    expect(events.some((e) => e.phase === 'column-generation')).toBe(false);
  });

  it('by default searches on (no gap or stall stop) and finds a plan at least as good as with 0.3 %', async () => {
    const fast = await traced(rebarJob(16, { gapTolerance: 0.003, timeLimitMs: 60_000 }));
    // Seed 16 runs out of columns and improvements within a few seconds when searched to the end.
    const full = await traced(rebarJob(16, { timeLimitMs: 30_000 }));
    expect(full.last.stopReason).not.toBe('gap');
    expect(full.last.stopReason).not.toBe('stall');
    expect(full.plan.objective).toBeLessThanOrEqual(fast.plan.objective);
    expect(full.plan.elapsedMs).toBeLessThan(30_000);
  });

  // Seed 6 stays about 1 % above its bound: with a tolerance it ends on a stall, by default only the limit ends it.
  it('by default ends a plan it cannot prove at the time limit, not on a stall', async () => {
    const input = rebarJob(6, { timeLimitMs: 3_000 });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(last.stopReason).toBe('time');
    expect(plan.provenOptimal).toBe(false);
  });

  // Issue 39: column generation cut off at half the limit (200 lengths and 2,400 pieces, in 3 s on a loaded machine) left no time
  // to re-solve the master without its exchange columns, and the search ended on FFD's plan with half its time unused.
  it('rounds the LP column generation reached when it ran out of its time, and searches on', async () => {
    const [group] = generatePlan(2000, 8, 1);
    const input = { ...group!.input, options: { ...group!.input.options, timeLimitMs: 6_000 } };
    const { plan, events } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(plan.source).not.toBe('ffd');
    expect(events.some((e) => e.phase === 'integer')).toBe(true);
  });

  it('a positive gapTolerance brings the stall stop back unless stallMs says otherwise', async () => {
    const input = rebarJob(6, { gapTolerance: 0.003, timeLimitMs: 60_000 });
    const { plan, last } = await traced(input);
    expect(last.stopReason).toBe('stall');
    expect(plan.gap).toBeGreaterThan(0.003);
    expect(plan.elapsedMs).toBeLessThan(30_000);
  });

  // Seed 6: stays about 1 % above its bound; only a stall (or the time limit) ends it.
  it('stops when neither plan nor bound improves for stallMs', async () => {
    const input = rebarJob(6, { timeLimitMs: 60_000, stallMs: 300 });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(last.stopReason).toBe('stall');
    expect(plan.gap).toBeGreaterThan(0.003);
    expect(plan.elapsedMs).toBeLessThan(30_000);
  });

  it('stops after stallIterations rounds without improvement', async () => {
    const input = rebarJob(6, { timeLimitMs: 60_000, stallMs: 0, stallIterations: 1 });
    const { plan, last } = await traced(input);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(['stall', 'exhausted']).toContain(last.stopReason);
    expect(plan.elapsedMs).toBeLessThan(30_000);
  });

  it('rejects bad stop options', async () => {
    const ok = rebarJob(1);
    for (const options of [{ gapTolerance: -0.1 }, { gapTolerance: 1 }, { stallMs: -1 }, { stallIterations: 1.5 }]) {
      await expect(solveCuttingStock({ ...ok, options: { ...ok.options, ...options } })).rejects.toThrow(
        /gapTolerance|stallMs|stallIterations/,
      );
    }
  });
});

describe('progress for a live UI', () => {
  it('reports the first feasible plan and the bound at once, then every improvement, then done', async () => {
    // Seed 7 is never proven: it searches to its limit, reporting as it goes.
    const input = rebarJob(7, { timeLimitMs: 3_000 });
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
      options: { objective: 'min_cost', wasteLength: 500, kgPerMeter: 0.888, timeLimitMs: 2_000 },
    };
    const started = Date.now();
    let firstAt: number | null = null;
    const events: SolveProgress[] = [];
    const plan = await solveCuttingStock(input, {
      onPlan: () => (firstAt ??= Date.now() - started),
      onProgress: (p) => events.push(p),
    });
    expect(firstAt).not.toBeNull();
    expect(firstAt!).toBeLessThan(1_000);
    expect(events[0]!.phase).toBe('start');
    expect(events[0]!.elapsedMs).toBeLessThan(1_000);
    expect(validatePlan(input, plan)).toEqual([]);
    expect(plan.unplaced).toEqual([]);
  });
});

describe('cancel with an AbortSignal', () => {
  it('in the calling thread: abort from a callback returns the best plan so far', async () => {
    const input = hardInstance(60_000);
    const controller = new AbortController();
    const started = Date.now();
    const events: SolveProgress[] = [];
    const plan = await solveCuttingStock(input, {
      signal: controller.signal,
      onProgress: (p) => {
        events.push(p);
        if (p.phase === 'column-generation') controller.abort();
      },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(events.at(-1)!.stopReason).toBe('cancelled');
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
    const input = hardInstance(60_000);
    const controller = new AbortController();
    const started = Date.now();
    const plans: CuttingPlan[] = [];
    const job = startCuttingJob(input, {
      signal: controller.signal,
      onPlan: (p) => {
        plans.push(p);
        controller.abort();
      },
    });
    const plan = await job.result;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(plans.length).toBeGreaterThan(0);
    expect(plan.objective).toBeLessThanOrEqual(plans[0]!.objective);
    expect(validatePlan(input, plan)).toEqual([]);
  });
});
