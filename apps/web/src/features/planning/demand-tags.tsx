import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import {
  isDemandOverdue,
  DEMAND_ORDER_STATUS_LABELS,
  DEMAND_PRIORITY_LABELS,
  type DemandOrderStatus,
  type DemandPriority,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { plantToday } from '../../lib/plant-time.ts';

const STATUS_COLORS: Record<DemandOrderStatus, string> = {
  draft: 'default',
  confirmed: 'processing',
  planned: 'cyan',
  producing: 'warning',
  completed: 'success',
  cancelled: 'error',
};

const PRIORITY_COLORS: Record<DemandPriority, string | undefined> = {
  low: undefined,
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export function DemandStatusTag({ status }: { status: DemandOrderStatus }) {
  const locale = useLocale();
  return (
    <Tag data-testid="demand-status" color={STATUS_COLORS[status]}>
      {DEMAND_ORDER_STATUS_LABELS[status][locale]}
    </Tag>
  );
}

export function DemandPriorityTag({ priority }: { priority: DemandPriority }) {
  const locale = useLocale();
  return <Tag color={PRIORITY_COLORS[priority]}>{DEMAND_PRIORITY_LABELS[priority][locale]}</Tag>;
}

/** The due date, tagged when the order is overdue (due before today and still to be made). */
export function DemandDueDate({ order }: { order: { demandDate: string; status: DemandOrderStatus } }) {
  const { t } = useTranslation('planning');
  if (!isDemandOverdue(order, plantToday())) return order.demandDate;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {order.demandDate}{' '}
      <Tag data-testid="demand-overdue" color="error">
        {t('list.overdue')}
      </Tag>
    </span>
  );
}
