import { useTranslation } from 'react-i18next';
import { CUT_PLAN_STATUSES, CUT_PLAN_STATUS_LABELS, JOB_STATE_LABELS, type CutPlan } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from '../../lib/number-format.ts';
import { CUT_PLANS, cutPlanLists, isDeletablePlan } from './cut-plan.queries.ts';
import { formatRate } from './cut-plan-format.ts';
import { CutPlanStatusTag, JobStateTag } from './cut-plan-tags.tsx';
import { ChoiceFilter, DayRangeFilter } from '../../components/list-filters.tsx';

/**
 * Cutting plans (`/productionPlan/plan/cutPlan`): the current product's plans, newest first, with
 * their specs, orders, weights and use rate, status and the state of their optimisation.
 */
export default function CutPlanListView() {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const list = usePagedList<CutPlan>(cutPlanLists.plans, { defaultSort: 'creationTime desc' });
  const actions = useRecordActions<CutPlan>(CUT_PLANS, (plan) => plan.code);
  const kg = (weight: number | null) => (weight === null ? '—' : formatKg(weight, locale));

  const columns: ListColumn<CutPlan>[] = [
    { title: t('fields.code'), dataIndex: 'code', fixed: 'start', ...list.sortable('code') },
    { title: t('fields.planDate'), dataIndex: 'planDate', ...list.sortable('planDate') },
    // A 1280 px screen shows what a planner compares plans by (demand weight, use rate, status, when);
    // the material weight, the run's state and the creator join them from 1600 px, and always export.
    { title: t('fields.specs'), dataIndex: 'specs', ellipsis: true, width: 140 },
    {
      title: t('fields.orders'),
      dataIndex: 'orderCodes',
      ellipsis: true,
      width: 140,
      render: (codes: string[]) => codes.join(', '),
      exportValue: (plan) => plan.orderCodes.join(', '),
    },
    {
      title: t('fields.demandWeight'),
      dataIndex: 'demandWeight',
      align: 'end',
      ...list.sortable('demandWeight'),
      render: kg,
    },
    {
      title: t('fields.materialWeight'),
      dataIndex: 'materialWeight',
      align: 'end',
      responsive: ['xxl'],
      render: kg,
    },
    {
      title: t('fields.useRate'),
      dataIndex: 'useRate',
      align: 'end',
      render: (rate: number | null) => formatRate(rate, locale),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      ...list.sortable('status'),
      render: (_value, plan) => <CutPlanStatusTag status={plan.status} />,
      exportValue: (plan) => CUT_PLAN_STATUS_LABELS[plan.status][locale],
    },
    {
      title: t('fields.jobState'),
      dataIndex: 'jobState',
      responsive: ['xxl'],
      render: (_value, plan) => <JobStateTag state={plan.jobState} />,
      exportValue: (plan) => (plan.jobState ? JOB_STATE_LABELS[plan.jobState][locale] : null),
    },
    { title: t('fields.creator'), dataIndex: 'creatorName', responsive: ['xxl'] },
    {
      title: t('fields.creationTime'),
      dataIndex: 'creationTime',
      ...list.sortable('creationTime'),
      render: formatDateTime,
      exportValue: (plan) => formatDateTime(plan.creationTime),
    },
    actions.column((plan) => [actions.view(plan), actions.delete(plan, isDeletablePlan(plan))]),
  ];

  return (
    <ListPage<CutPlan>
      title={t('titles.plans')}
      list={list}
      columns={columns}
      searchPlaceholder={t('list.searchIn')}
      filters={
        <>
          <ChoiceFilter
            list={list}
            name="status"
            placeholder={t('fields.status')}
            values={CUT_PLAN_STATUSES}
            labelOf={(value) => CUT_PLAN_STATUS_LABELS[value][locale]}
          />
          <DayRangeFilter list={list} name="planDate" placeholder={[t('list.planDateFrom'), t('list.planDateTo')]} />
        </>
      }
      canExport={actions.buttons.has('export')}
      onAdd={actions.add}
      onRow={actions.rowProps}
    />
  );
}
