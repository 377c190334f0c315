import { describe, expect, it } from 'vitest';
import { TASK_STATUSES, isFinalTaskStatus, nextTaskStatus, taskActionsIn, taskFailInputSchema } from './task-status.ts';

describe('task status', () => {
  it('goes pending → dispatched → running ⇄ paused → done', () => {
    expect(nextTaskStatus('pending', 'dispatch')).toBe('dispatched');
    expect(nextTaskStatus('dispatched', 'start')).toBe('running');
    expect(nextTaskStatus('running', 'pause')).toBe('paused');
    expect(nextTaskStatus('paused', 'resume')).toBe('running');
    expect(nextTaskStatus('running', 'complete')).toBe('done');
  });

  it('fails a started task, running or paused', () => {
    expect(TASK_STATUSES.filter((status) => nextTaskStatus(status, 'fail') !== null)).toEqual(['running', 'paused']);
  });

  it('cancels only a task nobody has started', () => {
    expect(TASK_STATUSES.filter((status) => nextTaskStatus(status, 'cancel') !== null)).toEqual([
      'pending',
      'dispatched',
    ]);
  });

  it('ends in done, failed or cancelled, where nothing is allowed', () => {
    const final = TASK_STATUSES.filter(isFinalTaskStatus);
    expect(final).toEqual(['done', 'failed', 'cancelled']);
    for (const status of final) expect(taskActionsIn(status)).toEqual([]);
  });

  it('wants a reason for a failure', () => {
    expect(taskFailInputSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(taskFailInputSchema.parse({ reason: ' blade broke ' })).toEqual({ reason: 'blade broke' });
  });
});
