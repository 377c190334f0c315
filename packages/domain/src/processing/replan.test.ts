import { describe, expect, it } from 'vitest';
import { replan, replanCost, type Placement } from './replan.ts';
import { MONDAY, at, testInput, testJob, testMachine } from './schedule-test-kit.ts';

const TUESDAY = '2026-11-24';
/** A line of order O1 (line ids are UUIDs). */
const O1_L2 = '00000000-0000-4000-8000-000000000012';
const placed = (jobId: string, machineId: string, from: string, to: string, day = MONDAY): Placement => ({
  jobId,
  machineId,
  start: at(day, from),
  end: at(day, to),
});

describe('replan', () => {
  const machines = [testMachine({ id: 'M1' }), testMachine({ id: 'M2' })];

  it('moves a broken machine’s queue into the time the others leave, and touches nothing else', () => {
    const input = testInput({
      machines,
      jobs: [
        testJob({ id: 'A', orderIds: ['O1'] }),
        testJob({ id: 'B', orderIds: ['O2'] }),
        testJob({ id: 'C', orderIds: ['O3'] }),
      ],
      orders: [
        { id: 'O1', dueDate: MONDAY },
        { id: 'O2', dueDate: MONDAY },
        { id: 'O3', dueDate: MONDAY },
      ],
    });
    const result = replan({
      input,
      placements: [
        placed('A', 'M1', '08:00', '09:00'),
        placed('B', 'M1', '09:00', '10:00'),
        placed('C', 'M2', '08:00', '09:00'),
      ],
      moving: ['A', 'B'],
      locked: [],
      priority: 'fill',
      machineIds: ['M2'],
      notBefore: at(MONDAY, '08:30'),
    });
    // C keeps its hour; A and B follow it on M2, same diameter, so no changeover.
    expect(result.moves).toEqual([
      {
        jobId: 'A',
        fromMachineId: 'M1',
        fromStart: at(MONDAY, '08:00'),
        machineId: 'M2',
        start: at(MONDAY, '09:00'),
        end: at(MONDAY, '10:00'),
      },
      {
        jobId: 'B',
        fromMachineId: 'M1',
        fromStart: at(MONDAY, '09:00'),
        machineId: 'M2',
        start: at(MONDAY, '10:00'),
        end: at(MONDAY, '11:00'),
      },
    ]);
    expect(result.unplaced).toEqual([]);
    const cost = replanCost(input, result);
    expect(cost.orders.every((order) => order.daysLateAfter === 0)).toBe(true);
    expect(cost.machines).toEqual([
      { machineId: 'M1', changeoversBefore: 0, changeoversAfter: 0, workMinutesBefore: 120, workMinutesAfter: 0 },
      { machineId: 'M2', changeoversBefore: 0, changeoversAfter: 0, workMinutesBefore: 60, workMinutesAfter: 180 },
    ]);
  });

  it('moves a task to another day on its own machine, later or earlier than planned, never before now', () => {
    const input = testInput({ machines, jobs: [testJob({ id: 'A' }), testJob({ id: 'B' })] });
    const base = {
      input,
      placements: [placed('A', 'M1', '08:00', '09:00'), placed('B', 'M1', '09:00', '10:00', TUESDAY)],
      locked: [],
      priority: 'fill' as const,
      machineIds: ['M1'],
      notBefore: at(MONDAY, '08:00'),
    };
    // A to Tuesday: at the shift's start, B keeping its hour; B back to Monday: right after A.
    const later = replan({ ...base, moving: ['A'], from: at(TUESDAY, '00:00') });
    expect(later.moves).toEqual([
      expect.objectContaining({ jobId: 'A', machineId: 'M1', start: at(TUESDAY, '08:00'), end: at(TUESDAY, '09:00') }),
    ]);
    const earlier = replan({ ...base, moving: ['B'], from: at(MONDAY, '00:00') });
    expect(earlier.moves).toEqual([
      expect.objectContaining({ jobId: 'B', machineId: 'M1', start: at(MONDAY, '09:00'), end: at(MONDAY, '10:00') }),
    ]);
    // Not before now, whatever day is asked.
    const past = replan({ ...base, notBefore: at(MONDAY, '09:30'), moving: ['B'], from: at(MONDAY, '00:00') });
    expect(past.moves[0]!.start).toBeGreaterThanOrEqual(at(MONDAY, '09:30'));
  });

  it('charges the machine’s matrix for the changeovers a move causes, and says what becomes late and which drop', () => {
    const m2 = testMachine({
      id: 'M2',
      changeover: { diameterMinutes: 30, pairs: [{ from: 12, to: 14, minutes: 5 }] },
    });
    const input = testInput({
      machines: [testMachine({ id: 'M1' }), m2],
      jobs: [
        testJob({ id: 'A', diameter: 16, pieces: 420, orderIds: ['O1'], orderLineIds: [O1_L2] }),
        testJob({ id: 'C', diameter: 12, pieces: 60, orderIds: ['O2'] }),
        testJob({ id: 'D', diameter: 14, pieces: 60, orderIds: ['O2'] }),
      ],
      orders: [
        // O1's first drop is earlier, but A makes the line of its Monday drop.
        { id: 'O1', dueDate: '2026-11-20', lineDueDates: { [O1_L2]: MONDAY } },
        { id: 'O2', dueDate: MONDAY },
      ],
    });
    const result = replan({
      input,
      placements: [
        placed('A', 'M1', '08:00', '15:00'),
        placed('C', 'M2', '08:00', '09:00'),
        placed('D', 'M2', '09:05', '10:05'),
      ],
      moving: ['A'],
      locked: [],
      priority: 'fill',
      machineIds: ['M2'],
      notBefore: at(MONDAY, '08:00'),
    });
    // After D (Φ14) the Φ16 needs the full 30 minutes: 10:35 + 7 h runs to Tuesday 09:35.
    expect(result.moves).toEqual([
      {
        jobId: 'A',
        fromMachineId: 'M1',
        fromStart: at(MONDAY, '08:00'),
        machineId: 'M2',
        start: at(MONDAY, '10:35'),
        end: at(TUESDAY, '09:35'),
      },
    ]);
    const cost = replanCost(input, result);
    expect(cost.orders).toEqual([
      { orderId: 'O1', daysLateBefore: 0, daysLateAfter: 1, lateDueBefore: null, lateDueAfter: MONDAY },
      { orderId: 'O2', daysLateBefore: 0, daysLateAfter: 0, lateDueBefore: null, lateDueAfter: null },
    ]);
    expect(cost.machines[1]).toMatchObject({ changeoversBefore: 1, changeoversAfter: 2 });
  });

  it('places a rush order first and pushes the work it displaces later, its bend after it', () => {
    const input = testInput({
      machines: [testMachine({ id: 'M1' })],
      jobs: [
        testJob({ id: 'R', orderIds: ['RUSH'] }),
        testJob({ id: 'X', orderIds: ['O1'] }),
        testJob({ id: 'Y', orderIds: ['O1'], after: 'X' }),
      ],
      orders: [
        { id: 'RUSH', dueDate: MONDAY },
        { id: 'O1', dueDate: MONDAY },
      ],
    });
    const result = replan({
      input,
      placements: [placed('X', 'M1', '08:00', '09:00'), placed('Y', 'M1', '09:00', '10:00')],
      moving: ['R'],
      locked: [],
      priority: 'first',
      machineIds: null,
      notBefore: at(MONDAY, '08:00'),
    });
    expect(result.moves.map((move) => [move.jobId, move.start, move.end])).toEqual([
      ['R', at(MONDAY, '08:00'), at(MONDAY, '09:00')],
      ['X', at(MONDAY, '09:00'), at(MONDAY, '10:00')],
      ['Y', at(MONDAY, '10:00'), at(MONDAY, '11:00')],
    ]);
  });

  it('never moves a started job, and leaves a job whose predecessor found no place unplaced', () => {
    const input = testInput({
      machines: [testMachine({ id: 'M1' })],
      jobs: [
        testJob({ id: 'S', orderIds: ['O1'] }),
        testJob({ id: 'R', diameter: 40, orderIds: ['RUSH'] }),
        testJob({ id: 'R2', orderIds: ['RUSH'], after: 'R' }),
      ],
    });
    const result = replan({
      input,
      placements: [placed('S', 'M1', '08:00', '09:00')],
      moving: ['R', 'R2'],
      locked: ['S'],
      priority: 'first',
      machineIds: null,
      notBefore: at(MONDAY, '08:00'),
    });
    expect(result.moves).toEqual([]);
    expect(result.unplaced).toEqual([
      { jobId: 'R', reason: 'noEligibleMachine' },
      { jobId: 'R2', reason: 'dependency' },
    ]);
  });
});
