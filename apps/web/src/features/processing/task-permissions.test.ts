import { describe, expect, it } from 'vitest';
import { allowedTaskActions, mayReport } from './task-permissions.ts';

const OPERATOR = new Set(['start', 'pause', 'complete', 'fail']);
const SHIFT_LEAD = new Set(['dispatch', 'cancel']);

describe('allowedTaskActions', () => {
  it('offers what the status allows and the buttons grant', () => {
    expect(allowedTaskActions('pending', SHIFT_LEAD)).toEqual(['dispatch', 'cancel']);
    expect(allowedTaskActions('pending', OPERATOR)).toEqual([]);
    expect(allowedTaskActions('dispatched', OPERATOR)).toEqual(['start']);
    expect(allowedTaskActions('running', OPERATOR)).toEqual(['pause', 'complete', 'fail']);
    expect(allowedTaskActions('paused', OPERATOR)).toEqual(['resume', 'fail']);
    expect(allowedTaskActions('done', new Set([...OPERATOR, ...SHIFT_LEAD]))).toEqual([]);
  });

  it('resumes with the start button', () => {
    expect(allowedTaskActions('paused', new Set(['start']))).toEqual(['resume']);
  });
});

describe('mayReport', () => {
  it('reports progress on a started task with the complete button', () => {
    expect(mayReport('running', OPERATOR)).toBe(true);
    expect(mayReport('paused', OPERATOR)).toBe(true);
    expect(mayReport('dispatched', OPERATOR)).toBe(false);
    expect(mayReport('running', SHIFT_LEAD)).toBe(false);
  });
});
