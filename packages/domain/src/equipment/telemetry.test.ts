import { describe, expect, it } from 'vitest';
import {
  alarmPayloadSchema,
  counterDelta,
  isOwnClientId,
  countersPayloadSchema,
  machineTopicPrefix,
  parseTelemetryTopic,
  statePayloadSchema,
  telemetryTopic,
} from './telemetry.ts';

describe('a machine’s MQTT client id', () => {
  it('is its user name, or its user name, a slash and a suffix', () => {
    expect(isOwnClientId('GJW16-2403', 'GJW16-2403')).toBe(true);
    expect(isOwnClientId('GJW16-2403', 'GJW16-2403/plc2')).toBe(true);
  });

  it('is nothing else: not another serial that starts with it, nor an empty suffix', () => {
    for (const clientId of ['GJW16-2403-0117', 'GJW16-2403/', 'GJW16', 'gjw16-2403', 'x-GJW16-2403', ''])
      expect(isOwnClientId('GJW16-2403', clientId), clientId).toBe(false);
  });
});

describe('telemetry topics', () => {
  const machine = { clientCode: 'DEMO', productCode: 'LINE1', serialNumber: 'GJW16-2024-0012' };

  it('builds and parses a machine topic', () => {
    const topic = telemetryTopic(machine, 'counters');
    expect(topic).toBe('armature/v1/DEMO/LINE1/GJW16-2024-0012/counters');
    expect(parseTelemetryTopic(topic)).toEqual({ ...machine, channel: 'counters' });
    expect(machineTopicPrefix(machine)).toBe('armature/v1/DEMO/LINE1/GJW16-2024-0012');
  });

  it('refuses what is not a telemetry topic', () => {
    for (const topic of [
      'armature/v1/DEMO/LINE1/SN1',
      'armature/v2/DEMO/LINE1/SN1/state',
      'armature/v1/DEMO/LINE1/SN1/task',
      'armature/v1/DEMO/LINE1/SN1/state/extra',
      'armature/v1/DEMO/+/SN1/state',
      'armature/v1/DEMO/LINE1/#/state',
      'armature/v1//LINE1/SN1/state',
    ]) {
      expect(parseTelemetryTopic(topic), topic).toBeNull();
    }
  });
});

describe('telemetry payloads', () => {
  const ts = '2026-11-23T08:00:00+08:00';

  it('accepts the documented payloads and the last will', () => {
    expect(statePayloadSchema.safeParse({ state: 'running', mode: 'processing', ts }).success).toBe(true);
    expect(statePayloadSchema.safeParse({ state: 'offline' }).success).toBe(true);
    expect(countersPayloadSchema.safeParse({ pieces: 10, good: 9, scrap: 1, ts }).success).toBe(true);
    expect(
      alarmPayloadSchema.safeParse({ code: 'E102', text: 'Blade jam', severity: 'error', active: true, ts }).success,
    ).toBe(true);
  });

  it('refuses unknown states, extra fields, negative or inconsistent counters', () => {
    expect(statePayloadSchema.safeParse({ state: 'exploded', ts }).success).toBe(false);
    expect(statePayloadSchema.safeParse({ state: 'idle', ts, extra: 1 }).success).toBe(false);
    expect(countersPayloadSchema.safeParse({ pieces: -1, good: 0, scrap: 0, ts }).success).toBe(false);
    expect(countersPayloadSchema.safeParse({ pieces: 5, good: 5, scrap: 1, ts }).success).toBe(false);
    expect(countersPayloadSchema.safeParse({ pieces: 1.5, good: 1, scrap: 0, ts }).success).toBe(false);
    expect(countersPayloadSchema.safeParse({ pieces: 5, good: 5, scrap: 0, ts: 'yesterday' }).success).toBe(false);
  });
});

describe('counter deltas', () => {
  it('counts production since the previous message', () => {
    expect(counterDelta(null, { pieces: 100, good: 98, scrap: 2 })).toEqual({
      pieces: 0,
      good: 0,
      scrap: 0,
      reset: false,
    });
    expect(counterDelta({ pieces: 100, good: 98, scrap: 2 }, { pieces: 130, good: 127, scrap: 3 })).toEqual({
      pieces: 30,
      good: 29,
      scrap: 1,
      reset: false,
    });
  });

  it('treats a counter going backwards as a reset, never as negative production', () => {
    expect(counterDelta({ pieces: 5000, good: 4990, scrap: 10 }, { pieces: 12, good: 12, scrap: 0 })).toEqual({
      pieces: 12,
      good: 12,
      scrap: 0,
      reset: true,
    });
  });
});
