import { OPERATION_STATUSES, type OperationStatus } from './equipment-status.ts';
import type { StateInterval, TwinBoard, TwinCard } from './digital-twin.schema.ts';

/**
 * What the digital-twin screens compute from the API's answers: the board kept current by live card
 * events, its state counts, a day's timeline as contiguous segments, and clocks aged against the server's.
 */

/** How many cards are in each state (every state present, zero when none). */
export function stateCounts(cards: readonly Pick<TwinCard, 'operationStatus'>[]): Record<OperationStatus, number> {
  const counts = Object.fromEntries(OPERATION_STATUSES.map((state) => [state, 0])) as Record<OperationStatus, number>;
  for (const card of cards) counts[card.operationStatus] += 1;
  return counts;
}

/**
 * The board with the machines' cards replaced by newer ones (`card` events), in place; a machine the
 * board did not show yet (installed meanwhile) is added at the end. Of several cards of one machine,
 * the last wins.
 */
export function withCards(board: TwinBoard, cards: readonly TwinCard[]): TwinBoard {
  const newer = new Map(cards.map((card) => [card.equipmentId, card]));
  const items = board.items.map((item) => {
    const card = newer.get(item.equipmentId);
    newer.delete(item.equipmentId);
    return card ?? item;
  });
  return { ...board, items: [...items, ...newer.values()] };
}

/**
 * How far the server's clock is ahead of the browser's (ms), from an answer's `serverTime` read at
 * `localNow`: "last seen 5 s ago" is then aged by the browser's clock without trusting its setting.
 */
export function clockOffsetMs(serverTime: string, localNow: number): number {
  return Date.parse(serverTime) - localNow;
}

/** Milliseconds since `time` on the server's clock (never negative), or null when there is no time. */
export function elapsedSinceMs(time: string | null, localNow: number, offsetMs: number): number | null {
  if (time === null) return null;
  return Math.max(0, localNow + offsetMs - Date.parse(time));
}

/** A stretch of the day's timeline: a state, or null where nothing is known (before the first record). */
export type TimelineSegment = { state: OperationStatus | null; mode: StateInterval['mode']; from: number; to: number };

/**
 * A day's state intervals as contiguous segments over [dayFrom, end), end being the day's end or, for
 * today, `now`: intervals are clipped to it, an open interval lasts until it, and the gaps between
 * records are segments of unknown state, so the segments' lengths add up to the shown span.
 */
export function timelineSegments(
  intervals: readonly Pick<StateInterval, 'state' | 'mode' | 'from' | 'to'>[],
  dayFrom: string,
  dayTo: string,
  now: number,
): TimelineSegment[] {
  const start = Date.parse(dayFrom);
  const end = Math.min(Date.parse(dayTo), Math.max(start, now));
  const segments: TimelineSegment[] = [];
  let reach = start;
  const sorted = [...intervals].sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  for (const interval of sorted) {
    const from = Math.max(Date.parse(interval.from), reach);
    const to = Math.min(interval.to === null ? end : Date.parse(interval.to), end);
    if (to <= from) continue;
    if (from > reach) segments.push({ state: null, mode: null, from: reach, to: from });
    const last = segments.at(-1);
    // Two records of the same state one after the other are one stretch on the chart.
    if (last && last.state === interval.state && last.mode === interval.mode && last.to === from) last.to = to;
    else segments.push({ state: interval.state, mode: interval.mode, from, to });
    reach = to;
  }
  if (reach < end) segments.push({ state: null, mode: null, from: reach, to: end });
  return segments;
}
