/**
 * `npm run bench:schedule -w @armature/domain`
 * The performance case: auto-scheduling 2,000 jobs (cuts of cutting-plan patterns, and the
 * bending of about half of their order lines) on a plant's 12 machines over 5 days, goal ≤ 2 s. The
 * plant is generated from a fixed seed, so every run schedules the same thing: shear lines and a saw
 * for cutting, CNC and heavy benders and a stirrup bender, all on the default two shifts, Monday to
 * Saturday; 150 orders due over the coming week. Times validating the input and scheduling (the whole
 * of what the API would call), median of several runs, and the check of the result apart. Prints; never
 * writes the docs.
 */
import { autoSchedule, evaluateSchedule, scheduleInputSchema } from '../src/processing/index.ts';
import { generateInput } from './schedule-plant.ts';

const GOAL_MS = 2000;
const RUNS = 7;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const raw = generateInput(1);
const times: number[] = [];
let result = autoSchedule(scheduleInputSchema.parse(raw));
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  result = autoSchedule(scheduleInputSchema.parse(raw));
  times.push(performance.now() - started);
}
const input = scheduleInputSchema.parse(raw);
const evaluateTimes: number[] = [];
let evaluation = evaluateSchedule(input, result.slots);
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  evaluation = evaluateSchedule(input, result.slots);
  evaluateTimes.push(performance.now() - started);
}

const reasons = new Map<string, number>();
for (const { reason } of result.unscheduled) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
const cuts = input.jobs.filter((job) => job.kind === 'cut').length;
const load = result.loads.reduce((sum, l) => sum + l.loadMinutes, 0);
const capacity = result.loads.reduce((sum, l) => sum + l.capacityMinutes, 0);
const late = result.lateness.filter((l) => (l.daysLate ?? 0) > 0).length;
const incomplete = result.lateness.filter((l) => !l.complete).length;
const scheduledMs = median(times);

console.log(
  `## Auto-schedule: ${input.jobs.length} jobs (${cuts} cuts, ${input.jobs.length - cuts} bends), ${input.machines.length} machines, ${input.horizon.days} days`,
);
console.log('');
console.log('| figure | value |');
console.log('| --- | --- |');
console.log(
  `| validate + autoSchedule, median of ${RUNS} (min – max) | ${scheduledMs.toFixed(0)} ms (${Math.min(...times).toFixed(0)} – ${Math.max(...times).toFixed(0)}) |`,
);
console.log(`| ratio to the ${GOAL_MS / 1000} s goal | ${(scheduledMs / GOAL_MS).toFixed(3)} |`);
console.log(`| evaluateSchedule of the result, median | ${median(evaluateTimes).toFixed(0)} ms |`);
console.log(
  `| jobs scheduled / unscheduled | ${input.jobs.length - result.unscheduled.length} / ${result.unscheduled.length} ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')} |`,
);
console.log(
  `| slots (of which setups) | ${result.slots.length} (${result.slots.filter((s) => s.kind === 'setup').length}) |`,
);
console.log(
  `| load / capacity | ${(load / 60).toFixed(0)} h / ${(capacity / 60).toFixed(0)} h (${((100 * load) / capacity).toFixed(1)} %) |`,
);
console.log(
  `| orders late / not complete in the horizon / all | ${late} / ${incomplete} / ${result.lateness.length} |`,
);
console.log(
  `| problems / overloaded machine-days in the result | ${evaluation.problems.length} / ${result.loads.filter((l) => l.overload).length} |`,
);
