import type { HTMLAttributes } from 'react';
import { Tag, type TableColumnType } from 'antd';
import {
  STOCK_DIRECTION_LABELS,
  STOCK_REASON_LABELS,
  hasHeatNo,
  type Locale,
  type StockKind,
  type StockLogItem,
} from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { weightColumn } from '../../components/resource/weight-column.tsx';
import { wholeNumbers } from '../../lib/number-format.ts';

/** The ledger's fields, each labelled by `stock`'s `fields.<name>`. */
export type LedgerField =
  | 'time'
  | 'direction'
  | 'spec'
  | 'length'
  | 'heatNo'
  | 'lot'
  | 'quantity'
  | 'weight'
  | 'balanceAfter'
  | 'reason'
  | 'sourceCode'
  | 'operator'
  | 'remark';

type LedgerColumnOptions = {
  kind: StockKind;
  locale: Locale;
  /** The `stock` namespace's translations (any `t` that has its `fields.*`). */
  t: (key: `fields.${LedgerField}`) => string;
  /** Column props sorting on the server (`usePagedList().sortable`); a ledger sorts by time only. */
  sortable?: (field: string) => TableColumnType<StockLogItem>;
};

/**
 * The columns of ledger rows, wherever they show (a ledger page, a stock row's ledger, a receipt's):
 * time, direction, spec, length, heat number (raw only), lot (offcuts only), quantity, weight, balance after, reason,
 * source code, operator, remark. Quantities are signed by their direction only in the tag, the
 * numbers stay as the server keeps them (positive) so an export sums per direction.
 */
export function ledgerColumns({ kind, locale, t, sortable }: LedgerColumnOptions): ListColumn<StockLogItem>[] {
  const direction = (row: StockLogItem) => STOCK_DIRECTION_LABELS[row.direction][locale];
  return [
    {
      key: 'time',
      title: t('fields.time'),
      dataIndex: 'time',
      ...sortable?.('time'),
      render: formatDateTime,
      exportValue: (row) => formatDateTime(row.time),
    },
    {
      key: 'direction',
      title: t('fields.direction'),
      dataIndex: 'direction',
      render: (_value, row) => <Tag color={row.direction === 'in' ? 'success' : 'warning'}>{direction(row)}</Tag>,
      exportValue: direction,
    },
    { key: 'rebarName', title: t('fields.spec'), dataIndex: 'rebarName' },
    { key: 'length', title: t('fields.length'), dataIndex: 'length', align: 'end', render: wholeNumbers(locale) },
    ...(hasHeatNo(kind)
      ? [{ key: 'heatNo', title: t('fields.heatNo'), dataIndex: 'heatNo' } satisfies ListColumn<StockLogItem>]
      : []),
    // An offcut's lot: the code on its label, so a keeper follows one lot through the ledger.
    ...(kind === 'tail'
      ? [{ key: 'lotCode', title: t('fields.lot'), dataIndex: 'lotCode' } satisfies ListColumn<StockLogItem>]
      : []),
    { key: 'quantity', title: t('fields.quantity'), dataIndex: 'quantity', align: 'end', render: wholeNumbers(locale) },
    weightColumn<StockLogItem>(t('fields.weight'), locale),
    {
      key: 'balanceAfter',
      title: t('fields.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'end',
      render: wholeNumbers(locale),
    },
    {
      key: 'reason',
      title: t('fields.reason'),
      dataIndex: 'reason',
      render: (_value, row) => STOCK_REASON_LABELS[row.reason][locale],
      exportValue: (row) => STOCK_REASON_LABELS[row.reason][locale],
    },
    { key: 'sourceCode', title: t('fields.sourceCode'), dataIndex: 'sourceCode' },
    { key: 'operatorName', title: t('fields.operator'), dataIndex: 'operatorName' },
    { key: 'remark', title: t('fields.remark'), dataIndex: 'remark', ellipsis: true },
  ];
}

/** A ledger row's test id: `row-<seq>`. */
export const ledgerRowProps = (row: StockLogItem) =>
  ({ 'data-testid': `row-${row.seq}` }) as HTMLAttributes<HTMLElement>;
