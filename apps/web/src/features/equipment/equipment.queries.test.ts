import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TwinBoard, TwinCard } from '@armature/domain';
import { applyTwinEvent, equipmentKeys, type LiveBoard } from './equipment.queries.ts';

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
  it('replaces the machine’s card on a card event, keeping the clock offset', () => {
    const queryClient = cachedBoard();
    applyTwinEvent(queryClient, 'card', JSON.stringify(card(SHEAR, 'fault')));
    expect(read(queryClient)?.items.map((item) => item.operationStatus)).toEqual(['fault', 'idle']);
    expect(read(queryClient)?.clockOffsetMs).toBe(5000);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a board snapshot whole, with the server clock’s lead measured again', () => {
    const queryClient = cachedBoard();
    // The local clock is set, so the lead is exact rather than "about zero" on a slow machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-23T08:00:00.000Z'));
    applyTwinEvent(
      queryClient,
      'board',
      JSON.stringify({ ...board, items: [card(BENDER, 'maintenance')], serverTime: '2026-11-23T08:00:07.250Z' }),
    );
    expect(read(queryClient)?.items.map((item) => item.equipmentId)).toEqual([BENDER]);
    expect(read(queryClient)!.clockOffsetMs).toBe(7250);
  });

  it('ignores malformed data and events it does not know', () => {
    const queryClient = cachedBoard();
    applyTwinEvent(queryClient, 'card', '{not json');
    applyTwinEvent(queryClient, 'card', JSON.stringify({ equipmentId: SHEAR, operationStatus: 'exploded' }));
    applyTwinEvent(queryClient, 'heartbeat', JSON.stringify(card(SHEAR, 'fault')));
    expect(read(queryClient)?.items.map((item) => item.operationStatus)).toEqual(['running', 'idle']);
  });
});
