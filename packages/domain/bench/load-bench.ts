/**
 * `npm run bench:loads`
 * The load-plan case: 50 generated delivery days of 20–200 bundles (`load-plant.ts`), each planned
 * onto the bench's truck. Per day, trucks used against the lower bound (the weight, the floor-length and
 * the long-bundle bounds, `loadLowerBound`) and the time `planLoads` took; every plan is checked against
 * the limits. Goal: within one truck of the bound on every day, each day in ≤ 2 s. Prints; never writes
 * the docs.
 */
import { loadLowerBound, planLoads } from '../src/processing/load-plan.ts';
import { BENCH_TRUCK, generateDay } from './load-plant.ts';

const DAYS = 50;
const GOAL_MS = 2000;
const truck = BENCH_TRUCK;
const rows: { bundles: number; trucks: number; bound: number; ms: number }[] = [];
for (let day = 1; day <= DAYS; day++) {
  const bundles = generateDay(day);
  const started = performance.now();
  const plan = planLoads(bundles, truck, { seed: day });
  const ms = performance.now() - started;
  const loaded = plan.trucks.flatMap((load) => load.bays.flat());
  if (loaded.length + plan.refused.length !== bundles.length) throw new Error(`day ${day}: bundles lost`);
  for (const load of plan.trucks) {
    const weight = load.bays.flat().reduce((sum, b) => sum + b.weight, 0);
    if (weight > truck.maxPayload + 1e-9) throw new Error(`day ${day}: payload exceeded`);
    if (load.bays.length > truck.bays) throw new Error(`day ${day}: too many bays`);
    for (const bay of load.bays)
      if (bay.reduce((sum, b) => sum + b.length, 0) > truck.bedLength) throw new Error(`day ${day}: bay too long`);
  }
  rows.push({ bundles: bundles.length, trucks: plan.trucks.length, bound: loadLowerBound(bundles, truck), ms });
}

const gaps = new Map<number, number>();
for (const row of rows) gaps.set(row.trucks - row.bound, (gaps.get(row.trucks - row.bound) ?? 0) + 1);
const times = rows.map((row) => row.ms).sort((a, b) => a - b);
const worstGap = Math.max(...gaps.keys());
const slowest = times.at(-1)!;
console.log(
  `## Load plans: ${DAYS} days, ${rows.reduce((s, r) => s + r.bundles, 0)} bundles, truck ${truck.bedLength} mm × ${truck.bays} bays, ${truck.maxPayload} kg`,
);
console.log('');
console.log('| figure | value |');
console.log('| --- | --- |');
console.log(
  `| trucks used / lower bound, all days | ${rows.reduce((s, r) => s + r.trucks, 0)} / ${rows.reduce((s, r) => s + r.bound, 0)} |`,
);
console.log(
  `| days by trucks over the bound | ${[...gaps]
    .sort((a, b) => a[0] - b[0])
    .map(([gap, days]) => `+${gap}: ${days}`)
    .join(', ')} |`,
);
console.log(
  `| planLoads per day: median, slowest | ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, ${slowest.toFixed(1)} ms |`,
);
console.log(
  `| goal (≤ 1 over the bound, ≤ ${GOAL_MS / 1000} s, every day) | ${worstGap <= 1 && slowest <= GOAL_MS ? 'met' : 'missed'} |`,
);
