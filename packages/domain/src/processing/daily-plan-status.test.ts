import { describe, expect, it } from 'vitest';
import {
  DAILY_PLAN_STATUSES,
  dailyPlanActionsIn,
  isDailyPlanEditable,
  nextDailyPlanStatus,
} from './daily-plan-status.ts';

describe('daily plan status', () => {
  it('goes draft → released → in progress → done', () => {
    expect(nextDailyPlanStatus('draft', 'release')).toBe('released');
    expect(nextDailyPlanStatus('released', 'start')).toBe('inProgress');
    expect(nextDailyPlanStatus('inProgress', 'finish')).toBe('done');
  });

  it('cancels a draft only', () => {
    expect(DAILY_PLAN_STATUSES.filter((status) => nextDailyPlanStatus(status, 'cancel') !== null)).toEqual(['draft']);
  });

  it('allows nothing after done or cancelled, and edits only drafts', () => {
    expect(dailyPlanActionsIn('done')).toEqual([]);
    expect(dailyPlanActionsIn('cancelled')).toEqual([]);
    expect(DAILY_PLAN_STATUSES.filter(isDailyPlanEditable)).toEqual(['draft']);
  });

  it('refuses to skip a step', () => {
    expect(nextDailyPlanStatus('draft', 'start')).toBeNull();
    expect(nextDailyPlanStatus('released', 'finish')).toBeNull();
  });
});
