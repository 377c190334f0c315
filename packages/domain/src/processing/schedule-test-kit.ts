// Builders for the scheduling tests: a plant in Shanghai (no daylight saving, UTC+8), machines that
// make one piece a minute on one 08:00–16:00 shift, Monday to Saturday, and a week from Monday
// 2026-11-23. Each test overrides only what it is about.
import { plantInstant } from '../equipment/index.ts';
import {
  scheduleInputSchema,
  scheduleJobSchema,
  scheduleMachineSchema,
  type ScheduleInput,
  type ScheduleJob,
  type ScheduleJobInput,
  type ScheduleMachine,
  type ScheduleMachineInput,
  type ScheduleSlot,
} from './schedule.schema.ts';

export const TIME_ZONE = 'Asia/Shanghai';
export const MONDAY = '2026-11-23';
export const CUTTING = '00000000-0000-4000-8000-00000000c017';
export const BENDING = '00000000-0000-4000-8000-0000000be4d0';
export const DAY_SHIFT = { name: 'A', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5, 6] };

/** The instant a Shanghai clock shows `time` on `day`. */
export const at = (day: string, time: string): number => plantInstant(day, time, TIME_ZONE);

export function testMachine(overrides: Partial<ScheduleMachineInput> = {}): ScheduleMachine {
  return scheduleMachineSchema.parse({
    id: 'M1',
    techniqueIds: [CUTTING],
    diameterMin: 6,
    diameterMax: 32,
    idealRate: null,
    throughput: [{ diameterFrom: 6, diameterTo: 32, rate: 60, unit: 'piecesPerHour' }],
    shiftCalendar: { shifts: [DAY_SHIFT], daysOff: [] },
    changeover: { diameterMinutes: 15 },
    ...overrides,
  });
}

/** A cut of Φ12 for order `O1`: 60 pieces, an hour on a test machine. */
export function testJob(overrides: Partial<ScheduleJobInput> = {}): ScheduleJob {
  return scheduleJobSchema.parse({
    id: 'J1',
    kind: 'cut',
    techniqueId: CUTTING,
    diameter: 12,
    grade: 'HRB400E',
    pieces: 60,
    weightKg: 50,
    orderIds: ['O1'],
    ...overrides,
  });
}

export function testInput(parts: {
  machines?: ScheduleMachine[];
  jobs: ScheduleJob[];
  orders?: { id: string; dueDate: string | null; lineDueDates?: Record<string, string> }[];
  days?: number;
}): ScheduleInput {
  const orderIds = [...new Set(parts.jobs.flatMap((job) => job.orderIds))];
  return scheduleInputSchema.parse({
    horizon: { firstDay: MONDAY, days: parts.days ?? 5, timeZone: TIME_ZONE },
    machines: parts.machines ?? [testMachine()],
    jobs: parts.jobs,
    orders: parts.orders ?? orderIds.map((id) => ({ id, dueDate: null })),
  });
}

/** A slot in Shanghai clock times, for expectations and hand-made schedules. */
export function slot(
  jobId: string,
  machineId: string,
  day: string,
  from: string,
  to: string,
  kind: ScheduleSlot['kind'] = 'work',
  toDay = day,
): ScheduleSlot {
  return { jobId, machineId, kind, from: at(day, from), to: at(toDay, to) };
}
