import { describe, expect, it } from 'vitest';
import { subjectUrl } from './subject-url.ts';

describe('subjectUrl', () => {
  it('opens the record under its page, or the page when there is no record', () => {
    expect(subjectUrl({ page: 'productionPlan.plan.demandOrder', id: 'o1' })).toBe(
      '/productionPlan/plan/demandOrder/detail/o1',
    );
    expect(subjectUrl({ page: 'intelligentProcess.taskCenter.operator', id: null })).toBe(
      '/intelligentProcess/taskCenter/operator',
    );
  });
});
