import { describe, expect, it } from 'vitest';
import { jobDurationMs, machineCanDo } from './job-duration.ts';
import { BENDING, testJob, testMachine } from './schedule-test-kit.ts';

const HOUR = 3_600_000;

describe('jobDurationMs', () => {
  it('counts pieces against a pieces-per-hour band covering the diameter', () => {
    expect(jobDurationMs(testJob({ pieces: 90 }), testMachine())).toBe(1.5 * HOUR);
  });

  it('counts weight against a kg-per-hour band', () => {
    const machine = testMachine({ throughput: [{ diameterFrom: 6, diameterTo: 32, rate: 2000, unit: 'kgPerHour' }] });
    expect(jobDurationMs(testJob({ weightKg: 500 }), machine)).toBe(0.25 * HOUR);
  });

  it('takes the band of the diameter, the first one when bands overlap', () => {
    const machine = testMachine({
      throughput: [
        { diameterFrom: 6, diameterTo: 16, rate: 120, unit: 'piecesPerHour' },
        { diameterFrom: 12, diameterTo: 32, rate: 30, unit: 'piecesPerHour' },
      ],
    });
    expect(jobDurationMs(testJob({ diameter: 12, pieces: 60 }), machine)).toBe(0.5 * HOUR);
    expect(jobDurationMs(testJob({ diameter: 20, pieces: 60 }), machine)).toBe(2 * HOUR);
  });

  it('falls back to the ideal rate in pieces per hour when no band covers the diameter', () => {
    const machine = testMachine({
      throughput: [{ diameterFrom: 6, diameterTo: 10, rate: 60, unit: 'piecesPerHour' }],
      idealRate: 240,
    });
    expect(jobDurationMs(testJob({ diameter: 25, pieces: 60 }), machine)).toBe(0.25 * HOUR);
  });

  it('rounds up to the millisecond, so that the work is never short', () => {
    const machine = testMachine({ throughput: [{ diameterFrom: 6, diameterTo: 32, rate: 7, unit: 'piecesPerHour' }] });
    expect(jobDurationMs(testJob({ pieces: 1 }), machine)).toBe(Math.ceil(HOUR / 7));
  });

  it('is null for another technique, a diameter out of range, or no known speed', () => {
    expect(jobDurationMs(testJob({ techniqueId: BENDING }), testMachine())).toBeNull();
    expect(jobDurationMs(testJob({ diameter: 40 }), testMachine())).toBeNull();
    expect(jobDurationMs(testJob({ diameter: 5 }), testMachine())).toBeNull();
    const slowUnknown = testMachine({
      throughput: [{ diameterFrom: 6, diameterTo: 10, rate: 60, unit: 'piecesPerHour' }],
    });
    expect(jobDurationMs(testJob({ diameter: 12 }), slowUnknown)).toBeNull();
  });

  it('takes a missing diameter bound as no limit on that side', () => {
    const machine = testMachine({ diameterMin: null, diameterMax: null, idealRate: 60, throughput: [] });
    expect(jobDurationMs(testJob({ diameter: 50 }), machine)).toBe(HOUR);
  });
});

describe('machineCanDo', () => {
  it('needs the technique and a diameter inside the range, without looking at speeds', () => {
    const machine = testMachine({ diameterMin: 10, diameterMax: 20, throughput: [], idealRate: null });
    expect(machineCanDo(machine, testJob({ diameter: 10 }))).toBe(true);
    expect(machineCanDo(machine, testJob({ diameter: 20 }))).toBe(true);
    expect(machineCanDo(machine, testJob({ diameter: 22 }))).toBe(false);
    expect(machineCanDo(machine, testJob({ diameter: 8 }))).toBe(false);
    expect(machineCanDo(machine, testJob({ techniqueId: BENDING }))).toBe(false);
    expect(machineCanDo({ ...machine, diameterMin: null, diameterMax: null }, testJob({ diameter: 40 }))).toBe(true);
  });
});
