import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TwinBoard, TwinCard } from '@armature/domain';
import { CARD_BATCH_MS, equipmentKeys, twinEventFollower, type LiveBoard } from './equipment.queries.ts';

const SHEAR = '0b9a4f3e-6c1d-4f7a-9a55-2f1f6d3c0a01';
const BENDER = '0b9a4f3e-6c1d-4f7a-9a55-2f1f6d3c0a02';

function card(equipmentId: string, operationStatus: TwinCard['operationStatus']): TwinCard {
  return {
    equipmentId,
    serialNumber: equipmentId.slice(-2),
    name: 'Machine',
    spec: 'Model',
    operationStatus,
    mode: null,
    statusSince: null,
    lastSeen: '2026-11-23T08:00:00.000Z',
    rate: 120,
    today: {
      plannedMs: 3_600_000,
      runMs: 1_800_000,
      totalPieces: 100,
      goodPieces: 98,
      idealRate: 240,
      availability: 0.5,
      performance: 100 / 120,
      quality: 0.98,
      oee: 0.5 * (100 / 120) * 0.98,
    },
    activeAlarm: null,
    task: null,
    telemetry: true,
  };
}

const board: TwinBoard = {
  items: [card(SHEAR, 'running'), card(BENDER, 'idle')],
  serverTime: '2026-11-23T08:00:00.000Z',
  day: '2026-11-23',
};

function cachedBoard(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData<LiveBoard>(equipmentKeys.board(), { ...board, clockOffsetMs: 5000 });
  return queryClient;
}

const read = (queryClient: QueryClient) => queryClient.getQueryData<LiveBoard>(equipmentKeys.board());

describe('the live board', () => {
  it('draws the cards of a batch together, the latest of each machine, keeping the clock offset', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const queryClient = cachedBoard();
    const follower = twinEventFollower(queryClient);
    follower.apply('card', JSON.stringify(card(SHEAR, 'maintenance')));
    follower.apply('card', JSON.stringify(card(BENDER, 'running')));
    follower.apply('card', JSON.stringify(card(SHEAR, 'fault')));
    // Nothing is drawn until the batch ends.
    vi.advanceTimersByTime(CARD_BATCH_MS - 1);
    expect(read(queryClient)?.items.map((item) => item.operationStatus)).toEqual(['running', 'idle']);
    vi.advanceTimersByTime(1);
    expect(read(queryClient)?.items.map((item) => item.operationStatus)).toEqual(['fault', 'running']);
    expect(read(queryClient)?.clockOffsetMs).toBe(5000);
  });

  it('drops the waiting cards when a board snapshot arrives or the page stops following', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-23T08:00:00.000Z'));
    const queryClient = cachedBoard();
    const follower = twinEventFollower(queryClient);
    follower.apply('card', JSON.stringify(card(SHEAR, 'fault')));
    follower.apply('board', JSON.stringify(board));
    vi.advanceTimersByTime(CARD_BATCH_MS);
    expect(read(queryClient)?.items.map((item) => item.operationStatus)).toEqual(['running', 'idle']);
    follower.apply('card', JSON.stringify(card(BENDER, 'fault')));
    follower.stop();
    vi.advanceTimersByTime(CARD_BATCH_MS);
    expect(read(queryClient)?.items.map((item) => item.operationStatus)).toEqual(['running', 'idle']);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a board snapshot whole, with the server clock’s lead measured again', () => {
    const queryClient = cachedBoard();
    // The local clock is set, so the lead is exact rather than "about zero" on a slow machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-23T08:00:00.000Z'));
    twinEventFollower(queryClient).apply(
      'board',
      JSON.stringify({ ...board, items: [card(BENDER, 'maintenance')], serverTime: '2026-11-23T08:00:07.250Z' }),
    );
    expect(read(queryClient)?.items.map((item) => item.equipmentId)).toEqual([BENDER]);
    expect(read(queryClient)!.clockOffsetMs).toBe(7250);
  });

  it('ignores malformed data and events it does not know', () => {
    const queryClient = cachedBoard();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const follower = twinEventFollower(queryClient);
    follower.apply('card', '{not json');
    follower.apply('card', JSON.stringify({ equipmentId: SHEAR, operationStatus: 'exploded' }));
    follower.apply('heartbeat', JSON.stringify(card(SHEAR, 'fault')));
    vi.advanceTimersByTime(CARD_BATCH_MS);
    expect(read(queryClient)?.items.map((item) => item.operationStatus)).toEqual(['running', 'idle']);
  });
});
