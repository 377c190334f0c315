import type { HTMLAttributes } from 'react';
import { Tag, type TableColumnType } from 'antd';
import {
  STOCK_DIRECTION_LABELS,
  STOCK_KIND_LABELS,
  STOCK_REASON_LABELS,
  hasHeatNo,
  type Locale,
  type StockKind,
  type StockLogItem,
} from '@armature/domain';
import type { ListColumn } from '../resource/export-columns.ts';
import { formatDateTime } from '../resource/date-time.ts';
import { weightColumn } from '../resource/weight-column.tsx';
import { wholeNumbers } from '../../lib/number-format.ts';

/** The ledger's fields, each labelled by the caller (the stock pages by `stock`'s `fields.<name>`). */
const LEDGER_FIELDS = [
  'time',
  'kind',
  'direction',
  'spec',
  'length',
  'heatNo',
  'lot',
  'quantity',
  'weight',
  'balanceAfter',
  'reason',
  'sourceCode',
  'operator',
  'remark',
] as const;
export type LedgerField = (typeof LEDGER_FIELDS)[number];

type LedgerColumnOptions = {
  /** The rows' stock kind; none: rows of several kinds, each saying its own (and no heat number or lot column). */
  kind?: StockKind;
  locale: Locale;
  label: (field: LedgerField) => string;
  /** The fields to show, in this order; all that fit `kind` when not given. */
  fields?: readonly LedgerField[];
  /** Column props sorting on the server (`usePagedList().sortable`); a ledger sorts by time only. */
  sortable?: (field: string) => TableColumnType<StockLogItem>;
};

/**
 * The columns of ledger rows, wherever they show (a ledger page, a stock row's ledger, a receipt's, the moves a
 * task caused): time, stock kind (rows of several kinds only), direction, spec, length, heat number (raw only), lot
 * (offcuts only), quantity, weight, balance after, reason, source code, operator, remark. Quantities are signed by
 * their direction only in the tag, the numbers stay as the server keeps them (positive) so an export sums per
 * direction.
 */
export function ledgerColumns({
  kind,
  locale,
  label,
  sortable,
  fields,
}: LedgerColumnOptions): ListColumn<StockLogItem>[] {
  const direction = (row: StockLogItem) => STOCK_DIRECTION_LABELS[row.direction][locale];
  const whole = wholeNumbers(locale);
  // Titled below, so only the fields shown are asked for a label.
  const columns: Record<LedgerField, ListColumn<StockLogItem>> = {
    time: {
      key: 'time',
      dataIndex: 'time',
      ...sortable?.('time'),
      render: formatDateTime,
      exportValue: (row) => formatDateTime(row.time),
    },
    kind: {
      key: 'kind',
      dataIndex: 'kind',
      render: (_value, row) => STOCK_KIND_LABELS[row.kind][locale],
      exportValue: (row) => STOCK_KIND_LABELS[row.kind][locale],
    },
    direction: {
      key: 'direction',
      dataIndex: 'direction',
      render: (_value, row) => <Tag color={row.direction === 'in' ? 'success' : 'warning'}>{direction(row)}</Tag>,
      exportValue: direction,
    },
    spec: { key: 'rebarName', dataIndex: 'rebarName' },
    length: { key: 'length', dataIndex: 'length', align: 'end', render: whole },
    heatNo: { key: 'heatNo', dataIndex: 'heatNo' },
    // An offcut's lot: the code on its label, so a keeper follows one lot through the ledger.
    lot: { key: 'lotCode', dataIndex: 'lotCode' },
    quantity: { key: 'quantity', dataIndex: 'quantity', align: 'end', render: whole },
    weight: weightColumn<StockLogItem>('', locale),
    balanceAfter: {
      key: 'balanceAfter',
      dataIndex: 'balanceAfter',
      align: 'end',
      render: whole,
    },
    reason: {
      key: 'reason',
      dataIndex: 'reason',
      render: (_value, row) => STOCK_REASON_LABELS[row.reason][locale],
      exportValue: (row) => STOCK_REASON_LABELS[row.reason][locale],
    },
    sourceCode: { key: 'sourceCode', dataIndex: 'sourceCode' },
    operator: { key: 'operatorName', dataIndex: 'operatorName' },
    remark: { key: 'remark', dataIndex: 'remark', ellipsis: true },
  };
  const fitting = (field: LedgerField) => {
    if (field === 'kind') return kind === undefined;
    if (field === 'heatNo') return kind !== undefined && hasHeatNo(kind);
    if (field === 'lot') return kind === 'tail';
    return true;
  };
  return (fields ?? LEDGER_FIELDS.filter(fitting)).map((field) => ({ ...columns[field], title: label(field) }));
}

/** A ledger row's test id: `row-<seq>`. */
export const ledgerRowProps = (row: StockLogItem) =>
  ({ 'data-testid': `row-${row.seq}` }) as HTMLAttributes<HTMLElement>;
