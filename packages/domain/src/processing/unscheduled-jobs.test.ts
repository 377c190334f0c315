import { describe, expect, it } from 'vitest';
import { autoSchedule } from './auto-schedule.ts';
import { BENDING, testInput, testJob, testMachine } from './schedule-test-kit.ts';
import { unscheduledJobs } from './unscheduled-jobs.ts';

describe('unscheduledJobs', () => {
  it('gives the reasons autoSchedule gives, read from the slots alone', () => {
    const input = testInput({
      machines: [testMachine({ id: 'M1', diameterMax: 20 })],
      days: 1,
      jobs: [
        testJob({ id: 'fits' }),
        // Eight hours a day: 600 pieces at 60 an hour do not fit in one day.
        testJob({ id: 'long', pieces: 600 }),
        testJob({ id: 'bend', techniqueId: BENDING }),
        testJob({ id: 'thick', diameter: 25 }),
        testJob({ id: 'after', after: 'long' }),
        testJob({ id: 'pinned', pinned: { machineId: 'M9', start: 0 } }),
      ],
    });
    const result = autoSchedule(input);
    expect(unscheduledJobs(input, result.slots)).toEqual(result.unscheduled);
    expect(result.unscheduled.map((job) => job.reason).sort()).toEqual([
      'beyondHorizon',
      'dependency',
      'noEligibleMachine',
      'noEligibleMachine',
      'pinnedIneligible',
    ]);
  });

  it('finds nothing missing once every job has work', () => {
    const input = testInput({ jobs: [testJob({ id: 'A' }), testJob({ id: 'B', after: 'A' })] });
    expect(unscheduledJobs(input, autoSchedule(input).slots)).toEqual([]);
  });
});
