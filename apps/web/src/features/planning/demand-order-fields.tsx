import { useTranslation } from 'react-i18next';
import {
  DEMAND_ORDER_STATUSES,
  DEMAND_ORDER_STATUS_LABELS,
  DEMAND_PRIORITIES,
  DEMAND_PRIORITY_LABELS,
  type DemandOrder,
  type DemandPriority,
} from '@armature/domain';
import { defineFields, documentField } from '../../components/resource/field-set.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { DemandDueDate, DemandPriorityTag, DemandStatusTag } from './demand-tags.tsx';

/** A demand order's fields, for its list, its export and its detail's header. */
export function useDemandOrderFields() {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  // The project and element are narrower than a list's usual cut-short column: the due date carries its
  // overdue tag, and the creation time must still show on a 1280 px screen.
  const narrow = { ellipsis: true, width: 140 } as const;
  return defineFields<DemandOrder>()({
    code: documentField.code<DemandOrder>(t('fields.code')),
    project: { title: t('fields.project'), dataIndex: 'project', sortable: true, column: narrow },
    element: { title: t('fields.element'), dataIndex: 'element', column: narrow },
    customer: { title: t('fields.customer'), dataIndex: 'customer' },
    demandDate: {
      title: t('fields.demandDate'),
      dataIndex: 'demandDate',
      sortable: true,
      render: (order) => <DemandDueDate order={order} />,
      detail: (order) => order.demandDate,
      exportValue: (order) => order.demandDate,
    },
    priority: {
      title: t('fields.priority'),
      dataIndex: 'priority',
      sortable: true,
      render: (order) => <DemandPriorityTag priority={order.priority} />,
      exportValue: (order) => DEMAND_PRIORITY_LABELS[order.priority][locale],
      choices: {
        values: DEMAND_PRIORITIES,
        label: (priority) => DEMAND_PRIORITY_LABELS[priority as DemandPriority][locale],
      },
    },
    status: documentField.status<DemandOrder>(
      t('fields.status'),
      (status) => <DemandStatusTag status={status} />,
      (status) => DEMAND_ORDER_STATUS_LABELS[status][locale],
      DEMAND_ORDER_STATUSES,
    ),
    source: { title: t('fields.source'), dataIndex: 'source', render: (order) => t(`sources.${order.source}`) },
    lineCount: {
      title: t('fields.lineCount'),
      dataIndex: 'lineCount',
      column: { align: 'end' },
      render: (order) => whole(order.lineCount),
    },
    totalQuantity: {
      title: t('fields.totalQuantity'),
      dataIndex: 'totalQuantity',
      column: { align: 'end' },
      render: (order) => whole(order.totalQuantity),
    },
    totalWeight: {
      title: t('fields.totalWeight'),
      dataIndex: 'totalWeight',
      sortable: true,
      column: { align: 'end' },
      render: (order) => formatKg(order.totalWeight, locale),
      detail: (order) => <span data-testid="detail-weight">{formatKg(order.totalWeight, locale)}</span>,
    },
    creator: documentField.creator<DemandOrder>(t('fields.creator')),
    creationTime: documentField.creationTime<DemandOrder>(t('fields.creationTime')),
    remark: documentField.remark<DemandOrder>(t('fields.remark')),
  });
}
