import { describe, expect, it } from 'vitest';
import { plantInstant } from '@armature/domain';
import { boardAxis, instantAt, xOf } from './board-axis.ts';

const ZONE = 'Asia/Shanghai';
const at = (day: string, time: string) => plantInstant(day, time, ZONE);
const MON = '2026-11-23';
const TUE = '2026-11-24';

describe('boardAxis', () => {
  const axis = boardAxis({
    days: [MON, TUE],
    timeZone: ZONE,
    spans: [
      { from: at(MON, '08:00'), to: at(MON, '16:00') },
      { from: at(MON, '16:00'), to: at(TUE, '00:00') },
      { from: at(TUE, '07:30'), to: at(TUE, '12:10') },
    ],
    hourWidth: 10,
  });

  it('shows each plant day from its first to its last worked hour', () => {
    expect(axis.days.map(({ day, startHour, hours, x }) => ({ day, startHour, hours, x }))).toEqual([
      { day: MON, startHour: 8, hours: 16, x: 0 },
      { day: TUE, startHour: 7, hours: 6, x: 160 },
    ]);
    expect(axis.width).toBe(220);
  });

  it('places instants on the axis, a gap between days at the next day’s start', () => {
    expect(xOf(axis, at(MON, '08:00'))).toBe(0);
    expect(xOf(axis, at(MON, '12:30'))).toBe(45);
    expect(xOf(axis, at(TUE, '03:00'))).toBe(160);
    expect(xOf(axis, at(TUE, '08:00'))).toBe(170);
    expect(xOf(axis, at(TUE, '20:00'))).toBe(220);
  });

  it('reads the instant under a point back, snapped to a quarter hour', () => {
    expect(instantAt(axis, 45)).toBe(at(MON, '12:30'));
    expect(instantAt(axis, 46)).toBe(at(MON, '12:30'));
    expect(instantAt(axis, 172)).toBe(at(TUE, '08:15'));
    expect(instantAt(axis, -5)).toBe(at(MON, '08:00'));
  });

  it('shows a day with nothing in it from 08:00 to 16:00', () => {
    const empty = boardAxis({ days: [MON], timeZone: ZONE, spans: [], hourWidth: 10 });
    expect(empty.days[0]).toMatchObject({ from: at(MON, '08:00'), to: at(MON, '16:00') });
  });
});
