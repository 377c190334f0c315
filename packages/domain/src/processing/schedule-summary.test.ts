import { describe, expect, it } from 'vitest';
import { scheduleSummary } from './schedule-summary.ts';

describe('scheduleSummary', () => {
  it('counts the jobs placed and those not placed by reason', () => {
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    expect(
      scheduleSummary({
        jobs,
        unscheduled: [
          { jobId: 'c', reason: 'beyondHorizon' },
          { jobId: 'd', reason: 'noEligibleMachine' },
          { jobId: 'e', reason: 'beyondHorizon' },
        ],
      }),
    ).toEqual({
      placed: 2,
      total: 5,
      notPlaced: [
        { reason: 'noEligibleMachine', count: 1 },
        { reason: 'beyondHorizon', count: 2 },
      ],
    });
  });

  it('says all were placed when none is left out', () => {
    expect(scheduleSummary({ jobs: [{ id: 'a' }], unscheduled: [] })).toEqual({ placed: 1, total: 1, notPlaced: [] });
  });
});
