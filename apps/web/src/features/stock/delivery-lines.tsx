import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { RebarReceive } from '@armature/domain';
import { Slot } from '../../components/feature-slots.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { stockQueries } from './stock.queries.ts';
import { WeightCheck } from './weight-check.tsx';

/**
 * The lines of a receipt's delivery note (the truck it came on), the open one marked: each line's
 * heat, bars, weighbridge check and quality status, and a link to its own receipt, where it is
 * inspected, held and certified.
 */
export function DeliveryLines({ deliveryId, currentId }: { deliveryId: string; currentId: string }) {
  const { t } = useTranslation(['stock', 'quality']);
  const locale = useLocale();
  const delivery = useQuery(stockQueries.delivery(deliveryId));
  return (
    <Table<RebarReceive>
      data-testid="delivery-lines"
      size="small"
      rowKey="id"
      loading={delivery.isLoading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={delivery.data?.lines}
      rowClassName={(line) => (line.id === currentId ? 'ant-table-row-selected' : '')}
      columns={[
        {
          title: t('fields.code'),
          dataIndex: 'code',
          render: (code: string, line) =>
            line.id === currentId ? (
              code
            ) : (
              <Link relative="path" to={`../${line.id}`} data-testid="delivery-line-link">
                {code}
              </Link>
            ),
        },
        { title: t('fields.spec'), dataIndex: 'rebarName' },
        { title: t('fields.heatNo'), dataIndex: 'heatNo' },
        { title: t('fields.length'), dataIndex: 'length', align: 'end', render: wholeNumbers(locale) },
        { title: t('fields.barCount'), dataIndex: 'barCount', align: 'end', render: wholeNumbers(locale) },
        {
          title: t('fields.weight'),
          dataIndex: 'weight',
          align: 'end',
          render: (weight: number) => formatKg(weight, locale),
        },
        {
          title: t('deliveryNote.weighed'),
          dataIndex: 'weighedWeight',
          render: (_value, line) => <WeightCheck line={line} />,
        },
        {
          title: t('quality:receipt.qualityStatus'),
          dataIndex: 'qualityStatus',
          render: (_value, line) => <Slot name="receiptQualityStatus" props={{ status: line.qualityStatus }} />,
        },
      ]}
    />
  );
}
