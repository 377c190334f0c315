import { describe, expect, it } from 'vitest';
import { seededRandom } from '../core/seeded-random.ts';
import {
  layTruck,
  loadingOrder,
  loadLowerBound,
  moveBundle,
  planLoads,
  type LoadBundle,
  type TruckLimits,
  type TruckLoad,
} from './load-plan.ts';

const truck: TruckLimits = { bedLength: 12_000, maxPayload: 20_000, bays: 4 };
const bundle = (id: string, length: number, weight: number, drop = 1): LoadBundle => ({ id, length, weight, drop });

/** Every limit of every truck, and every carriable bundle on exactly one truck. */
function expectWithinLimits(trucks: TruckLoad[], limits: TruckLimits, bundles: readonly LoadBundle[]) {
  for (const load of trucks) {
    expect(load.bays.length).toBeLessThanOrEqual(limits.bays);
    const weight = load.bays.flat().reduce((sum, b) => sum + b.weight, 0);
    expect(weight).toBeLessThanOrEqual(limits.maxPayload);
    expect(load.weight).toBeCloseTo(weight, 6);
    for (const bay of load.bays)
      expect(bay.reduce((sum, b) => sum + b.length, 0)).toBeLessThanOrEqual(limits.bedLength);
  }
  const loaded = trucks.flatMap((load) => load.bays.flat().map((b) => b.id)).sort();
  expect(loaded).toEqual(bundles.map((b) => b.id).sort());
}

describe('loadLowerBound', () => {
  it('is the highest of the weight, floor-length and long-bundle bounds', () => {
    expect(loadLowerBound([], truck)).toBe(0);
    // 45 t over a 20 t payload: 3 trucks by weight.
    expect(
      loadLowerBound([bundle('a', 1000, 15_000), bundle('b', 1000, 15_000), bundle('c', 1000, 15_000)], truck),
    ).toBe(3);
    // 10 bundles of 10 m: each needs a bay of its own (over half the bed), 4 bays a truck.
    const long = Array.from({ length: 10 }, (_, i) => bundle(`l${i}`, 10_000, 100));
    expect(loadLowerBound(long, truck)).toBe(3);
    // 20 bundles of 5 m: 100 m of floor over 48 m a truck.
    const short = Array.from({ length: 20 }, (_, i) => bundle(`s${i}`, 5000, 100));
    expect(loadLowerBound(short, truck)).toBe(3);
  });
});

describe('planLoads', () => {
  it('refuses a bundle longer than the bed or heavier than the payload, with the reason', () => {
    const plan = planLoads(
      [bundle('ok', 6000, 1000), bundle('long', 12_001, 10), bundle('heavy', 1000, 20_001)],
      truck,
    );
    expect(plan.refused.map((r) => [r.bundle.id, r.reason])).toEqual([
      ['long', 'bedLength'],
      ['heavy', 'payload'],
    ]);
    expect(plan.trucks).toHaveLength(1);
  });

  it('reaches the bound where first-fit decreasing alone would not', () => {
    // In tenths of a truck: first fit decreasing packs 6+4, 5+5, 4+4, 3+3+3, 3 (five trucks); four hold
    // 6+4, 5+5, 4+3+3, 4+3+3.
    const weights = [6, 5, 5, 4, 4, 3, 3, 3, 3, 4].map((w) => w * 2000);
    const bundles = weights.map((w, i) => bundle(`b${i}`, 1000, w));
    expect(planLoads(bundles, truck, { restarts: 1, searchSteps: 0 }).trucks).toHaveLength(5);
    const plan = planLoads(bundles, truck);
    expectWithinLimits(plan.trucks, truck, bundles);
    expect(plan.lowerBound).toBe(4);
    expect(plan.trucks.length).toBe(plan.lowerBound);
  });

  it('stays within every limit and within one truck of the bound on random days', () => {
    const random = seededRandom(7);
    for (let day = 0; day < 20; day++) {
      const bundles = Array.from({ length: 20 + Math.floor(random() * 120) }, (_, i) =>
        bundle(
          `${day}-${i}`,
          500 + Math.floor(random() * 11_500),
          50 + Math.round(random() * 2500),
          1 + Math.floor(random() * 3),
        ),
      );
      const plan = planLoads(bundles, truck, { seed: day });
      expectWithinLimits(plan.trucks, truck, bundles);
      expect(plan.trucks.length - plan.lowerBound).toBeLessThanOrEqual(1);
    }
  });

  it('is the same plan for the same seed', () => {
    const bundles = Array.from({ length: 60 }, (_, i) =>
      bundle(`b${i}`, 1000 + ((i * 7919) % 11_000), 100 + ((i * 104_729) % 2400)),
    );
    const ids = (trucks: TruckLoad[]) => trucks.map((load) => load.bays.map((bay) => bay.map((b) => b.id)));
    expect(ids(planLoads(bundles, truck, { seed: 3 }).trucks)).toEqual(
      ids(planLoads(bundles, truck, { seed: 3 }).trucks),
    );
  });
});

describe('loading order', () => {
  it('loads the last drop first, in every bay and across bays', () => {
    const load = layTruck([bundle('d1', 3000, 100, 1), bundle('d3', 3000, 100, 3), bundle('d2', 3000, 100, 2)], {
      ...truck,
      bays: 1,
    })!;
    expect(load.bays[0]!.map((b) => b.id)).toEqual(['d3', 'd2', 'd1']);
    const wide = layTruck(
      [bundle('a1', 11_000, 100, 1), bundle('b2', 11_000, 100, 2), bundle('c3', 11_000, 100, 3)],
      truck,
    )!;
    expect(loadingOrder(wide).map((b) => b.id)).toEqual(['c3', 'b2', 'a1']);
  });
});

describe('moveBundle', () => {
  const limits: TruckLimits = { bedLength: 12_000, maxPayload: 10_000, bays: 2 };
  const plan = () =>
    [
      layTruck([bundle('a', 6000, 6000), bundle('b', 6000, 3000)], limits)!,
      layTruck([bundle('c', 12_000, 5000), bundle('d', 12_000, 1000)], limits)!,
    ] as TruckLoad[];

  it('moves a bundle to a truck with room, and to a new truck', () => {
    const moved = moveBundle(plan(), 'b', 2, limits);
    if (!('trucks' in moved)) throw new Error('refused');
    expect(
      moved.trucks.map((load) =>
        load.bays
          .flat()
          .map((b) => b.id)
          .sort(),
      ),
    ).toEqual([['a'], ['c', 'd'], ['b']]);
    expect(moved.trucks[0]!.weight).toBe(6000);
  });

  it('refuses over the payload and with no bay long enough, leaving the plan as it was', () => {
    const trucks = plan();
    expect(moveBundle(trucks, 'c', 0, limits)).toEqual({ refused: 'payload' });
    expect(moveBundle(trucks, 'b', 1, limits)).toEqual({ refused: 'bays' });
    expect(trucks[0]!.bays.flat()).toHaveLength(2);
  });

  it('drops a truck left empty', () => {
    const single = [layTruck([bundle('a', 1000, 100)], limits)!, layTruck([bundle('b', 1000, 100)], limits)!];
    const moved = moveBundle(single, 'a', 1, limits);
    expect('trucks' in moved && moved.trucks).toHaveLength(1);
  });
});
