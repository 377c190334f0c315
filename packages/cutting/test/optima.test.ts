import { describe, expect, it } from 'vitest';
import { solveCuttingStock, solveWithFfd, validatePlan } from '../src/index.ts';
import { fiber5180, fiber9080, vpsolverVsbpp, wikipediaPaper } from './fixtures/instances.ts';

/** A work limit, not a time limit: the proof must not depend on the machine's load (see docs/testing.md). */
const WORK_LIMIT = 20_000;

describe('published optima', () => {
  it.each([
    { name: 'wikipedia paper rolls', input: wikipediaPaper, optimum: 73 },
    { name: 'fibre 5180 mm', input: fiber5180, optimum: 33 },
    { name: 'fibre 9080 mm', input: fiber9080, optimum: 19 },
    { name: 'vpsolver variable-sized (cost)', input: vpsolverVsbpp, optimum: 1280 },
  ])('$name reaches $optimum and proves it', async ({ input, optimum }) => {
    const plan = await solveCuttingStock({ ...input, options: { ...input.options, workLimit: WORK_LIMIT } });
    expect(validatePlan(input, plan)).toEqual([]);
    expect(plan.objective).toBe(optimum);
    expect(plan.provenOptimal).toBe(true);
    expect(plan.status).toBe('optimal');
    expect(plan.lowerBound).toBe(optimum);
    expect(plan.objective).toBeLessThanOrEqual(solveWithFfd(input).objective);
  });

  it('reports lengths, weights and rates consistently', async () => {
    const plan = await solveCuttingStock({ ...fiber5180, options: { kgPerMeter: 0.888, wasteLength: 500 } });
    expect(plan.material.length).toBe(plan.bars * 5180);
    expect(plan.demand.length + plan.tail.length + plan.waste.length).toBe(plan.material.length);
    expect(plan.material.weight).toBeCloseTo((plan.material.length / 1000) * 0.888, 3);
    expect(plan.useRate).toBeCloseTo(plan.demand.length / plan.material.length, 6);
    expect(plan.wasteRate).toBeCloseTo(plan.waste.length / plan.material.length, 6);
    for (const p of plan.patterns) expect(p.offcutKind).toBe(p.offcut >= 500 ? 'tail' : 'waste');
  });
});
