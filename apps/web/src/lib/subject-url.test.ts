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

  it('opens a view of the record when the subject names one (a machine’s re-plan proposal)', () => {
    expect(subjectUrl({ page: 'intelligentProcess.taskCenter.digitalTwinOverview', id: 'm1', view: 'replan' })).toBe(
      '/intelligentProcess/taskCenter/digitalTwinOverview/detail/m1?view=replan',
    );
    expect(subjectUrl({ page: 'productionPlan.plan.demandOrder', id: 'o1', view: null })).toBe(
      '/productionPlan/plan/demandOrder/detail/o1',
    );
  });
});
