import { useTranslation } from 'react-i18next';
import { DAILY_PLAN_ENDPOINTS, type DailyPlan } from '@armature/domain';
import { DayRangeFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { FieldChoiceFilter, fieldColumns } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { processingLists } from './processing.queries.ts';
import { useDailyPlanFields } from './daily-plan-fields.tsx';

/** Only a draft or a cancelled schedule may be deleted (a released one has tasks). */
export const isDeletableSchedule = (plan: Pick<DailyPlan, 'status'>) =>
  plan.status === 'draft' || plan.status === 'cancelled';

/**
 * Daily schedules (`/productionPlan/plan/dailyPlan`): the current product's schedules, newest first,
 * with their days, cutting plans, jobs, what could not be placed, late orders and tasks done.
 */
export default function DailyPlanListView() {
  const { t } = useTranslation('processing');
  const list = usePagedList<DailyPlan>(processingLists.plans, { defaultSort: 'creationTime desc' });
  const actions = useRecordActions<DailyPlan>(DAILY_PLAN_ENDPOINTS.delete, (plan) => plan.code);

  const fields = useDailyPlanFields();

  const columns: ListColumn<DailyPlan>[] = [
    ...fieldColumns(
      fields,
      [
        'code',
        'firstDay',
        'days',
        'cutPlans',
        'jobCount',
        'unscheduledCount',
        'lateOrderCount',
        'tasksDone',
        'status',
        'remark',
        'creationTime',
      ],
      list.sortable,
    ),
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
          <FieldChoiceFilter list={list} fields={fields} name="status" />
          <DayRangeFilter list={list} name="day" placeholder={[t('plan.dayFrom'), t('plan.dayTo')]} />
        </>
      }
      canExport={actions.buttons.has('export')}
      onAdd={actions.add}
      onRow={actions.rowProps}
    />
  );
}
