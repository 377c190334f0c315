import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Select, Tag } from 'antd';
import {
  STOCK_DIRECTIONS,
  STOCK_DIRECTION_LABELS,
  STOCK_KIND_LABELS,
  STOCK_REASONS,
  STOCK_REASON_LABELS,
  hasHeatNo,
  type StockKind,
  type StockLogItem,
} from '@armature/domain';
import { usePageButtons } from '../../components/page-access.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { ledgerColumns, ledgerRowProps, type LedgerField } from '../../components/stock-ledger/ledger-columns.tsx';
import { stockLists } from './stock.queries.ts';
import { stockRowLabel } from './stock-format.ts';
import { pickerRange, timeRange } from '../../lib/date-range.ts';
import { FILTER_WIDTH, SpecFilter, TextFilter } from '../../components/list-filters.tsx';

type StockLogListProps = {
  kind: StockKind;
  /** Keeps the list's state apart from another list on the same page (the waste page's balances). */
  scope?: string;
  /** Omitted when the user may not record a move here. */
  onAdd?: () => void;
  /** The page's own buttons beside "add" (the raw ledger's stock-take). */
  tools?: ReactNode;
};

/**
 * A kind's ledger, newest first: filters by spec, direction, reason, time, heat number (raw) and source
 * document; `stockId` in the address (a stock row's "ledger" link) narrows it to that row.
 */
export function StockLogList({ kind, scope, onAdd, tools }: StockLogListProps) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const buttons = usePageButtons();
  const list = usePagedList<StockLogItem>(stockLists.ledger(kind), { scope, defaultSort: 'time desc' });
  const { filters } = list;
  const choice = (name: LedgerField, options: { value: string; label: string }[]) => ({
    'data-testid': `filter-${name}`,
    placeholder: t(`fields.${name}`),
    allowClear: true,
    style: { width: FILTER_WIDTH },
    value: filters[name],
    options,
    onChange: (value?: string | null) => list.setFilter(name, value ?? undefined),
  });
  const text = (name: LedgerField) => <TextFilter list={list} name={name} placeholder={t(`fields.${name}`)} />;
  const narrowedTo = filters.stockId ? list.items.find((row) => row.stockId === filters.stockId) : undefined;

  return (
    <ListPage<StockLogItem>
      title={t('titles.log', { kind: STOCK_KIND_LABELS[kind][locale] })}
      list={list}
      columns={ledgerColumns({ kind, locale, label: (field) => t(`fields.${field}`), sortable: list.sortable })}
      searchPlaceholder={t(hasHeatNo(kind) ? 'log.searchInRaw' : 'log.searchIn')}
      filters={
        <>
          {filters.stockId && (
            <Tag data-testid="filter-stockId" closable onClose={() => list.setFilter('stockId', undefined)}>
              {t('log.onlyStock', { stock: narrowedTo ? stockRowLabel(narrowedTo) : '…' })}
            </Tag>
          )}
          <SpecFilter list={list} placeholder={t('fields.spec')} />
          <Select
            {...choice(
              'direction',
              STOCK_DIRECTIONS.map((value) => ({ value, label: STOCK_DIRECTION_LABELS[value][locale] })),
            )}
          />
          <Select
            {...choice(
              'reason',
              STOCK_REASONS.map((value) => ({ value, label: STOCK_REASON_LABELS[value][locale] })),
            )}
          />
          <DatePicker.RangePicker
            data-testid="filter-time"
            value={pickerRange(filters.timeFrom, filters.timeTo)}
            onChange={(range) => {
              const [timeFrom, timeTo] = timeRange(range);
              list.setFilters({ timeFrom, timeTo });
            }}
          />
          {hasHeatNo(kind) && text('heatNo')}
          {text('sourceCode')}
        </>
      }
      canExport={buttons.has('export')}
      onAdd={onAdd}
      tools={tools}
      addLabel={t('log.add')}
      onRow={ledgerRowProps}
    />
  );
}
