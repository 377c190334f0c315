import { describe, expect, it } from 'vitest';
import { applyStreamEvent, type LiveJob } from './cut-plan.queries.ts';

const queued: LiveJob = { state: 'queued', fraction: null, figures: null, message: null };
const figures = {
  fraction: 0.4,
  lowerBound: 41.5,
  bars: 43,
  cost: 512.3,
  wasteWeight: 12.25,
  gap: 0.036,
  elapsedMs: 850,
};

describe('applyStreamEvent', () => {
  it('takes the state and fraction of the runtime job status', () => {
    const next = applyStreamEvent(
      queued,
      'job',
      JSON.stringify({ id: 'x', state: 'running', progress: 0.25, message: null }),
    );
    expect(next).toEqual({ state: 'running', fraction: 0.25, figures: null, message: null });
  });

  it("takes the optimiser's figures from progress events, keeping the state", () => {
    const running = { ...queued, state: 'running' as const };
    expect(applyStreamEvent(running, 'progress', JSON.stringify({ runId: 'r', ...figures }))).toEqual({
      state: 'running',
      fraction: 0.4,
      figures,
      message: null,
    });
  });

  it("takes a plan job's figures from a job event", () => {
    const next = applyStreamEvent(
      queued,
      'job',
      JSON.stringify({ id: 'x', state: 'running', progress: figures, message: null }),
    );
    expect(next.figures).toEqual(figures);
    expect(next.fraction).toBe(0.4);
  });

  it('keeps the last figures at the end and fills the bar on success', () => {
    const running: LiveJob = { state: 'running', fraction: 0.4, figures, message: null };
    const done = applyStreamEvent(
      running,
      'job',
      JSON.stringify({ state: 'succeeded', progress: null, message: 'optimal' }),
    );
    expect(done).toEqual({ state: 'succeeded', fraction: 1, figures, message: 'optimal' });
  });

  it('ignores other events, a null job and broken data', () => {
    expect(applyStreamEvent(queued, 'plan', JSON.stringify({ id: 'p', status: 'draft', currentRunId: null }))).toBe(
      queued,
    );
    expect(applyStreamEvent(queued, 'job', 'null')).toBe(queued);
    expect(applyStreamEvent(queued, 'job', '{not json')).toBe(queued);
  });
});
