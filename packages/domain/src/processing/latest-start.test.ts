import { describe, expect, it } from 'vitest';
import { latestStarts } from './latest-start.ts';
import { at, BENDING, MONDAY, slot, testInput, testJob, testMachine } from './schedule-test-kit.ts';

const TUESDAY = '2026-11-24';

describe('latestStarts', () => {
  it('works back from the end of the due day in shift time, and a cut from its bend’s latest start', () => {
    const input = testInput({
      machines: [testMachine({ id: 'CUT' }), testMachine({ id: 'BEND', techniqueIds: [BENDING] })],
      jobs: [
        testJob({ id: 'cut', orderIds: ['A'], pieces: 120 }),
        testJob({ id: 'bend', orderIds: ['A'], techniqueId: BENDING, kind: 'bend', after: 'cut', pieces: 180 }),
        testJob({ id: 'loose', orderIds: ['B'] }),
        testJob({ id: 'undated', orderIds: ['C'] }),
      ],
      orders: [
        { id: 'A', dueDate: TUESDAY },
        { id: 'B', dueDate: MONDAY },
        { id: 'C', dueDate: null },
      ],
    });
    const slots = [
      slot('cut', 'CUT', MONDAY, '08:00', '10:00'),
      slot('bend', 'BEND', MONDAY, '10:00', '13:00'),
      slot('loose', 'CUT', MONDAY, '10:00', '11:00'),
      slot('undated', 'CUT', MONDAY, '11:00', '12:00'),
    ];
    const latest = latestStarts(input, slots);
    // The bend (3 h) must end by Tuesday's shift end at 16:00; the cut (2 h) before 13:00 Tuesday.
    expect(latest.get('bend')).toBe(at(TUESDAY, '13:00'));
    expect(latest.get('cut')).toBe(at(TUESDAY, '11:00'));
    expect(latest.get('loose')).toBe(at(MONDAY, '15:00'));
    expect(latest.get('undated')).toBeNull();
  });

  it('gives no latest start past the horizon’s last shift, nor for a job not scheduled', () => {
    const input = testInput({
      days: 1,
      jobs: [testJob({ id: 'J1', orderIds: ['A'] }), testJob({ id: 'J2', orderIds: ['A'] })],
      orders: [{ id: 'A', dueDate: TUESDAY }],
    });
    const latest = latestStarts(input, [slot('J1', 'M1', MONDAY, '08:00', '09:00')]);
    expect(latest.get('J1')).toBeNull();
    expect(latest.get('J2')).toBeNull();
  });

  it('puts the latest start of a job already late before the first shift', () => {
    const input = testInput({
      jobs: [testJob({ id: 'J1', orderIds: ['A'], pieces: 600 })],
      orders: [{ id: 'A', dueDate: MONDAY }],
    });
    const latest = latestStarts(input, [
      slot('J1', 'M1', MONDAY, '08:00', '16:00'),
      slot('J1', 'M1', TUESDAY, '08:00', '10:00'),
    ]);
    expect(latest.get('J1')).toBe(at(MONDAY, '06:00'));
  });
});
