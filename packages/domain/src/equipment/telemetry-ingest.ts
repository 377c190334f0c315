import type { OperationStatus } from './equipment-status.ts';
import {
  counterDelta,
  type AlarmPayload,
  type CounterValues,
  type CountersPayload,
  type StatePayload,
} from './telemetry.ts';

/**
 * How the ingest folds a machine's validated messages into its live state, and which it drops as
 * `staleMessage` (docs/telemetry.md, "Bad input"). Times are epoch milliseconds; `now` and `lastSeen`
 * are the server's clock, `ts` the machine's.
 */

/** A timestamp further ahead of the server's clock than this is not believed. */
export const FUTURE_TOLERANCE_MS = 60_000;
/**
 * A message older than the machine's last message by more than this is not placed in its history: a
 * clock far behind, or a buffer replayed after a long outage. Within it, a gateway's buffered messages
 * (sent in order after a reconnection) still land where they belong.
 */
export const PAST_TOLERANCE_MS = 60 * 60_000;
/**
 * More production than this between two counters messages is no production but a counter replaced or
 * garbled: the new values become the baseline, as after a reset (and the delta fits the samples' integers).
 */
export const MAX_COUNTER_STEP = 2_147_483_647;
/** A machine with credentials that sends nothing for this long is offline (`silence`). */
export const SILENCE_AFTER_MS = 3 * 60_000;

export type StateSource = 'telemetry' | 'will' | 'manual' | 'silence';

export type LiveMachine = {
  state: OperationStatus;
  mode: string | null;
  since: number | null;
  /**
   * Who started the current state: `telemetry` when `since` is the machine's own time, so a state it
   * sent earlier can be placed before it; null when unknown (no state yet).
   */
  stateSource: StateSource | null;
  lastSeen: number | null;
  counters: CounterValues | null;
  countersAt: number | null;
};

export type TelemetryMessage =
  | { channel: 'state'; payload: StatePayload; retained: boolean }
  | { channel: 'counters'; payload: CountersPayload; retained: boolean }
  | { channel: 'alarm'; payload: AlarmPayload; retained: boolean };

export type TelemetryEffect =
  /** The open interval ends at `at` and one of `state`/`mode` starts. */
  | { kind: 'state'; state: OperationStatus; mode: string | null; at: number; source: StateSource }
  | { kind: 'counters'; at: number; values: CounterValues; delta: CounterValues; reset: boolean }
  /**
   * A counters sample older than the newest stored (processes sharing the broker's deliveries write in
   * any order): stored in its place, its delta and its successor's taken from its neighbours (`sampleDelta`).
   */
  | { kind: 'lateCounters'; at: number; values: CounterValues }
  /** A state the machine sent before its current one began: it goes into the history, the live state stays. */
  | { kind: 'lateState'; state: OperationStatus; mode: string | null; at: number }
  | { kind: 'alarm'; at: number; alarm: AlarmPayload }
  /** Nothing to store but that the machine was heard from (a repeated state). */
  | { kind: 'none' };

/**
 * What a counters sample adds to the one before it in the machine's time: a counter that went back
 * is a reset (what it shows was made since), and a step past MAX_COUNTER_STEP a new baseline.
 */
export function sampleDelta(
  previous: CounterValues | null,
  values: CounterValues,
): { delta: CounterValues; reset: boolean } {
  const { reset: wentBack, ...counted } = counterDelta(previous, values);
  const jumped = Object.values(counted).some((step) => step > MAX_COUNTER_STEP);
  return { delta: jumped ? { pieces: 0, good: 0, scrap: 0 } : counted, reset: wentBack || jumped };
}

export type FoldResult = { rejected: 'staleMessage' } | { live: LiveMachine; effect: TelemetryEffect };

/**
 * One message applied to a machine's live state. A state message without `ts` is the broker's last
 * will when it says offline (a will is written when the machine connects, so it can carry no time);
 * otherwise it takes the server's time. A retained message is the broker's memory, not the machine
 * speaking: it does not count as seen, and one that repeats the live state is no news.
 */
export function foldTelemetry(live: LiveMachine, message: TelemetryMessage, now: number): FoldResult {
  const ts = message.payload.ts === undefined ? null : Date.parse(message.payload.ts);
  const at = ts ?? now;
  if (ts !== null && ts > now + FUTURE_TOLERANCE_MS) return { rejected: 'staleMessage' };
  const seen = message.retained ? live.lastSeen : now;

  if (message.channel === 'state') {
    const { state } = message.payload;
    const mode = message.payload.mode ?? null;
    const unchanged = state === live.state && mode === live.mode;
    if (message.retained && unchanged) return { live, effect: { kind: 'none' } };
    if (ts !== null && ts < (live.lastSeen ?? now) - PAST_TOLERANCE_MS) return { rejected: 'staleMessage' };
    const will = ts === null && state === 'offline';
    const lastSeen = will ? live.lastSeen : seen;
    // Older than the machine's own start of its current state: sent before it, delivered after it.
    if (ts !== null && live.stateSource === 'telemetry' && live.since !== null && ts < live.since)
      return { live: { ...live, lastSeen }, effect: { kind: 'lateState', state, mode, at: ts } };
    if (unchanged) return { live: { ...live, lastSeen }, effect: { kind: 'none' } };
    // The timeline is never rewritten: a change stamped before the current state began starts when it did.
    const start = Math.max(at, live.since ?? at);
    const source = will ? 'will' : 'telemetry';
    return {
      live: { ...live, state, mode, since: start, stateSource: source, lastSeen },
      effect: { kind: 'state', state, mode, at: start, source },
    };
  }

  if (at < (live.lastSeen ?? now) - PAST_TOLERANCE_MS) return { rejected: 'staleMessage' };

  if (message.channel === 'counters') {
    const { pieces, good, scrap } = message.payload;
    const values = { pieces, good, scrap };
    // The newest sample sent again (QoS 1 delivers at least once): stored already.
    if (at === live.countersAt) return { live: { ...live, lastSeen: seen }, effect: { kind: 'none' } };
    // Cumulative values out of order would read as a reset against the newest: placed among the stored ones instead.
    if (live.countersAt !== null && at < live.countersAt)
      return { live: { ...live, lastSeen: seen }, effect: { kind: 'lateCounters', at, values } };
    const { delta, reset } = sampleDelta(live.counters, values);
    return {
      live: { ...live, counters: values, countersAt: at, lastSeen: seen },
      effect: { kind: 'counters', at, values, delta, reset },
    };
  }

  return { live: { ...live, lastSeen: seen }, effect: { kind: 'alarm', at, alarm: message.payload } };
}
