import { describe, expect, it } from 'vitest';
import { random, randomInt } from '../bench/random.ts';
import { workClock } from '../src/clock.ts';
import { runColumnGeneration } from '../src/column-generation.ts';
import { acquireHighs, releaseHighs } from '../src/highs-loader.ts';
import { MasterModel, type MasterSolution } from '../src/master-model.ts';
import { buildProblem, knapsackCapacity, pieceWeight, type Problem } from '../src/model.ts';
import { makePattern } from '../src/pattern.ts';

/** 60 lengths, 6,000 pieces: column generation takes long enough for the exchange columns to matter. */
function largeProblem(seed: number): Problem {
  const int = randomInt(random(seed));
  const lengths = new Set<number>();
  while (lengths.size < 60) lengths.add(int(300, 5000));
  return buildProblem({
    stock: [{ length: 12000 }],
    demand: [...lengths].map((length) => ({ length, quantity: 100 })),
    options: { timeLimitMs: 10_000 },
  });
}

async function generate(
  problem: Problem,
  exchanges: 'kept' | 'dropped' | 'dropped after',
  manageColumns = false,
): Promise<MasterSolution & { columns: number }> {
  const highs = await acquireHighs();
  const master = new MasterModel(highs, problem, null);
  try {
    const capacity = knapsackCapacity(problem.stocks[0]!.length, problem);
    problem.items.forEach((item, i) => {
      const copies = Math.min(item.demand, Math.floor(capacity / pieceWeight(item.length, problem)));
      master.add(makePattern(0, new Map([[i, copies]])));
    });
    master.pin();
    const demand = problem.items.map((item) => item.demand);
    const run = (): MasterSolution =>
      // On a work clock with a limit no generation here reaches: it converges however loaded the machine is.
      runColumnGeneration(master, problem, demand, {
        deadline: 1_000_000,
        clock: workClock(),
        shouldStop: () => false,
        manageColumns,
      }).lp;
    if (exchanges === 'dropped') expect(master.dropExchanges()).toBe(true);
    let lp = run();
    if (exchanges === 'dropped after') {
      expect(master.dropExchanges()).toBe(true);
      lp = run();
    }
    expect(lp.optimal).toBe(true);
    if (exchanges !== 'kept') {
      // Without exchange columns the patterns alone cover every piece.
      problem.items.forEach((item, i) => {
        const covered = master.patterns.reduce(
          (sum, p, k) => sum + (lp.patternValues[k] ?? 0) * (p.counts[p.items.indexOf(i)] ?? 0),
          0,
        );
        expect(covered).toBeGreaterThanOrEqual(item.demand - 1e-6);
      });
    }
    return { ...lp, columns: master.patterns.length };
  } finally {
    master.dispose();
    releaseHighs(highs, false);
  }
}

describe('exchange columns (dual-optimal inequalities)', () => {
  it('leave the LP optimum unchanged, and dropping them leaves an LP of patterns only', async () => {
    for (const seed of [3, 17]) {
      const problem = largeProblem(seed);
      const plain = await generate(problem, 'dropped');
      const kept = await generate(problem, 'kept');
      const droppedAfter = await generate(problem, 'dropped after');
      expect(kept.objective).toBeCloseTo(plain.objective, 6);
      expect(droppedAfter.objective).toBeCloseTo(plain.objective, 6);
      // With them the longer piece is worth at least as much as the shorter one.
      const byLength = problem.items.map((item, i) => ({ length: item.length, i })).sort((a, b) => b.length - a.length);
      for (let k = 1; k < byLength.length; k++)
        expect(kept.itemDuals[byLength[k - 1]!.i]!).toBeGreaterThanOrEqual(kept.itemDuals[byLength[k]!.i]! - 1e-9);
    }
  });
});

describe('column management', () => {
  it('deletes columns long out of the basis and still reaches the same LP optimum, of patterns only', async () => {
    for (const seed of [3, 17]) {
      const problem = largeProblem(seed);
      const all = await generate(problem, 'dropped after');
      const managed = await generate(problem, 'dropped after', true);
      expect(managed.objective).toBeCloseTo(all.objective, 6);
      expect(managed.columns).toBeLessThan(all.columns);
    }
  });
});
