import { useTranslation } from 'react-i18next';
import { CUT_PLAN_ENDPOINTS, type CutPlan } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { FieldChoiceFilter, fieldColumns } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { cutPlanLists, isDeletablePlan } from './cut-plan.queries.ts';
import { useCutPlanFields } from './cut-plan-fields.tsx';
import { DayRangeFilter } from '../../components/list-filters.tsx';

/**
 * Cutting plans (`/productionPlan/plan/cutPlan`): the current product's plans, newest first, with
 * their specs, orders, weights and use rate, status and the state of their optimisation.
 */
export default function CutPlanListView() {
  const { t } = useTranslation('cutPlan');
  const list = usePagedList<CutPlan>(cutPlanLists.plans, { defaultSort: 'creationTime desc' });
  const actions = useRecordActions<CutPlan>(CUT_PLAN_ENDPOINTS.delete, (plan) => plan.code);

  const fields = useCutPlanFields();

  const columns: ListColumn<CutPlan>[] = [
    // A 1280 px screen shows what a planner compares plans by (demand weight, use rate, status, when);
    // the material weight, the run's state and the creator join them from 1600 px, and always export.
    ...fieldColumns(
      fields,
      [
        'code',
        'planDate',
        'specs',
        'orders',
        'demandWeight',
        'materialWeight',
        'useRate',
        'status',
        'jobState',
        'creator',
        'creationTime',
      ],
      list.sortable,
    ),
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
          <FieldChoiceFilter list={list} fields={fields} name="status" />
          <DayRangeFilter list={list} name="planDate" placeholder={[t('list.planDateFrom'), t('list.planDateTo')]} />
        </>
      }
      canExport={actions.buttons.has('export')}
      onAdd={actions.add}
      onRow={actions.rowProps}
    />
  );
}
