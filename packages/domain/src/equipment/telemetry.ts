import { z } from 'zod';
import { OPERATION_STATUSES } from './equipment-status.ts';

/**
 * The MQTT contract between a machine and Armature (docs/telemetry.md):
 * `armature/v1/{clientCode}/{productCode}/{serialNumber}/{state|counters|alarm}`, JSON payloads.
 */
export const TOPIC_ROOT = 'armature/v1';
export const TELEMETRY_CHANNELS = ['state', 'counters', 'alarm'] as const;
export type TelemetryChannel = (typeof TELEMETRY_CHANNELS)[number];

/** A payload larger than this is bad input, whatever it holds (bytes). */
export const MAX_PAYLOAD_BYTES = 4096;

/** Codes and serial numbers as they may appear in a topic level: no MQTT wildcard or separator. */
const TOPIC_LEVEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export type TelemetryTopic = {
  clientCode: string;
  productCode: string;
  serialNumber: string;
  channel: TelemetryChannel;
};

export function telemetryTopic(parts: Omit<TelemetryTopic, 'channel'>, channel: TelemetryChannel): string {
  return `${machineTopicPrefix(parts)}/${channel}`;
}

/** `armature/v1/{client}/{product}/{serial}`: everything a machine may publish is below it. */
export function machineTopicPrefix({ clientCode, productCode, serialNumber }: Omit<TelemetryTopic, 'channel'>): string {
  return `${TOPIC_ROOT}/${clientCode}/${productCode}/${serialNumber}`;
}

/**
 * The parts of a machine topic `armature/v1/{client}/{product}/{serial}/{channel}` whose channel is one of
 * `channels`, or null when it is not one (wrong root, level count, channel or characters).
 */
export function parseMachineTopic<Channel extends string>(
  topic: string,
  channels: readonly Channel[],
): (Omit<TelemetryTopic, 'channel'> & { channel: Channel }) | null {
  const levels = topic.split('/');
  if (levels.length !== 6 || `${levels[0]}/${levels[1]}` !== TOPIC_ROOT) return null;
  const [, , clientCode, productCode, serialNumber, channel] = levels as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (![clientCode, productCode, serialNumber].every((level) => TOPIC_LEVEL.test(level))) return null;
  if (!(channels as readonly string[]).includes(channel)) return null;
  return { clientCode, productCode, serialNumber, channel: channel as Channel };
}

/** The parts of a telemetry topic, or null when it is not one. */
export function parseTelemetryTopic(topic: string): TelemetryTopic | null {
  return parseMachineTopic(topic, TELEMETRY_CHANNELS);
}

/** Whether a code or serial number can be a topic level (the equipment form checks serial numbers with it). */
export function isTopicLevel(value: string): boolean {
  return TOPIC_LEVEL.test(value);
}

/**
 * A machine's MQTT client id: its user name (serial number), or that followed by `/` and a suffix of its
 * own (`GJW16-2403-0117/plc2`). A broker ends the older connection of a client id that connects again, so
 * a login free to choose any client id could throw another machine off; `/` cannot occur in a serial
 * number, so no serial's ids are a prefix of another's (with `-`, `GJW16` could take `GJW16-2403`'s).
 */
export function isOwnClientId(username: string, clientId: string): boolean {
  return clientId === username || (clientId.startsWith(`${username}/`) && clientId.length > username.length + 1);
}

/** The machine's own clock, ISO 8601 with an offset. */
const timestampSchema = z.iso.datetime({ offset: true });

export const MACHINE_MODES = ['processing', 'setup', 'maintenance'] as const;

/** `…/state`, retained; the last will carries `{ "state": "offline" }` and may omit `ts`. */
export const statePayloadSchema = z.strictObject({
  state: z.enum(OPERATION_STATUSES),
  mode: z.enum(MACHINE_MODES).optional(),
  ts: timestampSchema.optional(),
});
export type StatePayload = z.infer<typeof statePayloadSchema>;

const counterSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `…/counters`: cumulative since the machine's counter was last reset. good + scrap ≤ pieces. */
export const countersPayloadSchema = z
  .strictObject({ pieces: counterSchema, good: counterSchema, scrap: counterSchema, ts: timestampSchema })
  .refine((c) => c.good + c.scrap <= c.pieces, { message: 'good + scrap > pieces', path: ['good'] });
export type CountersPayload = z.infer<typeof countersPayloadSchema>;

export const ALARM_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** `…/alarm`: raised (`active: true`) and cleared (`active: false`) by code. */
export const alarmPayloadSchema = z.strictObject({
  code: z.string().trim().min(1).max(32),
  text: z.string().max(200),
  severity: z.enum(ALARM_SEVERITIES),
  active: z.boolean(),
  ts: timestampSchema,
});
export type AlarmPayload = z.infer<typeof alarmPayloadSchema>;

export const TELEMETRY_PAYLOAD_SCHEMAS = {
  state: statePayloadSchema,
  counters: countersPayloadSchema,
  alarm: alarmPayloadSchema,
} as const;

/** Why a message was dropped; `GET /api/digitalTwin/ingest-stats` counts each. */
export const INGEST_REJECTIONS = [
  'invalidTopic',
  'invalidPayload',
  'unknownEquipment',
  'wrongScope',
  'staleMessage',
] as const;
export type IngestRejection = (typeof INGEST_REJECTIONS)[number];

export type CounterValues = { pieces: number; good: number; scrap: number };

/**
 * What a counters message adds to production since the previous one. A counter lower than before
 * means the machine reset it: what it shows now was made since the reset, never negative production.
 */
export function counterDelta(previous: CounterValues | null, next: CounterValues): CounterValues & { reset: boolean } {
  if (!previous) return { pieces: 0, good: 0, scrap: 0, reset: false };
  const reset = next.pieces < previous.pieces || next.good < previous.good || next.scrap < previous.scrap;
  if (reset) return { ...next, reset };
  return {
    pieces: next.pieces - previous.pieces,
    good: next.good - previous.good,
    scrap: next.scrap - previous.scrap,
    reset,
  };
}
