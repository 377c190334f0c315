import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Descriptions, Table, Tag } from 'antd';
import { INGEST_REJECTIONS, type IngestStats } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useLocale } from '../../lib/i18n.ts';
import { wholeNumbers } from '../../lib/number-format.ts';
import { equipmentQueries } from './equipment.queries.ts';

type Rejection = IngestStats['lastRejections'][number];

/**
 * What the telemetry ingest took and dropped (`GET /api/digitalTwin/ingest-stats`), for the maker's
 * staff: bad input is counted, never stored, and this is where it shows — by reason, with the last
 * rejected topic of each.
 */
export function IngestStatsCard() {
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const stats = useQuery({ ...equipmentQueries.ingestStats(), meta: { silent: true } });
  const value = stats.data;
  return (
    <Card data-testid="ingest-stats" size="small" title={t('ingest.title')} loading={stats.isLoading}>
      {stats.isError && t('ingest.unavailable')}
      {value && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              {
                key: 'broker',
                label: t('ingest.broker'),
                children: (
                  <Badge
                    status={value.connected ? 'success' : 'error'}
                    text={`${t(`ingest.brokers.${value.broker}`)} · ${t(value.connected ? 'ingest.connected' : 'ingest.disconnected')}`}
                  />
                ),
              },
              { key: 'received', label: t('ingest.received'), children: whole(value.received) },
              {
                key: 'accepted',
                label: t('ingest.accepted'),
                children: <span data-testid="ingest-accepted">{whole(value.accepted)}</span>,
              },
              { key: 'counterResets', label: t('ingest.counterResets'), children: whole(value.counterResets) },
              ...INGEST_REJECTIONS.map((reason) => ({
                key: reason,
                label: t(`ingest.reasons.${reason}`),
                children: whole(value.rejected[reason] ?? 0),
              })),
              { key: 'since', label: t('ingest.since'), children: value.since ? formatDateTime(value.since) : '' },
            ]}
          />
          {value.lastRejections.length > 0 && (
            <Table<Rejection>
              size="small"
              rowKey="reason"
              pagination={false}
              scroll={{ x: 'max-content' }}
              style={{ marginTop: 12 }}
              dataSource={value.lastRejections}
              columns={[
                {
                  title: t('ingest.reason'),
                  dataIndex: 'reason',
                  render: (reason: Rejection['reason']) => <Tag>{t(`ingest.reasons.${reason}`)}</Tag>,
                },
                { title: t('ingest.at'), dataIndex: 'at', render: formatDateTime },
                { title: t('ingest.topic'), dataIndex: 'topic' },
                { title: t('fields.serialNumber'), dataIndex: 'serialNumber' },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
