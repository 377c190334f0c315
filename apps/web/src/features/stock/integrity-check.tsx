import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Result, Table } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { STOCK_KIND_LABELS, type StockIntegrity } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from './stock-format.ts';
import { stockMutations } from './stock.queries.ts';
import { wholeNumbers } from '../../lib/number-format.ts';

type Mismatch = StockIntegrity['mismatches'][number];

/** "Check ledgers": re-adds every ledger on the server and shows whether each balance agrees. */
export function IntegrityCheck() {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const check = useMutation(stockMutations.checkIntegrity());
  const result = check.data;
  const amount = (value: { quantity: number; weight: number }) =>
    t('integrity.amount', { quantity: wholeNumbers(locale)(value.quantity), weight: formatKg(value.weight, locale) });
  return (
    <>
      <Button
        data-testid="stock-integrity"
        icon={<SafetyCertificateOutlined />}
        loading={check.isPending}
        onClick={() => check.mutate()}
      >
        {t('integrity.check')}
      </Button>
      <Modal
        open={result !== undefined}
        title={t('integrity.title')}
        width={720}
        footer={null}
        onCancel={() => check.reset()}
      >
        {result && (
          <div data-testid="integrity-result" data-ok={result.ok}>
            <Result
              status={result.ok ? 'success' : 'error'}
              title={result.ok ? t('integrity.ok') : t('integrity.failed', { count: result.mismatches.length })}
            />
            <Descriptions
              size="small"
              bordered
              column={2}
              items={[
                { key: 'checked', label: t('integrity.checked'), children: result.checked },
                { key: 'ledgerRows', label: t('integrity.ledgerRows'), children: result.ledgerRows },
              ]}
            />
            {result.mismatches.length > 0 && (
              <Table<Mismatch>
                style={{ marginTop: 16 }}
                size="small"
                rowKey="stockId"
                pagination={false}
                dataSource={result.mismatches}
                columns={[
                  {
                    title: t('fields.kind'),
                    dataIndex: 'kind',
                    render: (_v, row) => STOCK_KIND_LABELS[row.kind][locale],
                  },
                  { title: t('fields.spec'), dataIndex: 'rebarName' },
                  { title: t('fields.length'), dataIndex: 'length', align: 'end', render: wholeNumbers(locale) },
                  { title: t('fields.heatNo'), dataIndex: 'heatNo' },
                  { title: t('integrity.balance'), key: 'balance', render: (_v, row) => amount(row.balance) },
                  { title: t('integrity.ledger'), key: 'ledger', render: (_v, row) => amount(row.ledger) },
                ]}
              />
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
