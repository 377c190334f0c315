import { describe, expect, it } from 'vitest';
import {
  foldTelemetry,
  sampleDelta,
  FUTURE_TOLERANCE_MS,
  MAX_COUNTER_STEP,
  PAST_TOLERANCE_MS,
  type LiveMachine,
} from './telemetry-ingest.ts';

const NOW = Date.parse('2026-11-22T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const fresh: LiveMachine = {
  state: 'offline',
  mode: null,
  since: null,
  stateSource: null,
  lastSeen: null,
  counters: null,
  countersAt: null,
};

describe('folding telemetry into a machine’s live state', () => {
  it('starts a state at its timestamp and records the machine as seen now', () => {
    const result = foldTelemetry(
      fresh,
      { channel: 'state', payload: { state: 'running', mode: 'processing', ts: iso(NOW - 1000) }, retained: false },
      NOW,
    );
    expect(result).toEqual({
      live: {
        ...fresh,
        state: 'running',
        mode: 'processing',
        since: NOW - 1000,
        stateSource: 'telemetry',
        lastSeen: NOW,
      },
      effect: { kind: 'state', state: 'running', mode: 'processing', at: NOW - 1000, source: 'telemetry' },
    });
  });

  it('takes an offline state without a timestamp as the last will, at the server’s time, not as seen', () => {
    const live = { ...fresh, state: 'running' as const, since: NOW - 60_000, lastSeen: NOW - 5000 };
    const result = foldTelemetry(live, { channel: 'state', payload: { state: 'offline' }, retained: false }, NOW);
    expect(result).toEqual({
      live: { ...live, state: 'offline', mode: null, since: NOW, stateSource: 'will' },
      effect: { kind: 'state', state: 'offline', mode: null, at: NOW, source: 'will' },
    });
  });

  it('never starts a state before the current one began (clocks differ), and repeats change nothing', () => {
    const live = { ...fresh, state: 'offline' as const, since: NOW - 1000, lastSeen: NOW - 1000 };
    const back = foldTelemetry(
      live,
      { channel: 'state', payload: { state: 'idle', ts: iso(NOW - 3000) }, retained: false },
      NOW,
    );
    expect(back).toMatchObject({ effect: { kind: 'state', at: NOW - 1000 } });
    const same = foldTelemetry(
      { ...live, state: 'idle' },
      { channel: 'state', payload: { state: 'idle', ts: iso(NOW) }, retained: false },
      NOW,
    );
    expect(same).toEqual({ live: { ...live, state: 'idle', lastSeen: NOW }, effect: { kind: 'none' } });
  });

  it('ignores the broker’s retained copy of the state it knows, and drops an old different one', () => {
    const live = { ...fresh, state: 'running' as const, since: NOW - 2 * 3_600_000, lastSeen: NOW - 1000 };
    const known = foldTelemetry(
      live,
      { channel: 'state', payload: { state: 'running', ts: iso(NOW - 2 * 3_600_000) }, retained: true },
      NOW,
    );
    expect(known).toEqual({ live, effect: { kind: 'none' } });
    const old = foldTelemetry(
      live,
      { channel: 'state', payload: { state: 'fault', ts: iso(NOW - 2 * 3_600_000) }, retained: true },
      NOW,
    );
    expect(old).toEqual({ rejected: 'staleMessage' });
  });

  it('turns cumulative counters into deltas; a counter going backwards is a reset, never negative', () => {
    const first = foldTelemetry(
      fresh,
      { channel: 'counters', payload: { pieces: 100, good: 98, scrap: 2, ts: iso(NOW - 2000) }, retained: false },
      NOW,
    );
    expect(first).toMatchObject({ effect: { delta: { pieces: 0, good: 0, scrap: 0 }, reset: false } });
    const live = 'live' in first ? first.live : fresh;
    const next = foldTelemetry(
      live,
      { channel: 'counters', payload: { pieces: 110, good: 107, scrap: 3, ts: iso(NOW - 1000) }, retained: false },
      NOW,
    );
    expect(next).toMatchObject({ effect: { delta: { pieces: 10, good: 9, scrap: 1 }, reset: false } });
    const reset = foldTelemetry(
      'live' in next ? next.live : live,
      { channel: 'counters', payload: { pieces: 4, good: 4, scrap: 0, ts: iso(NOW) }, retained: false },
      NOW,
    );
    expect(reset).toMatchObject({ effect: { delta: { pieces: 4, good: 4, scrap: 0 }, reset: true } });
    const jump = foldTelemetry(
      live,
      {
        channel: 'counters',
        payload: { pieces: MAX_COUNTER_STEP + 200, good: 98, scrap: 2, ts: iso(NOW) },
        retained: false,
      },
      NOW,
    );
    expect(jump).toMatchObject({ effect: { delta: { pieces: 0, good: 0, scrap: 0 }, reset: true } });
  });

  it('places a state sent before the machine’s current one in the history, keeping the live state', () => {
    const live = {
      ...fresh,
      state: 'running' as const,
      since: NOW - 1000,
      stateSource: 'telemetry' as const,
      lastSeen: NOW - 500,
    };
    const late = foldTelemetry(
      live,
      { channel: 'state', payload: { state: 'idle', ts: iso(NOW - 3000) }, retained: false },
      NOW,
    );
    expect(late).toEqual({
      live: { ...live, lastSeen: NOW },
      effect: { kind: 'lateState', state: 'idle', mode: null, at: NOW - 3000 },
    });
  });

  it('places counters older than the newest among the stored ones, and takes the newest sent twice as stored', () => {
    const live = {
      ...fresh,
      counters: { pieces: 50, good: 50, scrap: 0 },
      countersAt: NOW - 1000,
      lastSeen: NOW - 900,
    };
    const counters = (ts: number) =>
      foldTelemetry(
        live,
        { channel: 'counters', payload: { pieces: 40, good: 40, scrap: 0, ts: iso(ts) }, retained: false },
        NOW,
      );
    expect(counters(NOW - 2000)).toEqual({
      live: { ...live, lastSeen: NOW },
      effect: { kind: 'lateCounters', at: NOW - 2000, values: { pieces: 40, good: 40, scrap: 0 } },
    });
    expect(counters(NOW - 1000)).toEqual({ live: { ...live, lastSeen: NOW }, effect: { kind: 'none' } });
    // A late sample's neighbours: what it adds to the one before, and the one after to it.
    expect(sampleDelta({ pieces: 30, good: 29, scrap: 1 }, { pieces: 40, good: 39, scrap: 1 })).toEqual({
      delta: { pieces: 10, good: 10, scrap: 0 },
      reset: false,
    });
    expect(sampleDelta({ pieces: 40, good: 39, scrap: 1 }, { pieces: 3, good: 3, scrap: 0 })).toEqual({
      delta: { pieces: 3, good: 3, scrap: 0 },
      reset: true,
    });
  });

  it('drops timestamps beyond the tolerances', () => {
    const live = { ...fresh, counters: { pieces: 5, good: 5, scrap: 0 }, countersAt: NOW - 1000, lastSeen: NOW };
    const counters = (ts: number) =>
      foldTelemetry(
        live,
        { channel: 'counters', payload: { pieces: 6, good: 6, scrap: 0, ts: iso(ts) }, retained: false },
        NOW,
      );
    expect(counters(NOW + FUTURE_TOLERANCE_MS + 1)).toEqual({ rejected: 'staleMessage' });
    expect(counters(NOW + FUTURE_TOLERANCE_MS)).toHaveProperty('effect.kind', 'counters');
    const alarm = (ts: number) =>
      foldTelemetry(
        live,
        {
          channel: 'alarm',
          payload: { code: 'E1', text: 'Jam', severity: 'error', active: true, ts: iso(ts) },
          retained: false,
        },
        NOW,
      );
    expect(alarm(NOW - PAST_TOLERANCE_MS - 1)).toEqual({ rejected: 'staleMessage' });
    expect(alarm(NOW - PAST_TOLERANCE_MS)).toHaveProperty('effect.kind', 'alarm');
  });
});
