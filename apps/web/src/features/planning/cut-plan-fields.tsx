import { useTranslation } from 'react-i18next';
import { CUT_PLAN_STATUSES, CUT_PLAN_STATUS_LABELS, JOB_STATE_LABELS, type CutPlan } from '@armature/domain';
import { defineFields, documentField } from '../../components/resource/field-set.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from '../../lib/number-format.ts';
import { formatRate } from './cut-plan-format.ts';
import { CutPlanStatusTag, JobStateTag } from './cut-plan-tags.tsx';

/** A cutting plan's fields, for its list, its export and its detail's header. */
export function useCutPlanFields() {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const kg = (weight: number | null) => (weight === null ? '—' : formatKg(weight, locale));
  return defineFields<CutPlan>()({
    code: documentField.code<CutPlan>(t('fields.code')),
    planDate: { title: t('fields.planDate'), dataIndex: 'planDate', sortable: true },
    specs: { title: t('fields.specs'), dataIndex: 'specs', column: { ellipsis: true, width: 140 } },
    orders: {
      title: t('fields.orders'),
      dataIndex: 'orderCodes',
      column: { ellipsis: true, width: 140 },
      render: (plan) => plan.orderCodes.join(', '),
      exportValue: (plan) => plan.orderCodes.join(', '),
    },
    demandWeight: {
      title: t('fields.demandWeight'),
      dataIndex: 'demandWeight',
      sortable: true,
      column: { align: 'end' },
      render: (plan) => kg(plan.demandWeight),
      detail: (plan) => `${formatKg(plan.demandWeight, locale)} kg`,
    },
    materialWeight: {
      title: t('fields.materialWeight'),
      dataIndex: 'materialWeight',
      column: { align: 'end', responsive: ['xxl'] },
      render: (plan) => kg(plan.materialWeight),
    },
    useRate: {
      title: t('fields.useRate'),
      dataIndex: 'useRate',
      column: { align: 'end' },
      render: (plan) => formatRate(plan.useRate, locale),
    },
    status: documentField.status<CutPlan>(
      t('fields.status'),
      (status) => <CutPlanStatusTag status={status} />,
      (status) => CUT_PLAN_STATUS_LABELS[status][locale],
      CUT_PLAN_STATUSES,
    ),
    jobState: {
      title: t('fields.jobState'),
      dataIndex: 'jobState',
      column: { responsive: ['xxl'] },
      render: (plan) => <JobStateTag state={plan.jobState} />,
      exportValue: (plan) => (plan.jobState ? JOB_STATE_LABELS[plan.jobState][locale] : null),
    },
    creator: documentField.creator<CutPlan>(t('fields.creator'), { responsive: ['xxl'] }),
    creationTime: documentField.creationTime<CutPlan>(t('fields.creationTime')),
    remark: documentField.remark<CutPlan>(t('fields.remark')),
  });
}
