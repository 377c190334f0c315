import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';
import { isoDateSchema } from '../stock/index.ts';
import { activeAlarmSchema, operationStatusSchema } from './equipment.schema.ts';
import { ALARM_SEVERITIES, INGEST_REJECTIONS, MACHINE_MODES } from './telemetry.ts';

/** OEE with its inputs, as computed by `oeeOf` (ratios 0…1, null when undefined). */
export const oeeSchema = z.object({
  plannedMs: z.number(),
  runMs: z.number(),
  totalPieces: z.number(),
  goodPieces: z.number(),
  idealRate: z.number().nullable(),
  availability: z.number().nullable(),
  performance: z.number().nullable(),
  quality: z.number().nullable(),
  oee: z.number().nullable(),
});

/** The task running on the machine, or null. */
export const twinTaskSchema = z.object({
  id: idSchema,
  code: z.string(),
  done: z.number(),
  total: z.number(),
});

/**
 * Where a machine's job stands on its card, by the machine's last word (docs/telemetry.md "Jobs"):
 * `sent` before any answer, `rejected` when the machine refused it and its task waits for the shift lead.
 */
export const TWIN_JOB_STATES = ['sent', 'accepted', 'started', 'paused', 'rejected'] as const;
export type TwinJobState = (typeof TWIN_JOB_STATES)[number];

/** What a job makes, as a card shows it: a cut job's bar and cuts, a bend job's shapes (legs from its BVBS). */
export const twinJobWorkSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cut'),
    /** Bar length, mm. */
    stockLength: z.number(),
    /** Each bar's cuts in the order the shear makes them. */
    cuts: z.array(z.object({ length: z.number(), count: z.number(), mark: z.string() })),
    /** What is left of each bar: kept as an offcut or scrapped. */
    remainder: z.object({ length: z.number(), action: z.enum(['keep', 'scrap']) }),
  }),
  z.object({
    kind: z.literal('bend'),
    /** One per BVBS record: its mark, cut length (mm, null when unreadable) and legs (mm, signed degrees). */
    shapes: z.array(
      z.object({
        mark: z.string(),
        length: z.number().nullable(),
        legs: z.array(z.object({ length: z.number(), angle: z.number() })),
      }),
    ),
    /** Mandrel diameter, mm; null when the shape does not say. */
    mandrel: z.number().nullable(),
  }),
]);
export type TwinJobWork = z.infer<typeof twinJobWorkSchema>;

/** A job of the machine on its card: the task, what it makes and how far the machine says it got. */
export const twinJobSchema = z.object({
  taskId: idSchema,
  seq: z.number(),
  code: z.string(),
  state: z.enum(TWIN_JOB_STATES),
  grade: z.string(),
  diameter: z.number(),
  work: twinJobWorkSchema,
  /** The machine's cumulative counts: repetitions done (bars cut, pieces bent) of `total`, pieces scrapped. */
  done: z.number(),
  total: z.number(),
  scrap: z.number(),
  /** When the machine last answered about it (null: sent, no answer yet). */
  stateAt: z.string().nullable(),
  /** The machine's reason for a rejected job (null otherwise, or when it gave none). */
  rejection: z.object({ code: z.string(), text: z.string() }).nullable(),
});
export type TwinJob = z.infer<typeof twinJobSchema>;

/** How many queued jobs a card lists; `count` says how many there are in all. */
export const TWIN_QUEUE_SHOWN = 3;

/** The jobs waiting on the machine after its current one, in sequence order (the first TWIN_QUEUE_SHOWN). */
export const twinQueueSchema = z.object({ items: z.array(twinJobSchema), count: z.number() });
export type TwinQueue = z.infer<typeof twinQueueSchema>;

/**
 * A machine's card on the digital-twin board (`GET /api/digitalTwin/board`, and each `card` event of
 * `GET /api/digitalTwin/events`).
 */
export const twinCardSchema = z.object({
  equipmentId: idSchema,
  serialNumber: z.string(),
  name: z.string(),
  spec: z.string(),
  operationStatus: operationStatusSchema,
  mode: z.enum(MACHINE_MODES).nullable(),
  statusSince: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** Pieces per hour over the last 15 minutes. */
  rate: z.number(),
  /** Today (the plant day) so far, over the shifts of its calendar. */
  today: oeeSchema,
  activeAlarm: activeAlarmSchema.nullable(),
  task: twinTaskSchema.nullable(),
  telemetry: z.boolean(),
  /**
   * For a machine that takes jobs over MQTT: the job it runs (started or paused), else the next one it
   * has (sent, accepted), else the job it last rejected while its task still waits; null when none.
   * Optional so that a card of an earlier server still reads (absent: no job known).
   */
  job: twinJobSchema.nullable().optional(),
  /** The jobs after the current one. Optional as `job` is (absent: none known). */
  queue: twinQueueSchema.optional(),
});
export type TwinCard = z.infer<typeof twinCardSchema>;

/** `GET /api/digitalTwin/board`: every machine installed on the caller's current product. */
export const twinBoardSchema = z.object({
  items: z.array(twinCardSchema),
  /** The server's clock, so a browser ages "last seen" without trusting its own. */
  serverTime: z.string(),
  /** The plant day the OEE figures are for. */
  day: isoDateSchema,
});
export type TwinBoard = z.infer<typeof twinBoardSchema>;

/** `GET /api/digitalTwin/equipment/{id}?day=YYYY-MM-DD` (the plant day; today by default). */
export const twinDetailQuerySchema = z.object({ day: isoDateSchema.optional() });

export const stateIntervalSchema = z.object({
  state: operationStatusSchema,
  mode: z.enum(MACHINE_MODES).nullable(),
  from: z.string(),
  /** Null while it lasts. */
  to: z.string().nullable(),
  source: z.enum(['telemetry', 'will', 'manual', 'silence']),
});
export type StateInterval = z.infer<typeof stateIntervalSchema>;

export const alarmRecordSchema = z.object({
  code: z.string(),
  text: z.string(),
  severity: z.enum(ALARM_SEVERITIES),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
});
export type AlarmRecord = z.infer<typeof alarmRecordSchema>;

/** Production per time bucket of the day (pieces made in it, from the counters' deltas). */
export const counterBucketSchema = z.object({
  from: z.string(),
  pieces: z.number(),
  good: z.number(),
  scrap: z.number(),
});

export const shiftOeeSchema = oeeSchema.extend({
  name: z.string(),
  day: isoDateSchema,
  from: z.string(),
  to: z.string(),
});
export type ShiftOee = z.infer<typeof shiftOeeSchema>;

/** The machine detail of the digital twin for one plant day. */
export const twinDetailSchema = z.object({
  card: twinCardSchema,
  day: isoDateSchema,
  timeZone: z.string(),
  dayFrom: z.string(),
  dayTo: z.string(),
  /** State intervals overlapping the day, clipped to it, in time order. */
  intervals: z.array(stateIntervalSchema),
  /** The day's totals, and per 15-minute bucket. */
  counters: z.object({
    pieces: z.number(),
    good: z.number(),
    scrap: z.number(),
    resets: z.number(),
    buckets: z.array(counterBucketSchema),
  }),
  /** Alarms raised that day, or still active, newest first. */
  alarms: z.array(alarmRecordSchema),
  shifts: z.array(shiftOeeSchema),
  /** The day as a whole: sums of the shifts' inputs. */
  dayOee: oeeSchema,
});
export type TwinDetail = z.infer<typeof twinDetailSchema>;

/** `GET /api/digitalTwin/ingest-stats` (admins): what the ingest took and dropped since it was reset. */
export const ingestStatsSchema = z.object({
  received: z.number(),
  accepted: z.number(),
  rejected: z.record(z.enum(INGEST_REJECTIONS), z.number()),
  counterResets: z.number(),
  /** Last rejection per reason: when, topic, and for which serial number when known. */
  lastRejections: z.array(
    z.object({
      reason: z.enum(INGEST_REJECTIONS),
      at: z.string(),
      topic: z.string(),
      serialNumber: z.string().nullable(),
    }),
  ),
  since: z.string().nullable(),
  /** Whether this API process is connected to the broker now. */
  connected: z.boolean(),
  broker: z.enum(['embedded', 'external']),
});
export type IngestStats = z.infer<typeof ingestStatsSchema>;
