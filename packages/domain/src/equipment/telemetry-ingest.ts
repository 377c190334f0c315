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
  | { kind: 'alarm'; at: number; alarm: AlarmPayload }
  /** Nothing to store but that the machine was heard from (a repeated state). */
  | { kind: 'none' };

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
    if (unchanged) return { live: { ...live, lastSeen }, effect: { kind: 'none' } };
    // The timeline is never rewritten: a change stamped before the current state began starts when it did.
    const start = Math.max(at, live.since ?? at);
    return {
      live: { ...live, state, mode, since: start, lastSeen },
      effect: { kind: 'state', state, mode, at: start, source: will ? 'will' : 'telemetry' },
    };
  }

  if (at < (live.lastSeen ?? now) - PAST_TOLERANCE_MS) return { rejected: 'staleMessage' };

  if (message.channel === 'counters') {
    // Cumulative counters out of order (or sent twice) would read as a reset: dropped.
    if (live.countersAt !== null && at <= live.countersAt) return { rejected: 'staleMessage' };
    const { pieces, good, scrap } = message.payload;
    const values = { pieces, good, scrap };
    const { reset: wentBack, ...counted } = counterDelta(live.counters, values);
    const jumped = Object.values(counted).some((step) => step > MAX_COUNTER_STEP);
    const reset = wentBack || jumped;
    const delta = jumped ? { pieces: 0, good: 0, scrap: 0 } : counted;
    return {
      live: { ...live, counters: values, countersAt: at, lastSeen: seen },
      effect: { kind: 'counters', at, values, delta, reset },
    };
  }

  return { live: { ...live, lastSeen: seen }, effect: { kind: 'alarm', at, alarm: message.payload } };
}
