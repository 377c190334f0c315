/**
 * `npm run bench:schedule -w @armature/domain`
 * Issue 14's performance case: auto-scheduling 2,000 jobs (cuts of cutting-plan patterns, and the
 * bending of about half of their order lines) on a plant's 12 machines over 5 days, goal ≤ 2 s. The
 * plant is generated from a fixed seed, so every run schedules the same thing: shear lines and a saw
 * for cutting, CNC and heavy benders and a stirrup bender, all on the default two shifts, Monday to
 * Saturday; 150 orders due over the coming week. Times validating the input and scheduling (the whole
 * of what the API would call), median of several runs, and the check of the result apart. Prints; never
 * writes the docs.
 */
import { DEFAULT_SHIFT_CALENDAR, nextDay } from '../src/equipment/index.ts';
import { nominalUnitWeight } from '../src/master-data/index.ts';
import {
  autoSchedule,
  evaluateSchedule,
  scheduleInputSchema,
  type ScheduleJobInput,
  type ScheduleMachineInput,
} from '../src/processing/index.ts';

const GOAL_MS = 2000;
const RUNS = 7;
const JOBS = 2000;
const ORDERS = 150;
const FIRST_DAY = '2026-11-23';
const CUT = '00000000-0000-4000-8000-000000000c07';
const BEND = '00000000-0000-4000-8000-000000000be0';

/** mulberry32: the same sequence on every platform, so the generated plant never changes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How often each diameter comes up in a plant's orders: the middle sizes most. */
const DIAMETER_MIX: [number, number][] = [
  [8, 8],
  [10, 12],
  [12, 16],
  [14, 10],
  [16, 14],
  [18, 8],
  [20, 10],
  [22, 6],
  [25, 8],
  [28, 4],
  [32, 4],
];

function machine(
  id: string,
  name: string,
  techniqueId: string,
  range: [number, number],
  bands: ScheduleMachineInput['throughput'],
): ScheduleMachineInput {
  return {
    id,
    name,
    techniqueIds: [techniqueId],
    diameterMin: range[0],
    diameterMax: range[1],
    idealRate: null,
    throughput: bands,
    shiftCalendar: DEFAULT_SHIFT_CALENDAR,
    changeoverMinutes: techniqueId === CUT ? 10 : 20,
  };
}

const pcs = (diameterFrom: number, diameterTo: number, rate: number) => ({
  diameterFrom,
  diameterTo,
  rate,
  unit: 'piecesPerHour' as const,
});

const MACHINES: ScheduleMachineInput[] = [
  machine('shear-16a', 'GJW-16 shear line A', CUT, [6, 16], [pcs(6, 12, 420), pcs(14, 16, 320)]),
  machine('shear-16b', 'GJW-16 shear line B', CUT, [6, 16], [pcs(6, 12, 420), pcs(14, 16, 320)]),
  machine('shear-32a', 'GJW-32 shear line A', CUT, [12, 32], [pcs(12, 20, 260), pcs(22, 32, 160)]),
  machine('shear-32b', 'GJW-32 shear line B', CUT, [12, 32], [pcs(12, 20, 260), pcs(22, 32, 160)]),
  machine('saw', 'Saw line', CUT, [16, 50], [pcs(16, 32, 140), pcs(36, 50, 60)]),
  machine('cnc-1', 'CNC bending centre 1', BEND, [6, 16], [pcs(6, 12, 220), pcs(14, 16, 160)]),
  machine('cnc-2', 'CNC bending centre 2', BEND, [6, 16], [pcs(6, 12, 220), pcs(14, 16, 160)]),
  machine('cnc-3', 'CNC bending centre 3', BEND, [6, 16], [pcs(6, 12, 220), pcs(14, 16, 160)]),
  machine('heavy-1', 'Heavy bender 1', BEND, [12, 32], [pcs(12, 20, 110), pcs(22, 32, 60)]),
  machine('heavy-2', 'Heavy bender 2', BEND, [12, 32], [pcs(12, 20, 110), pcs(22, 32, 60)]),
  machine('heavy-3', 'Heavy bender 3', BEND, [12, 32], [pcs(12, 20, 110), pcs(22, 32, 60)]),
  machine(
    'stirrup',
    'Stirrup bender',
    BEND,
    [6, 12],
    [{ diameterFrom: 6, diameterTo: 12, rate: 900, unit: 'kgPerHour' }],
  ),
];

function generateInput(seed: number) {
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const totalWeight = DIAMETER_MIX.reduce((sum, [, w]) => sum + w, 0);
  const diameter = () => {
    let pick = rnd() * totalWeight;
    for (const [d, w] of DIAMETER_MIX) if ((pick -= w) < 0) return d;
    return 12;
  };
  // Due over the coming week, some already overdue, a few without a date.
  const orders = Array.from({ length: ORDERS }, (_, i) => ({
    id: `O${i}`,
    code: `DO-${1000 + i}`,
    dueDate: rnd() < 0.05 ? null : nextDay(FIRST_DAY, int(-1, 7)),
  }));
  const jobs: ScheduleJobInput[] = [];
  while (jobs.length < JOBS) {
    const d = diameter();
    const perBar = int(1, 6);
    const bars = int(5, 40);
    const pieces = perBar * bars;
    const pieceLength = int(800, 11_000 / perBar) / 1000;
    const orderIds = [...new Set(Array.from({ length: int(1, 3) }, () => `O${int(0, ORDERS - 1)}`))];
    const cut = `cut-${jobs.length}`;
    const weightKg = Math.round(pieces * pieceLength * nominalUnitWeight(d) * 10) / 10;
    jobs.push({
      id: cut,
      kind: 'cut',
      label: `pattern ×${bars}`,
      techniqueId: CUT,
      diameter: d,
      grade: 'HRB400E',
      pieces,
      weightKg,
      orderIds,
    });
    // About half the lines are bent; a bend serves one order and waits for its cut.
    if (jobs.length < JOBS && d <= 32 && rnd() < 0.55) {
      const bent = Math.max(1, Math.round(pieces * (0.3 + 0.7 * rnd())));
      jobs.push({
        id: `bend-${jobs.length}`,
        kind: 'bend',
        label: `bend ${bent}`,
        techniqueId: BEND,
        diameter: d,
        grade: 'HRB400E',
        pieces: bent,
        weightKg: Math.round((weightKg * bent * 10) / pieces) / 10,
        orderIds: [orderIds[0]!],
        after: cut,
      });
    }
  }
  return { horizon: { firstDay: FIRST_DAY, days: 5, timeZone: 'Asia/Shanghai' }, machines: MACHINES, jobs, orders };
}

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
