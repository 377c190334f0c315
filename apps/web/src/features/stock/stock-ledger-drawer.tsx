import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Skeleton, Table } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { hasHeatNo, type StockKind, type StockLogItem } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { ledgerColumns, ledgerRowProps } from '../../components/stock-ledger/ledger-columns.tsx';
import { stockQueries } from './stock.queries.ts';
import { formatKg, stockRowLabel } from './stock-format.ts';
import { wholeNumbers } from '../../lib/number-format.ts';

// Wide enough for every ledger column, never wider than the window.
const WIDTH = 'min(1100px, 100vw)';

type StockLedgerDrawerProps = {
  kind: StockKind;
  /** The stock row shown; undefined closes the drawer. */
  stockId: string | undefined;
  onClose: () => void;
  /** The kind's ledger page filtered by this row, where the user may open it. */
  logUrl?: string;
};

/** One stock row and the ledger rows that make its balance (`GET /stock/{kind}/{id}`). */
export function StockLedgerDrawer({ kind, stockId, onClose, logUrl }: StockLedgerDrawerProps) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const navigate = useNavigate();
  const detail = useQuery(stockQueries.balance(kind, stockId));
  const stock = detail.data;
  return (
    <Drawer
      data-testid="stock-ledger"
      title={stock && t('ledger.title', { stock: stockRowLabel(stock) })}
      open={stockId !== undefined}
      size={WIDTH}
      onClose={onClose}
      extra={
        logUrl &&
        stockId && (
          <Button
            data-testid="stock-ledger-open-log"
            icon={<HistoryOutlined />}
            onClick={() => void navigate(`${logUrl}?stockId=${stockId}`)}
          >
            {t('ledger.openLog')}
          </Button>
        )
      }
    >
      {detail.isLoading && <Skeleton active />}
      {stock && (
        <Flex vertical gap="middle">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'spec', label: t('fields.spec'), children: stock.rebarName },
              { key: 'length', label: t('fields.length'), children: `${wholeNumbers(locale)(stock.length)} mm` },
              ...(hasHeatNo(kind) ? [{ key: 'heatNo', label: t('fields.heatNo'), children: stock.heatNo }] : []),
              { key: 'quantity', label: t('fields.quantity'), children: wholeNumbers(locale)(stock.quantity) },
              { key: 'weight', label: t('fields.weight'), children: formatKg(stock.weight, locale) },
            ]}
          />
          <Table<StockLogItem>
            size="small"
            rowKey="id"
            scroll={{ x: 'max-content' }}
            columns={ledgerColumns({ kind, locale, label: (field) => t(`fields.${field}`) })}
            dataSource={stock.ledger}
            onRow={ledgerRowProps}
          />
        </Flex>
      )}
    </Drawer>
  );
}
