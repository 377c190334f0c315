import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextDay, plantInstant } from '../equipment/index.ts';
import { autoSchedule } from './auto-schedule.ts';
import { evaluateSchedule } from './evaluate-schedule.ts';
import { jobDurationMs } from './job-duration.ts';
import { horizonWindows } from './machine-timeline.ts';
import { moveJob } from './move-job.ts';
import { compareCost } from './schedule-objective.ts';
import { optimiseSchedule } from './schedule-optimiser.ts';
import { scheduleInputSchema, type ScheduleInput, type ScheduleSlot } from './schedule.schema.ts';
import { BENDING, CUTTING } from './schedule-test-kit.ts';

// Random plants: a few machines with random techniques, diameter ranges, speeds and calendars (night
// shifts, overlapping shifts, days off), random jobs with due dates, chains and pins, in a zone with
// daylight saving across its changes and in one without.
const ZONES = ['Asia/Shanghai', 'Europe/Paris'];
const FIRST_DAYS = ['2026-11-23', '2026-03-27', '2026-10-23', '2026-12-31'];
const ORDER_IDS = ['O1', 'O2', 'O3'];

const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const shift = fc.record({
  name: fc.constantFrom('A', 'B', 'N'),
  start: clock,
  end: clock,
  weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
});

/** Speeds that give jobs of minutes to hours, so that most of them fit in a few days. */
const band = fc
  .record({
    from: fc.integer({ min: 6, max: 32 }),
    span: fc.integer({ min: 0, max: 40 }),
    unit: fc.constantFrom('piecesPerHour' as const, 'kgPerHour' as const),
    speed: fc.integer({ min: 1, max: 10 }),
  })
  .map(({ from, span, unit, speed }) => ({
    diameterFrom: from,
    diameterTo: Math.min(50, from + span),
    rate: speed * (unit === 'piecesPerHour' ? 60 : 500),
    unit,
  }));

const machine = fc.record({
  techniqueIds: fc.subarray([CUTTING, BENDING], { minLength: 1 }),
  diameterMin: fc.option(fc.integer({ min: 6, max: 16 }), { nil: null }),
  diameterMax: fc.option(fc.integer({ min: 16, max: 40 }), { nil: null }),
  idealRate: fc.option(fc.integer({ min: 60, max: 600 }), { nil: null }),
  throughput: fc.array(band, { maxLength: 3 }),
  shifts: fc.array(shift, { minLength: 1, maxLength: 3 }),
  daysOff: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 2 }),
  changeover: fc.record({
    diameterMinutes: fc.constantFrom(0, 10, 30, 90),
    familyMinutes: fc.constantFrom(0, 20),
    pairs: fc.constantFrom([], [{ from: 10, to: 12, minutes: 5 }]),
  }),
  setUpDiameter: fc.option(fc.constantFrom(10, 12, 16), { nil: null }),
});

const job = fc.record({
  kind: fc.constantFrom('cut' as const, 'bend' as const),
  diameter: fc.constantFrom(8, 10, 12, 16, 20, 25, 32),
  family: fc.constantFrom(null, 'bend', 'link'),
  pieces: fc.integer({ min: 1, max: 300 }),
  weightKg: fc.integer({ min: 1, max: 2000 }),
  orderIds: fc.subarray(ORDER_IDS, { minLength: 1 }),
  // About one job in four waits for another (maybe a later one, or itself), one in eight is pinned.
  after: fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 29 }), weight: 1 },
  ),
  pin: fc.oneof(
    { arbitrary: fc.constant(null), weight: 7 },
    { arbitrary: fc.record({ machine: fc.nat(), hours: fc.integer({ min: -12, max: 24 * 5 }) }), weight: 1 },
  ),
});

const scheduleInput: fc.Arbitrary<ScheduleInput> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    firstDay: fc.constantFrom(...FIRST_DAYS),
    days: fc.integer({ min: 1, max: 4 }),
    machines: fc.array(machine, { minLength: 1, maxLength: 4 }),
    jobs: fc.array(job, { maxLength: 30, size: 'max' }),
    dueDays: fc.array(fc.option(fc.integer({ min: -1, max: 5 }), { nil: null }), { minLength: 3, maxLength: 3 }),
  })
  .map(({ timeZone, firstDay, days, machines, jobs, dueDays }) => {
    const start = plantInstant(firstDay, '00:00', timeZone);
    return scheduleInputSchema.parse({
      horizon: { firstDay, days, timeZone },
      machines: machines.map(({ shifts, daysOff, ...m }, i) => ({
        ...m,
        id: `M${i}`,
        shiftCalendar: { shifts, daysOff: daysOff.map((d) => nextDay(firstDay, d)) },
      })),
      jobs: jobs.map(({ pin, after, ...j }, i) => ({
        ...j,
        id: `J${i}`,
        techniqueId: j.kind === 'cut' ? CUTTING : BENDING,
        grade: 'HRB400E',
        after: after === null ? null : `J${after % jobs.length}`,
        pinned: pin && { machineId: `M${pin.machine % machines.length}`, start: start + pin.hours * 3_600_000 },
      })),
      orders: ORDER_IDS.map((id, i) => ({ id, dueDate: dueDays[i] === null ? null : nextDay(firstDay, dueDays[i]) })),
    });
  });

function workByJob(slots: readonly ScheduleSlot[]): Map<string, ScheduleSlot[]> {
  const byJob = new Map<string, ScheduleSlot[]>();
  for (const slot of slots) if (slot.kind === 'work') byJob.set(slot.jobId, [...(byJob.get(slot.jobId) ?? []), slot]);
  return byJob;
}

describe('autoSchedule on random plants', () => {
  it('places every job once or says why not, on an eligible machine, inside its shifts, never over another, and checks clean', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const result = autoSchedule(input);
        const work = workByJob(result.slots);
        const unscheduled = new Map(result.unscheduled.map((u) => [u.jobId, u.reason]));
        const machines = new Map(input.machines.map((m) => [m.id, m]));

        expect(result.unscheduled).toHaveLength(unscheduled.size);
        for (const job of input.jobs) expect(work.has(job.id)).not.toBe(unscheduled.has(job.id));
        expect(new Set(result.slots.map((s) => s.jobId)).size).toBe(work.size);

        for (const machine of input.machines) {
          const windows = horizonWindows(machine.shiftCalendar, input.horizon);
          const sorted = result.slots.filter((s) => s.machineId === machine.id).sort((a, b) => a.from - b.from);
          sorted.forEach((slot, i) => {
            expect(slot.to).toBeGreaterThan(slot.from);
            expect(windows.some((w) => w.from <= slot.from && slot.to <= w.to)).toBe(true);
            if (i > 0) expect(slot.from).toBeGreaterThanOrEqual(sorted[i - 1]!.to);
          });
        }

        for (const job of input.jobs) {
          const slots = work.get(job.id);
          if (!slots) {
            if (unscheduled.get(job.id) === 'noEligibleMachine') {
              expect(input.machines.every((m) => jobDurationMs(job, m) === null)).toBe(true);
            }
            continue;
          }
          const machineIds = new Set(result.slots.filter((s) => s.jobId === job.id).map((s) => s.machineId));
          expect(machineIds.size).toBe(1);
          const machine = machines.get(slots[0]!.machineId)!;
          const durationMs = jobDurationMs(job, machine);
          expect(durationMs).not.toBeNull();
          expect(slots.reduce((sum, s) => sum + s.to - s.from, 0)).toBe(durationMs);
          const start = Math.min(...slots.map((s) => s.from));
          if (job.pinned) {
            expect(machine.id).toBe(job.pinned.machineId);
            expect(start).toBeGreaterThanOrEqual(job.pinned.start);
          }
          if (job.after !== null) {
            const before = work.get(job.after);
            expect(before).toBeDefined();
            expect(start).toBeGreaterThanOrEqual(Math.max(...before!.map((s) => s.to)));
          }
        }

        // Dropping a job where it already is changes nothing: the board's drag and the schedule agree.
        for (const [jobId, slots] of [...work].slice(0, 3)) {
          const move = { jobId, machineId: slots[0]!.machineId, start: Math.min(...slots.map((s) => s.from)) };
          expect(moveJob(input, result.slots, move)).toEqual(result.slots);
        }

        // Dropping a job onto another one's start is seen: the evaluation is not blind.
        const [first, second] = [...work];
        if (first && second) {
          const [[moved], [under, underSlots]] = [first, second];
          const start = Math.min(...underSlots.map((s) => s.from));
          const dropped = moveJob(input, result.slots, { jobId: moved, machineId: underSlots[0]!.machineId, start });
          // Null when that machine cannot do the moved job, or it does not fit before the horizon ends.
          if (dropped) {
            const overlaps = evaluateSchedule(input, dropped).problems.filter((p) => p.code === 'overlap');
            const pairs = overlaps.map((p) => [p.jobId, p.otherJobId].sort().join());
            expect(pairs).toContain([moved, under].sort().join());
          }
        }

        const evaluation = evaluateSchedule(input, result.slots);
        expect(evaluation.problems).toEqual([]);
        expect(result.loads.filter((l) => l.overload)).toEqual([]);
        expect(evaluation.loads).toEqual(result.loads);
        expect(evaluation.lateness).toEqual(result.lateness);
      }),
      { numRuns: 200 },
    );
    // Two hundred plants take a second or two; the cap leaves room for a machine shared by many.
  }, 30_000);
});

describe('optimiseSchedule on random plants', () => {
  it('answers a schedule that checks clean, leaves out no more jobs, keeps the pins and is never worse', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const list = autoSchedule(input);
        const { result, before, after } = optimiseSchedule(input, { timeLimitMs: 60_000, maxEvaluations: 60 });
        expect(compareCost(after, before)).toBeLessThanOrEqual(0);
        expect(result.unscheduled.length).toBeLessThanOrEqual(list.unscheduled.length);
        const evaluation = evaluateSchedule(input, result.slots);
        expect(evaluation.problems).toEqual([]);
        expect(result.loads.filter((l) => l.overload)).toEqual([]);
        expect(evaluation.lateness).toEqual(result.lateness);
        const work = workByJob(result.slots);
        const unscheduled = new Set(result.unscheduled.map((u) => u.jobId));
        for (const job of input.jobs) expect(work.has(job.id)).not.toBe(unscheduled.has(job.id));
        const listWork = workByJob(list.slots);
        for (const job of input.jobs.filter((j) => j.pinned !== null)) {
          expect(work.get(job.id)).toEqual(listWork.get(job.id));
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
