import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';
import type { Localized } from '../core/i18n/locales.ts';
import {
  DEFAULT_CHANGEOVER_MATRIX,
  MAX_MACHINE_DIAMETER,
  changeoverMatrixSchema,
  shiftCalendarSchema,
  throughputBandSchema,
} from '../equipment/index.ts';
import { isoDateSchema } from '../stock/index.ts';

/**
 * The contract of scheduling: what the API hands `autoSchedule` and `evaluateSchedule` (jobs, machines,
 * the horizon) and what they answer (slots on machines, what could not be placed, lateness, load). All
 * instants are UTC milliseconds; days are plant days (`YYYY-MM-DD`) in the horizon's time zone.
 */

/** Most days one schedule spans: a schedule is for the coming days, the board shows them side by side. */
export const MAX_HORIZON_DAYS = 31;

export const SCHEDULE_JOB_KINDS = ['cut', 'bend'] as const;
export type ScheduleJobKind = (typeof SCHEDULE_JOB_KINDS)[number];

/**
 * One unit of work a machine does in one go: `cut`, a pattern of an approved cutting plan (a stock bar
 * cut into pieces, × its repetitions), or `bend`, bending the pieces of one order line. Its duration
 * follows from `pieces` or `weightKg`, whichever the machine's throughput for the diameter counts.
 */
export const scheduleJobSchema = z.object({
  id: z.string().min(1).max(100),
  kind: z.enum(SCHEDULE_JOB_KINDS),
  /** What the board writes on the job (`CP20261121-0001 #3 ×12`). */
  label: z.string().max(200).default(''),
  techniqueId: idSchema,
  diameter: z.number().int().min(4).max(MAX_MACHINE_DIAMETER),
  grade: z.string().max(40),
  /** A bend job's tool family (`toolFamilyOf` its shape); null for a cut job: a change costs setup time. */
  family: z
    .string()
    .max(20)
    .nullish()
    .transform((v) => v ?? null),
  /** Pieces produced (a cut job: pieces per bar × repetitions). */
  pieces: z.number().int().min(1),
  weightKg: z.number().positive(),
  /** The orders it serves (the earliest due date among them, for the lines it makes, is the job's). */
  orderIds: z.array(z.string().min(1)).min(1),
  orderLineIds: z.array(idSchema).default([]),
  /** A job that may only start once this one has ended (a bend after the cut of its pieces). */
  after: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  /** Placed by hand on the board: on this machine, from this instant (or the next shift time after it). */
  pinned: z
    .object({ machineId: z.string().min(1), start: z.number().int() })
    .nullish()
    .transform((v) => v ?? null),
});
export type ScheduleJob = z.infer<typeof scheduleJobSchema>;
export type ScheduleJobInput = z.input<typeof scheduleJobSchema>;

/** A machine as scheduling sees it: the equipment's plant fields, with its changeover matrix. */
export const scheduleMachineSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  techniqueIds: z.array(idSchema),
  /** Null: no limit known on that side. */
  diameterMin: z.number().int().nullable(),
  diameterMax: z.number().int().nullable(),
  /** Pieces per hour, for diameters no throughput band covers; null: only the bands count. */
  idealRate: z.number().positive().nullable(),
  throughput: z.array(throughputBandSchema),
  shiftCalendar: shiftCalendarSchema,
  /** Setup time charged between consecutive jobs that differ (diameter, tool family), in shift time. */
  changeover: changeoverMatrixSchema.default(DEFAULT_CHANGEOVER_MATRIX),
  /** The diameter the machine is set up for when the horizon starts; null: unknown, no changeover charged. */
  setUpDiameter: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
});
export type ScheduleMachine = z.infer<typeof scheduleMachineSchema>;
export type ScheduleMachineInput = z.input<typeof scheduleMachineSchema>;

export const scheduleHorizonSchema = z.object({
  firstDay: isoDateSchema,
  days: z.number().int().min(1).max(MAX_HORIZON_DAYS),
  /** The plant's IANA time zone (`Asia/Shanghai`): its shifts and days are in this clock. */
  timeZone: z.string().min(1),
});
export type ScheduleHorizon = z.infer<typeof scheduleHorizonSchema>;

export const scheduleOrderSchema = z.object({
  id: z.string().min(1),
  code: z.string().default(''),
  /** The demand order's `demandDate` (its earliest drop's); null: no due date. */
  dueDate: isoDateSchema.nullable(),
  /**
   * Each line's own date, by order line id, when the order's drops fall on more than one day: the date of
   * the drop carrying the line's mark. A line not named here is due on `dueDate`.
   */
  lineDueDates: z.record(z.string().min(1), isoDateSchema).default({}),
});
export type ScheduleOrder = z.infer<typeof scheduleOrderSchema>;

/** Jobs, machines and orders are each named by their id, so an id appears once in its list. */
export const scheduleInputSchema = z
  .object({
    horizon: scheduleHorizonSchema,
    machines: z.array(scheduleMachineSchema),
    jobs: z.array(scheduleJobSchema),
    orders: z.array(scheduleOrderSchema),
  })
  .superRefine((input, ctx) => {
    for (const list of ['machines', 'jobs', 'orders'] as const) {
      const seen = new Set<string>();
      input[list].forEach((item, index) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: [list, index, 'id'] });
        seen.add(item.id);
      });
    }
  });
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** `work` is the job itself; `setup` is the changeover before it, on the same machine. */
export const SLOT_KINDS = ['work', 'setup'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

/**
 * A piece of a job on a machine, inside one shift window: a job runs without interruption except for
 * the time between shifts, so a job crossing a break or a shift change is several slots, and no other
 * job runs between them.
 */
export const scheduleSlotSchema = z
  .object({
    jobId: z.string().min(1),
    machineId: z.string().min(1),
    kind: z.enum(SLOT_KINDS),
    from: z.number().int(),
    to: z.number().int(),
  })
  .refine((slot) => slot.to > slot.from, { message: 'rangeOrder', path: ['to'] });
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

/**
 * Why a job got no slot: no machine has its technique, diameter and a throughput for it; it does not
 * fit in the shifts before the horizon ends; its predecessor (`after`) is unknown, unscheduled or in a
 * cycle; it is pinned to a machine that cannot do it.
 */
export const UNSCHEDULED_REASONS = ['noEligibleMachine', 'beyondHorizon', 'dependency', 'pinnedIneligible'] as const;
export type UnscheduledReason = (typeof UNSCHEDULED_REASONS)[number];

export const unscheduledJobSchema = z.object({ jobId: z.string(), reason: z.enum(UNSCHEDULED_REASONS) });
export type UnscheduledJob = z.infer<typeof unscheduledJobSchema>;

/**
 * An order's finish against its due date. `finishDay` is the plant day its last job ends, null while
 * a job of it has no slot (then `complete` is false and lateness unknown); `daysLate` is 0 when on time
 * and null without a due date or a finish.
 */
export const orderLatenessSchema = z.object({
  orderId: z.string(),
  dueDate: z.string().nullable(),
  finishDay: z.string().nullable(),
  complete: z.boolean(),
  daysLate: z.number().int().nullable(),
});
export type OrderLateness = z.infer<typeof orderLatenessSchema>;

/** A machine's planned work on a plant day against the length of its shifts that day. */
export const machineDayLoadSchema = z.object({
  machineId: z.string(),
  day: z.string(),
  capacityMinutes: z.number(),
  loadMinutes: z.number(),
  overload: z.boolean(),
});
export type MachineDayLoad = z.infer<typeof machineDayLoadSchema>;

export const autoScheduleResultSchema = z.object({
  slots: z.array(scheduleSlotSchema),
  unscheduled: z.array(unscheduledJobSchema),
  lateness: z.array(orderLatenessSchema),
  loads: z.array(machineDayLoadSchema),
});
export type AutoScheduleResult = z.infer<typeof autoScheduleResultSchema>;

/**
 * What is wrong with a schedule changed by hand (the board shows it in red): a slot of an unknown job
 * or machine, on a machine that cannot do the job, over another slot, outside the machine's shifts; a
 * job whose work does not last what the machine needs for it, spread over machines, started before
 * its predecessor ended, or without its changeover time after a job of another diameter.
 */
export const SCHEDULE_PROBLEMS = [
  'unknownJob',
  'unknownMachine',
  'ineligibleMachine',
  'overlap',
  'outsideShift',
  'wrongDuration',
  'severalMachines',
  'dependency',
  'noChangeoverTime',
] as const;
export type ScheduleProblemCode = (typeof SCHEDULE_PROBLEMS)[number];

export const scheduleProblemSchema = z.object({
  code: z.enum(SCHEDULE_PROBLEMS),
  jobId: z.string(),
  machineId: z.string().nullable(),
  /** The other job involved: the one overlapped, the predecessor, the job before the changeover. */
  otherJobId: z.string().nullable(),
});
export type ScheduleProblem = z.infer<typeof scheduleProblemSchema>;

export const scheduleEvaluationSchema = z.object({
  problems: z.array(scheduleProblemSchema),
  lateness: z.array(orderLatenessSchema),
  loads: z.array(machineDayLoadSchema),
});
export type ScheduleEvaluation = z.infer<typeof scheduleEvaluationSchema>;

export const UNSCHEDULED_REASON_LABELS: Readonly<Record<UnscheduledReason, Localized>> = {
  noEligibleMachine: { 'zh-CN': '无可用设备', 'en-US': 'No eligible machine', 'fr-FR': 'Aucune machine adaptée' },
  beyondHorizon: {
    'zh-CN': '超出排程期',
    'en-US': 'Does not fit in the horizon',
    'fr-FR': 'Hors de l’horizon',
  },
  dependency: {
    'zh-CN': '前序任务未排',
    'en-US': 'Predecessor not scheduled',
    'fr-FR': 'Tâche préalable non planifiée',
  },
  pinnedIneligible: {
    'zh-CN': '指定设备不适用',
    'en-US': 'Pinned to an unsuitable machine',
    'fr-FR': 'Fixée sur une machine inadaptée',
  },
};

export const SCHEDULE_PROBLEM_LABELS: Readonly<Record<ScheduleProblemCode, Localized>> = {
  unknownJob: { 'zh-CN': '未知作业', 'en-US': 'Unknown job', 'fr-FR': 'Travail inconnu' },
  unknownMachine: { 'zh-CN': '未知设备', 'en-US': 'Unknown machine', 'fr-FR': 'Machine inconnue' },
  ineligibleMachine: {
    'zh-CN': '设备工艺或直径不符',
    'en-US': 'Machine cannot do this job',
    'fr-FR': 'Machine inadaptée à ce travail',
  },
  overlap: { 'zh-CN': '与其他作业重叠', 'en-US': 'Overlaps another job', 'fr-FR': 'Chevauche un autre travail' },
  outsideShift: { 'zh-CN': '超出班次时间', 'en-US': 'Outside the shifts', 'fr-FR': 'Hors des postes' },
  wrongDuration: {
    'zh-CN': '时长与设备产能不符',
    'en-US': 'Duration does not match the machine',
    'fr-FR': 'Durée incohérente avec la machine',
  },
  severalMachines: {
    'zh-CN': '分布在多台设备',
    'en-US': 'Spread over several machines',
    'fr-FR': 'Répartie sur plusieurs machines',
  },
  dependency: {
    'zh-CN': '早于前序作业结束',
    'en-US': 'Starts before its predecessor ends',
    'fr-FR': 'Commence avant la fin de la tâche préalable',
  },
  noChangeoverTime: {
    'zh-CN': '换型时间不足',
    'en-US': 'No time for the changeover',
    'fr-FR': 'Pas de temps pour le changement',
  },
};
