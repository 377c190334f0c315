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
