import { describe, expect, it } from 'vitest';
import type { TwinJob } from '@armature/domain';
import { formatCuts, jobPercent, jobSpec, jobStateColour, queueSummary } from './twin-job-format.ts';

const cut: TwinJob = {
  taskId: '0b9a4f3e-6c1d-4f7a-9a55-2f1f6d3c0a01',
  seq: 418,
  code: 'TK20261201-0003',
  state: 'started',
  grade: 'HRB400E',
  diameter: 12,
  work: {
    kind: 'cut',
    stockLength: 12_000,
    cuts: [
      { length: 3000, count: 3, mark: 'A-12' },
      { length: 2500, count: 1, mark: 'B-3' },
    ],
    remainder: { length: 500, action: 'scrap' },
  },
  done: 2,
  total: 5,
  scrap: 0,
  stateAt: '2026-12-01T01:00:00.000Z',
  rejection: null,
};

describe('a machine’s job on its twin card', () => {
  it('names the spec and the cuts in the shear’s order, in the interface language', () => {
    expect(jobSpec(cut)).toBe('HRB400E Φ12');
    if (cut.work.kind !== 'cut') throw new Error('a cut job');
    expect(formatCuts(cut.work, 'en-US')).toBe('3,000 × 3 A-12 + 2,500 B-3');
    expect(formatCuts(cut.work, 'zh-CN')).toBe('3,000 × 3 A-12 + 2,500 B-3');
    expect(formatCuts({ ...cut.work, cuts: [{ length: 12_000, count: 1, mark: '' }] }, 'fr-FR')).toMatch(/^12\s000$/u);
  });

  it('says how far the machine got, never past the end, nothing for an empty job', () => {
    expect(jobPercent(cut)).toBe(40);
    expect(jobPercent({ done: 7, total: 5 })).toBe(100);
    expect(jobPercent({ done: 0, total: 0 })).toBe(0);
  });

  it('colours running, paused and refused jobs apart from waiting ones', () => {
    expect(jobStateColour('started')).toBe('green');
    expect(jobStateColour('paused')).toBe('gold');
    expect(jobStateColour('rejected')).toBe('red');
    expect(jobStateColour('sent')).toBeUndefined();
  });

  it('lists the first queued codes and how many more wait', () => {
    const queued = (code: string): TwinJob => ({ ...cut, code, state: 'sent' });
    expect(queueSummary({ items: [queued('TK-1'), queued('TK-2'), queued('TK-3')], count: 7 })).toEqual({
      codes: ['TK-1', 'TK-2', 'TK-3'],
      more: 4,
      count: 7,
    });
    expect(queueSummary(undefined)).toEqual({ codes: [], more: 0, count: 0 });
  });
});
