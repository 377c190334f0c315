import { Empty, Progress, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEMAND_ORDER_PERMISSIONS,
  DEMAND_ORDER_STATUSES,
  DEMAND_ORDER_STATUS_LABELS,
  type Dashboard,
  type DemandOrderStatus,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { subjectUrl } from '../../lib/subject-url.ts';
import { DashboardTile } from './dashboard-tile.tsx';
import { formatRate } from './workbench-format.ts';

type OrderRow = NonNullable<Dashboard['ordersDue']>[number];

const isOrderStatus = (status: string): status is DemandOrderStatus =>
  (DEMAND_ORDER_STATUSES as readonly string[]).includes(status);

/** Confirmed or planned orders due by the end of the plant's week, with how much is planned and produced. */
export function OrdersDueTile({ orders }: { orders: NonNullable<Dashboard['ordersDue']> }) {
  const { t } = useTranslation('workbench');
  const locale = useLocale();
  const progress = (share: number, testId: string) => (
    <Progress
      size="small"
      percent={Math.round(share * 1000) / 10}
      format={() => formatRate(share, locale)}
      data-testid={testId}
    />
  );
  return (
    <DashboardTile name="ordersDue" title={t('ordersDue.title')} page={DEMAND_ORDER_PERMISSIONS.read}>
      {orders.length === 0 ? (
        <Empty description={t('ordersDue.none')} />
      ) : (
        <Table<OrderRow>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={orders}
          columns={[
            {
              title: t('ordersDue.code'),
              key: 'code',
              render: (_value, row) => (
                <Link to={subjectUrl({ page: DEMAND_ORDER_PERMISSIONS.read, id: row.id })}>{row.code}</Link>
              ),
            },
            { title: t('ordersDue.name'), dataIndex: 'name', key: 'name' },
            { title: t('ordersDue.dueDate'), dataIndex: 'dueDate', key: 'dueDate' },
            {
              title: t('ordersDue.status'),
              key: 'status',
              render: (_value, row) => (
                <Tag>{isOrderStatus(row.status) ? DEMAND_ORDER_STATUS_LABELS[row.status][locale] : row.status}</Tag>
              ),
            },
            {
              title: t('ordersDue.planned'),
              key: 'planned',
              width: 120,
              render: (_value, row) => progress(row.planned, 'order-planned'),
            },
            {
              title: t('ordersDue.produced'),
              key: 'produced',
              width: 120,
              render: (_value, row) => progress(row.produced, 'order-produced'),
            },
          ]}
        />
      )}
    </DashboardTile>
  );
}
