import type { TFunction } from 'i18next';
import { Flex, Tag, Typography } from 'antd';
import type { StockItem } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';

type Sortable = (field: string) => object;

const heatsOf = (row: StockItem, t: TFunction<'stock'>) =>
  row.lot?.heatNos.length ? row.lot.heatNos.join(', ') : t('lot.heatUnknown');

/**
 * Offcut stock's lot columns: the lot's code (what its label prints) with the heats of its steel — or
 * "heat unknown" for offcuts kept before lots existed — and the task that kept it; its age in days.
 */
export function offcutLotColumns(t: TFunction<'stock'>, sortable: Sortable): ListColumn<StockItem>[] {
  return [
    {
      title: t('lot.column'),
      key: 'lot',
      render: (_: unknown, row: StockItem) =>
        row.lot && (
          <Flex vertical gap={2} data-testid="stock-lot">
            <Typography.Text strong copyable={{ text: row.lot.code }}>
              {row.lot.code}
            </Typography.Text>
            <Flex gap={4} wrap>
              {row.lot.heatNos.length ? (
                row.lot.heatNos.map((heatNo) => <Tag key={heatNo}>{heatNo}</Tag>)
              ) : (
                <Tag color="warning" data-testid="lot-heat-unknown">
                  {t('lot.heatUnknown')}
                </Tag>
              )}
            </Flex>
            {row.lot.sourceCode && (
              <Typography.Text type="secondary">{t('lot.madeBy', { source: row.lot.sourceCode })}</Typography.Text>
            )}
          </Flex>
        ),
      exportValue: (row: StockItem) => (row.lot ? `${row.lot.code} ${heatsOf(row, t)}` : ''),
    },
    {
      title: t('lot.age'),
      dataIndex: 'lot',
      align: 'end',
      ...sortable('lotMadeAt'),
      render: (lot: StockItem['lot']) =>
        lot && (
          <Flex gap={4} justify="end" wrap>
            <span data-testid="lot-age">{t('lot.ageDays', { count: lot.ageDays })}</span>
            {/* Past the product's aging days: to re-use first, or scrap. */}
            {lot.aged && (
              <Tag color="orange" data-testid="lot-aged">
                {t('lot.aged')}
              </Tag>
            )}
          </Flex>
        ),
      exportValue: (row: StockItem) => row.lot?.ageDays ?? '',
    },
  ];
}
