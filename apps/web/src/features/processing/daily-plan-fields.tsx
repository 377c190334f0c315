import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { DAILY_PLAN_STATUSES, DAILY_PLAN_STATUS_LABELS, type DailyPlan } from '@armature/domain';
import { defineFields, documentField } from '../../components/resource/field-set.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { DailyPlanStatusTag } from './processing-tags.tsx';

/** A count that is not zero stands out (jobs not placed, orders late). */
const flagged = (count: number, type: 'warning' | 'danger') => (
  <Typography.Text type={count > 0 ? type : undefined}>{count}</Typography.Text>
);

/** A daily schedule's fields, for its list, its export and its detail's header. */
export function useDailyPlanFields() {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  return defineFields<DailyPlan>()({
    code: documentField.code<DailyPlan>(t('plan.code')),
    firstDay: { title: t('plan.firstDay'), dataIndex: 'firstDay', sortable: true },
    days: { title: t('plan.days'), dataIndex: 'days', column: { align: 'end' } },
    cutPlans: { title: t('plan.cutPlans'), dataIndex: 'cutPlanCodes', column: { ellipsis: true, width: 140 } },
    jobCount: {
      title: t('plan.jobCount'),
      dataIndex: 'jobCount',
      column: { align: 'end' },
      detail: (plan) => <span data-testid="detail-job-count">{plan.jobCount}</span>,
    },
    unscheduledCount: {
      title: t('plan.unscheduledCount'),
      dataIndex: 'unscheduledCount',
      column: { align: 'end' },
      render: (plan) => flagged(plan.unscheduledCount, 'warning'),
      detail: (plan) => plan.unscheduledCount,
    },
    lateOrderCount: {
      title: t('plan.lateOrderCount'),
      dataIndex: 'lateOrderCount',
      column: { align: 'end' },
      render: (plan) => flagged(plan.lateOrderCount, 'danger'),
    },
    tasksDone: { title: t('plan.tasksDone'), dataIndex: 'tasksDone', column: { align: 'end' } },
    status: documentField.status<DailyPlan>(
      t('plan.status'),
      (status) => <DailyPlanStatusTag status={status} />,
      (status) => DAILY_PLAN_STATUS_LABELS[status][locale],
      DAILY_PLAN_STATUSES,
    ),
    // From 1600 px in the list, so that the creation time shows on a 1280 px screen; the export always has it.
    remark: documentField.remark<DailyPlan>(t('plan.remark'), { ellipsis: true, responsive: ['xxl'] }),
    creationTime: documentField.creationTime<DailyPlan>(t('plan.creationTime')),
  });
}
