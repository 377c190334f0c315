import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Flex, Table, Typography } from 'antd';
import type { StockLogItem, StockTakeDetail } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useLocale } from '../../lib/i18n.ts';
import { wholeNumbers } from '../../lib/number-format.ts';
import { ledgerColumns, ledgerRowProps } from '../../components/stock-ledger/ledger-columns.tsx';
import { stockQueries } from './stock.queries.ts';

type Line = StockTakeDetail['lines'][number];

/** `…/receiveStockLog/detail/:id`: a posted count sheet as counted, and the adjustment rows it booked. */
export default function StockTakeDetailView() {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const { id } = useParams();
  const detail = useQuery(stockQueries.stockTake(id));
  const take = detail.data;
  const count = wholeNumbers(locale);
  return (
    <DetailCard
      title={take && t('stockTake.detailTitle', { code: take.code })}
      buttons={null}
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {take && (
        <Flex vertical gap="middle">
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'code', label: t('fields.code'), children: take.code },
              {
                key: 'location',
                label: t('stockTake.location'),
                children: `${take.locationCode} ${take.locationName}`,
              },
              {
                key: 'differences',
                label: t('stockTake.differences'),
                children: <span data-testid="take-differences">{count(take.differences)}</span>,
              },
              { key: 'operator', label: t('fields.operator'), children: take.creatorName },
              { key: 'creationTime', label: t('fields.creationTime'), children: formatDateTime(take.creationTime) },
              { key: 'remark', label: t('fields.remark'), children: take.remark },
            ]}
          />
          <Table<Line>
            data-testid="take-lines"
            size="small"
            rowKey={(line) => `${line.rebarId}|${line.length}|${line.heatNo}|${line.lotId ?? ''}`}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={take.lines}
            columns={[
              // Raw bars by heat, offcuts by the lot code on their label.
              {
                title: `${t('fields.heatNo')} / ${t('fields.lot')}`,
                key: 'heatNo',
                render: (_: unknown, line: Line) => line.lotCode ?? line.heatNo,
              },
              { title: t('fields.spec'), dataIndex: 'rebarName' },
              { title: t('fields.length'), dataIndex: 'length', align: 'end', render: count },
              { title: t('stockTake.bookColumn'), dataIndex: 'book', align: 'end', render: count },
              { title: t('stockTake.counted'), dataIndex: 'counted', align: 'end', render: count },
              {
                title: t('stockTake.difference'),
                dataIndex: 'difference',
                align: 'end',
                render: (difference: number) => (
                  <Typography.Text type={difference === 0 ? 'secondary' : 'danger'}>
                    {difference > 0 ? `+${count(difference)}` : count(difference)}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Table<StockLogItem>
            data-testid="take-ledger"
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={ledgerColumns({ kind: 'raw', locale, label: (field) => t(`fields.${field}`) })}
            dataSource={take.ledger}
            onRow={ledgerRowProps}
          />
        </Flex>
      )}
    </DetailCard>
  );
}
