import { describe, expect, it } from 'vitest';
import type { ReplanProposal } from './replan.schema.ts';
import { lateDropOf, replanSummary } from './replan-summary.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const move = (asked: boolean) => ({
  taskId: id(1),
  code: 'T1',
  orderCodes: [],
  fromMachineId: id(2),
  fromMachine: 'A',
  fromStart: '2026-12-07T01:00:00.000Z',
  machineId: id(3),
  machine: 'B',
  start: '2026-12-07T02:00:00.000Z',
  end: '2026-12-07T03:00:00.000Z',
  asked,
});
const order = (before: number | null, after: number | null) => ({
  orderId: id(9),
  code: 'O',
  dueDate: null,
  daysLateBefore: before,
  daysLateAfter: after,
  lateDueBefore: null,
  lateDueAfter: null,
});
const machine = (changeovers: [number, number], minutes: [number, number]) => ({
  machineId: id(4),
  machine: 'A',
  changeoversBefore: changeovers[0],
  changeoversAfter: changeovers[1],
  workMinutesBefore: minutes[0],
  workMinutesAfter: minutes[1],
});

describe('replanSummary', () => {
  it('counts moved and pushed work, orders later and sooner, changeovers and machines touched', () => {
    const proposal: ReplanProposal = {
      kind: 'breakdown',
      stamp: 's',
      moves: [move(true), move(true), move(false)],
      unplaced: [{ code: 'T9', reason: 'noEligibleMachine' }],
      orders: [order(0, 2), order(1, 4), order(3, 1), order(0, 0), order(null, 2), order(0, null)],
      machines: [machine([2, 0], [120, 0]), machine([1, 4], [60, 180]), machine([3, 3], [90, 90])],
    };
    expect(replanSummary(proposal)).toEqual({
      moved: 2,
      pushed: 1,
      unplaced: 1,
      // 0 → 2 and 1 → 4 (5 days), and the order whose work finds no place.
      ordersLater: 3,
      daysLater: 5,
      ordersSooner: 1,
      changeovers: 1,
      machines: 2,
    });
  });
});

describe('lateDropOf', () => {
  const base = { ...order(0, 2), dueDate: '2026-12-01' };
  it('names the late drop’s date after the change, else as planned, unless it is the order’s own date', () => {
    expect(lateDropOf({ ...base, lateDueBefore: '2026-12-03', lateDueAfter: '2026-12-05' })).toBe('2026-12-05');
    expect(lateDropOf({ ...base, lateDueBefore: '2026-12-03', lateDueAfter: null })).toBe('2026-12-03');
    expect(lateDropOf({ ...base, lateDueAfter: '2026-12-01' })).toBeNull();
    expect(lateDropOf(base)).toBeNull();
  });
});
