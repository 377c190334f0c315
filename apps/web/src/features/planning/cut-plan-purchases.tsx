import { useTranslation } from 'react-i18next';
import { Alert, Card, Table } from 'antd';
import { planPurchases, type CutPlanDetail, type PlanPurchase } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { wholeNumbers } from '../../lib/number-format.ts';

/**
 * What the plan buys and why, above its result: per spec and length the bars bought and the free bars
 * of that length the run had (all used before buying), or none. Nothing when the plan buys nothing.
 */
export function CutPlanPurchases({ plan }: { plan: CutPlanDetail }) {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const purchases = planPurchases(plan.groups);
  if (!purchases.length) return null;
  const bars = purchases.reduce((sum, purchase) => sum + purchase.bars, 0);
  return (
    <Card size="small" title={t('purchases.title')} data-testid="cut-plan-purchases">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('purchases.summary', { count: bars })} />
      <Table<PlanPurchase>
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey={(purchase) => `${purchase.rebarId}/${purchase.length}`}
        dataSource={purchases}
        columns={[
          { title: t('purchases.spec'), render: (_value, purchase) => `${purchase.grade} Φ${purchase.diameter}` },
          { title: t('purchases.length'), dataIndex: 'length', align: 'end', render: wholeNumbers(locale) },
          { title: t('purchases.bars'), dataIndex: 'bars', align: 'end', render: wholeNumbers(locale) },
          {
            title: t('purchases.why'),
            render: (_value, purchase) =>
              t(`purchases.reason.${purchase.reason}`, { free: purchase.freeBars, length: purchase.length }),
          },
        ]}
      />
    </Card>
  );
}
