import { describe, expect, it } from 'vitest';
import type { TwinBoard, TwinCard } from './digital-twin.schema.ts';
import { clockOffsetMs, elapsedSinceMs, stateCounts, timelineSegments, withCards } from './twin-view.ts';

const today = {
  plannedMs: 0,
  runMs: 0,
  totalPieces: 0,
  goodPieces: 0,
  idealRate: null,
  availability: null,
  performance: null,
  quality: null,
  oee: null,
};

function card(equipmentId: string, operationStatus: TwinCard['operationStatus']): TwinCard {
  return {
    equipmentId,
    serialNumber: `SN-${equipmentId}`,
    name: 'Shear',
    spec: 'GJW-16',
    operationStatus,
    mode: null,
    statusSince: null,
    lastSeen: null,
    rate: 0,
    today,
    activeAlarm: null,
    task: null,
    telemetry: true,
  };
}

describe('the twin board', () => {
  it('counts the cards of every state, zero for the absent ones', () => {
    expect(stateCounts([card('a', 'running'), card('b', 'fault'), card('c', 'running')])).toEqual({
      running: 2,
      idle: 0,
      fault: 1,
      offline: 0,
      maintenance: 0,
    });
  });

  it('replaces cards in place, the last of a machine winning, and adds a machine it did not show', () => {
    const board: TwinBoard = {
      items: [card('a', 'running'), card('b', 'idle')],
      serverTime: '2026-11-23T08:00:00Z',
      day: '2026-11-23',
    };
    const faulted = withCards(board, [card('a', 'maintenance'), card('a', 'fault')]);
    expect(faulted.items.map((item) => [item.equipmentId, item.operationStatus])).toEqual([
      ['a', 'fault'],
      ['b', 'idle'],
    ]);
    expect(board.items[0]!.operationStatus).toBe('running');
    expect(withCards(board, [card('c', 'idle')]).items.map((item) => item.equipmentId)).toEqual(['a', 'b', 'c']);
  });

  it('ages a time by the server clock, whatever the browser clock says', () => {
    // The browser's clock is 2 minutes behind the server's.
    const offset = clockOffsetMs('2026-11-23T08:02:00Z', Date.parse('2026-11-23T08:00:00Z'));
    expect(offset).toBe(120_000);
    expect(elapsedSinceMs('2026-11-23T08:01:55Z', Date.parse('2026-11-23T08:00:10Z'), offset)).toBe(15_000);
    expect(elapsedSinceMs('2026-11-23T09:00:00Z', Date.parse('2026-11-23T08:00:00Z'), offset)).toBe(0);
    expect(elapsedSinceMs(null, 0, offset)).toBeNull();
  });
});

describe('the state timeline', () => {
  const dayFrom = '2026-11-22T16:00:00.000Z';
  const dayTo = '2026-11-23T16:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('covers the span with the states, the unknown gaps and merged repeats', () => {
    const segments = timelineSegments(
      [
        { state: 'running', mode: null, from: '2026-11-23T00:00:00Z', to: '2026-11-23T02:00:00Z' },
        { state: 'running', mode: null, from: '2026-11-23T02:00:00Z', to: '2026-11-23T03:00:00Z' },
        { state: 'fault', mode: null, from: '2026-11-23T04:00:00Z', to: '2026-11-23T05:00:00Z' },
      ],
      dayFrom,
      dayTo,
      at('2026-11-24T00:00:00Z'),
    );
    expect(segments).toEqual([
      { state: null, mode: null, from: at(dayFrom), to: at('2026-11-23T00:00:00Z') },
      { state: 'running', mode: null, from: at('2026-11-23T00:00:00Z'), to: at('2026-11-23T03:00:00Z') },
      { state: null, mode: null, from: at('2026-11-23T03:00:00Z'), to: at('2026-11-23T04:00:00Z') },
      { state: 'fault', mode: null, from: at('2026-11-23T04:00:00Z'), to: at('2026-11-23T05:00:00Z') },
      { state: null, mode: null, from: at('2026-11-23T05:00:00Z'), to: at(dayTo) },
    ]);
  });

  it('ends today at now: an open interval lasts until it, later records are not drawn', () => {
    const now = at('2026-11-23T06:00:00Z');
    const segments = timelineSegments(
      [
        { state: 'idle', mode: 'setup', from: '2026-11-22T10:00:00Z', to: '2026-11-23T01:00:00Z' },
        { state: 'running', mode: 'processing', from: '2026-11-23T01:00:00Z', to: null },
      ],
      dayFrom,
      dayTo,
      now,
    );
    expect(segments).toEqual([
      { state: 'idle', mode: 'setup', from: at(dayFrom), to: at('2026-11-23T01:00:00Z') },
      { state: 'running', mode: 'processing', from: at('2026-11-23T01:00:00Z'), to: now },
    ]);
    expect(segments.reduce((sum, segment) => sum + segment.to - segment.from, 0)).toBe(now - at(dayFrom));
  });

  it('is empty for a day that has not begun', () => {
    expect(timelineSegments([], dayFrom, dayTo, at('2026-11-20T00:00:00Z'))).toEqual([]);
  });
});
