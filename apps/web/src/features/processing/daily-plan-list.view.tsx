import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { DAILY_PLAN_STATUSES, DAILY_PLAN_STATUS_LABELS, type DailyPlan } from '@armature/domain';
import { ChoiceFilter, DayRangeFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { DAILY_PLANS, processingLists } from './processing.queries.ts';
import { DailyPlanStatusTag } from './processing-tags.tsx';

/** Only a draft or a cancelled schedule may be deleted (a released one has tasks). */
export const isDeletableSchedule = (plan: Pick<DailyPlan, 'status'>) =>
  plan.status === 'draft' || plan.status === 'cancelled';

/**
 * Daily schedules (`/productionPlan/plan/dailyPlan`): the current product's schedules, newest first,
 * with their days, cutting plans, jobs, what could not be placed, late orders and tasks done.
 */
export default function DailyPlanListView() {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const list = usePagedList<DailyPlan>(processingLists.plans, { defaultSort: 'creationTime desc' });
  const actions = useRecordActions<DailyPlan>(DAILY_PLANS, (plan) => plan.code);

  const columns: ListColumn<DailyPlan>[] = [
    { title: t('plan.code'), dataIndex: 'code', fixed: 'start', ...list.sortable('code') },
    { title: t('plan.firstDay'), dataIndex: 'firstDay', ...list.sortable('firstDay') },
    { title: t('plan.days'), dataIndex: 'days', align: 'end' },
    { title: t('plan.cutPlans'), dataIndex: 'cutPlanCodes', ellipsis: true, width: 140 },
    { title: t('plan.jobCount'), dataIndex: 'jobCount', align: 'end' },
    {
      title: t('plan.unscheduledCount'),
      dataIndex: 'unscheduledCount',
      align: 'end',
      render: (count: number) => <Typography.Text type={count > 0 ? 'warning' : undefined}>{count}</Typography.Text>,
    },
    {
      title: t('plan.lateOrderCount'),
      dataIndex: 'lateOrderCount',
      align: 'end',
      render: (count: number) => <Typography.Text type={count > 0 ? 'danger' : undefined}>{count}</Typography.Text>,
    },
    { title: t('plan.tasksDone'), dataIndex: 'tasksDone', align: 'end' },
    {
      title: t('plan.status'),
      dataIndex: 'status',
      ...list.sortable('status'),
      render: (_value, plan) => <DailyPlanStatusTag status={plan.status} />,
      exportValue: (plan) => DAILY_PLAN_STATUS_LABELS[plan.status][locale],
    },
    // From 1600 px, so that the creation time shows on a 1280 px screen; the export always has it.
    { title: t('plan.remark'), dataIndex: 'remark', ellipsis: true, responsive: ['xxl'] },
    {
      title: t('plan.creationTime'),
      dataIndex: 'creationTime',
      ...list.sortable('creationTime'),
      render: formatDateTime,
      exportValue: (plan) => formatDateTime(plan.creationTime),
    },
    actions.column((plan) => [actions.view(plan), actions.delete(plan, isDeletableSchedule(plan))]),
  ];

  return (
    <ListPage<DailyPlan>
      title={t('plan.listTitle')}
      list={list}
      columns={columns}
      searchPlaceholder={t('plan.searchIn')}
      filters={
        <>
          <ChoiceFilter
            list={list}
            name="status"
            placeholder={t('plan.status')}
            values={DAILY_PLAN_STATUSES}
            labelOf={(value) => DAILY_PLAN_STATUS_LABELS[value][locale]}
          />
          <DayRangeFilter list={list} name="day" placeholder={[t('plan.dayFrom'), t('plan.dayTo')]} />
        </>
      }
      canExport={actions.buttons.has('export')}
      onAdd={actions.add}
      onRow={actions.rowProps}
    />
  );
}
