import { Empty, Flex, Progress, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DIGITAL_TWIN_PERMISSIONS,
  OPERATION_STATUSES,
  OPERATION_STATUS_LABELS,
  type Dashboard,
  type Locale,
  type OperationStatus,
  machineLabel,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { DashboardTile } from './dashboard-tile.tsx';
import { formatRate } from './workbench-format.ts';

type OeeRow = NonNullable<Dashboard['oee']>[number];

const isOperationStatus = (status: string): status is OperationStatus =>
  (OPERATION_STATUSES as readonly string[]).includes(status);

const statusText = (status: string, locale: Locale) =>
  isOperationStatus(status) ? OPERATION_STATUS_LABELS[status][locale] : status;

/** OEE per machine over today's shifts so far, with its availability, performance and quality. */
export function OeeTile({ oee }: { oee: NonNullable<Dashboard['oee']> }) {
  const { t } = useTranslation('workbench');
  const locale = useLocale();
  const rate = (value: number | null) => formatRate(value, locale);
  return (
    <DashboardTile name="oee" title={t('oee.title')} page={DIGITAL_TWIN_PERMISSIONS.read}>
      {oee.length === 0 ? (
        <Empty description={t('oee.none')} />
      ) : (
        <Flex vertical gap="small">
          <Table<OeeRow>
            size="small"
            rowKey="equipmentId"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={oee}
            columns={[
              { title: t('oee.machine'), key: 'name', render: (_value, row) => machineLabel(row) },
              {
                title: t('oee.status'),
                key: 'status',
                render: (_value, row) => <Tag>{statusText(row.operationStatus, locale)}</Tag>,
              },
              {
                title: t('oee.oee'),
                key: 'oee',
                width: 140,
                render: (_value, row) =>
                  row.oee === null ? (
                    rate(null)
                  ) : (
                    <Progress
                      size="small"
                      percent={Math.round(row.oee * 1000) / 10}
                      format={() => rate(row.oee)}
                      data-testid="oee-value"
                    />
                  ),
              },
              { title: t('oee.availability'), key: 'a', align: 'end', render: (_value, row) => rate(row.availability) },
              { title: t('oee.performance'), key: 'p', align: 'end', render: (_value, row) => rate(row.performance) },
              { title: t('oee.quality'), key: 'q', align: 'end', render: (_value, row) => rate(row.quality) },
            ]}
          />
          {oee.some((row) => row.oee === null) && (
            <Typography.Text type="secondary" data-testid="oee-no-shift">
              {t('oee.noShift', { dash: rate(null) })}
            </Typography.Text>
          )}
        </Flex>
      )}
    </DashboardTile>
  );
}
