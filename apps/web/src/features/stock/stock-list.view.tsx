import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Flex, Input, InputNumber, Tabs, Tag, Typography } from 'antd';
import { HistoryOutlined, SwapOutlined } from '@ant-design/icons';
import {
  MAX_BAR_LENGTH,
  STOCK_KIND_LABELS,
  STOCK_PERMISSIONS,
  flattenPages,
  hasHeatNo,
  hasLocation,
  pageUrlOf,
  stockLocationResource,
  type StockItem,
  type StockKind,
  type StockPage,
} from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/use-session.ts';
import { IntegrityCheck } from './integrity-check.tsx';
import { MoveDrawer } from './move-drawer.tsx';
import { StockChartCard } from './stock-chart-card.tsx';
import { stockLists } from './stock.queries.ts';
import { formatKg, stockRowLabel } from './stock-format.ts';
import { StockLedgerDrawer } from './stock-ledger-drawer.tsx';
import { StockLogList } from './stock-log-list.tsx';
import { ChoiceFilter, FILTER_WIDTH, ReferenceFilter, SpecFilter } from '../../components/list-filters.tsx';
import { useHolds } from '../../components/page-access.ts';
import { RelocateDialog } from './relocate-dialog.tsx';
import { weightColumn } from '../../components/resource/weight-column.tsx';
import { offcutLotColumns } from './offcut-lot-columns.tsx';
import { wholeNumbers } from '../../lib/number-format.ts';
import { useAddressParams } from '../../lib/address-params.ts';

/** The waste page shows its ledger in a tab, its state under this address prefix. */
const LOG_SCOPE = 'log';
/** The waste page's open tab; dotted, so the balances list does not take it for a filter. */
const TAB_PARAM = 'ui.tab';

/**
 * A kind's balances per spec and length (raw: and heat number): filters, sorting, totals of every
 * matching row, export, the weight chart, each row's ledger in a drawer. Raw stock also offers the
 * ledger check; waste, which has no ledger page, shows its ledger in a tab and records moves here.
 */
function StockListView({ kind }: { kind: StockKind }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const list = usePagedList<StockItem, StockPage>(stockLists.balances(kind));
  const actions = useRecordActions<StockItem>(undefined, stockRowLabel);
  const [ledgerOf, setLedgerOf] = useState<string>();
  const [moving, setMoving] = useState(false);
  const [relocating, setRelocating] = useState<StockItem>();
  const [params, changeParams] = useAddressParams();
  const menus = useSession()?.menus;
  const logPage = STOCK_PERMISSIONS[kind].log;
  const hasLogPage = logPage !== STOCK_PERMISSIONS[kind].stock;
  const mayOpenLog = hasLogPage && flattenPages(menus ?? []).some((page) => page.id === logPage);
  const { filters } = list;
  const heat = hasHeatNo(kind);
  // Raw bars and offcuts lie at a rack or bin; whoever may move them by hand may carry them elsewhere.
  const placed = hasLocation(kind);
  const mayRelocate = useHolds(STOCK_PERMISSIONS[kind].add) && placed;
  const totals = list.data?.totals;
  // Only waste records moves on its stock page (the other kinds on their ledger pages).
  const onAdd = !hasLogPage && actions.buttons.has('add') ? () => setMoving(true) : undefined;
  const showTab = (tab: string) => changeParams((next) => next.set(TAB_PARAM, tab), { replace: true });

  const number = (name: 'diameter' | 'length' | 'minAgeDays', max: number) => (
    <InputNumber<number>
      data-testid={`filter-${name}`}
      placeholder={name === 'minAgeDays' ? t('lot.minAge') : t(`fields.${name}`)}
      style={{ width: name === 'minAgeDays' ? 160 : 130 }}
      min={name === 'minAgeDays' ? 0 : 1}
      max={max}
      precision={0}
      suffix={name === 'minAgeDays' ? undefined : 'mm'}
      value={filters[name] === undefined ? null : Number(filters[name])}
      onChange={(value) => list.setFilter(name, value === null ? undefined : String(value))}
      onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
    />
  );

  const columns: ListColumn<StockItem>[] = [
    { title: t('fields.spec'), dataIndex: 'rebarName', fixed: 'start', ...list.sortable('rebarName') },
    {
      title: t('fields.diameter'),
      dataIndex: 'diameter',
      align: 'end',
      render: wholeNumbers(locale),
      ...list.sortable('diameter'),
    },
    {
      title: t('fields.length'),
      dataIndex: 'length',
      align: 'end',
      render: wholeNumbers(locale),
      ...list.sortable('length'),
    },
    ...(heat
      ? [
          {
            title: t('fields.heatNo'),
            dataIndex: 'heatNo',
            ...list.sortable('heatNo'),
            // Bars of a receipt that failed its inspection: counted, but no cutting plan takes them.
            render: (heatNo: string | null, row: StockItem) => (
              <Flex gap={4} wrap>
                {heatNo}
                {row.held && (
                  <Tag color="error" data-testid="stock-held">
                    {t('stock.held')}
                  </Tag>
                )}
              </Flex>
            ),
            exportValue: (row: StockItem) => (row.held ? `${row.heatNo ?? ''} (${t('stock.held')})` : row.heatNo),
          },
        ]
      : []),
    ...(placed
      ? [
          {
            title: t('fields.location'),
            dataIndex: 'locationCode',
            ...list.sortable('locationCode'),
            render: (code: string | null, row: StockItem) =>
              code ? `${code} ${row.locationName ?? ''}`.trim() : t('location.unplaced'),
            exportValue: (row: StockItem) => row.locationCode ?? '',
          },
        ]
      : []),
    ...(kind === 'tail' ? offcutLotColumns(t, list.sortable) : []),
    {
      title: t('fields.quantity'),
      dataIndex: 'quantity',
      align: 'end',
      render: wholeNumbers(locale),
      onCell: () => ({ 'data-testid': 'cell-quantity' }) as object,
      ...list.sortable('quantity'),
    },
    // What approved cutting plans count on, and what is left for new plans (raw bars and offcuts).
    ...(kind === 'raw' || kind === 'tail'
      ? (['reserved', 'available'] as const).map((field) => ({
          title: t(`fields.${field}`),
          dataIndex: field,
          align: 'end' as const,
          render: wholeNumbers(locale),
        }))
      : []),
    weightColumn(t('fields.weight'), locale, list.sortable('weight')),
    {
      title: t('fields.lastMoveTime'),
      dataIndex: 'lastMoveTime',
      ...list.sortable('lastMoveTime'),
      render: (time: string | null) => time && formatDateTime(time),
      exportValue: (row) => row.lastMoveTime && formatDateTime(row.lastMoveTime),
    },
    actions.column((row) => [
      {
        key: 'ledger',
        label: t('ledger.show'),
        icon: <HistoryOutlined />,
        visible: true,
        onClick: () => setLedgerOf(row.id),
      },
      {
        key: 'relocate',
        label: t('location.relocate'),
        icon: <SwapOutlined />,
        visible: mayRelocate && row.quantity > 0,
        onClick: () => setRelocating(row),
      },
    ]),
  ];

  const balances = (
    <ListPage<StockItem, StockPage>
      title={t('titles.stock', { kind: STOCK_KIND_LABELS[kind][locale] })}
      list={list}
      columns={columns}
      searchPlaceholder={t(heat ? 'stock.searchInRaw' : kind === 'tail' ? 'stock.searchInTail' : 'stock.searchIn')}
      filters={
        <>
          <SpecFilter list={list} placeholder={t('fields.spec')} />
          {number('diameter', 100)}
          {number('length', MAX_BAR_LENGTH)}
          {kind === 'tail' && number('minAgeDays', 36_500)}
          {kind === 'tail' && (
            <Checkbox
              data-testid="filter-aged"
              checked={filters.aged === 'true'}
              onChange={(event) => list.setFilter('aged', event.target.checked ? 'true' : undefined)}
            >
              {t('lot.agedOnly')}
            </Checkbox>
          )}
          {heat && (
            <Input.Search
              key={filters.heatNo ?? ''}
              data-testid="filter-heatNo"
              placeholder={t('fields.heatNo')}
              allowClear
              defaultValue={filters.heatNo}
              onSearch={(value) => list.setFilter('heatNo', value.trim() || undefined)}
              style={{ width: FILTER_WIDTH }}
            />
          )}
          {placed && (
            <ReferenceFilter
              list={list}
              name="locationId"
              to={stockLocationResource.name}
              placeholder={t('fields.location')}
            />
          )}
          {heat && (
            <ChoiceFilter
              list={list}
              name="held"
              placeholder={t('stock.heldFilter')}
              values={['false', 'true'] as const}
              labelOf={(value) => t(value === 'true' ? 'stock.held' : 'stock.free')}
            />
          )}
          <Checkbox
            data-testid="filter-includeEmpty"
            checked={filters.includeEmpty === 'true'}
            onChange={(event) => list.setFilter('includeEmpty', event.target.checked ? 'true' : undefined)}
          >
            {t('stock.includeEmpty')}
          </Checkbox>
        </>
      }
      tools={kind === 'raw' && actions.buttons.has('integrity') && <IntegrityCheck />}
      summary={
        <Flex data-testid="stock-totals" gap="large" wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">
            {t('stock.totalQuantity')}{' '}
            <Typography.Text strong data-testid="stock-totals-quantity">
              {totals ? wholeNumbers(locale)(totals.quantity) : '—'}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('stock.totalWeight')}{' '}
            <Typography.Text strong data-testid="stock-totals-weight">
              {totals ? formatKg(totals.weight, locale) : '—'}
            </Typography.Text>
          </Typography.Text>
          {heat && (
            <Typography.Text type="secondary">
              {t('stock.totalHeld')}{' '}
              <Typography.Text
                strong
                type={totals?.heldQuantity ? 'danger' : undefined}
                data-testid="stock-totals-held"
              >
                {totals ? wholeNumbers(locale)(totals.heldQuantity) : '—'}
              </Typography.Text>
            </Typography.Text>
          )}
        </Flex>
      }
      canExport={actions.buttons.has('export')}
      onAdd={onAdd}
      addLabel={t('log.add')}
      onRow={actions.rowProps}
    />
  );

  return (
    <Flex vertical gap="middle">
      <StockChartCard kind={kind} />
      {hasLogPage ? (
        balances
      ) : (
        <Tabs
          data-testid="stock-tabs"
          // One list in the page at a time, so the list test ids stay unique.
          destroyOnHidden
          activeKey={params.get(TAB_PARAM) ?? 'stock'}
          onChange={showTab}
          items={[
            { key: 'stock', label: t('tabs.stock'), children: balances },
            {
              key: 'log',
              label: t('tabs.log'),
              children: <StockLogList kind={kind} scope={LOG_SCOPE} onAdd={onAdd} />,
            },
          ]}
        />
      )}
      <StockLedgerDrawer
        kind={kind}
        stockId={ledgerOf}
        onClose={() => setLedgerOf(undefined)}
        logUrl={mayOpenLog ? pageUrlOf(logPage) : undefined}
      />
      {relocating && (kind === 'raw' || kind === 'tail') && (
        <RelocateDialog row={{ ...relocating, kind }} onClose={() => setRelocating(undefined)} />
      )}
      <MoveDrawer
        kind={kind}
        open={moving}
        onClose={() => setMoving(false)}
        onDone={() => {
          setMoving(false);
          showTab('log');
        }}
      />
    </Flex>
  );
}

/** One screen per kind, created once so each keeps its identity between renders. */
export const stockListScreens: Record<StockKind, ComponentType> = {
  raw: () => <StockListView kind="raw" />,
  finished: () => <StockListView kind="finished" />,
  tail: () => <StockListView kind="tail" />,
  waste: () => <StockListView kind="waste" />,
};
