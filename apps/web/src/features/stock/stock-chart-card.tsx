import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import type { StockKind } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { stockQueries } from './stock.queries.ts';
import { weightChart } from './stock-format.ts';

// The charting library is its own chunk, fetched when a stock page first shows a chart.
const StockChart = lazy(() => import('./stock-chart.tsx'));

/** Weight by diameter and kind over every stock the user may read (`GET /stock/summary`). */
export function StockChartCard({ kind }: { kind: StockKind }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const summary = useQuery(stockQueries.summary());
  const chart = summary.data && weightChart(summary.data);
  return (
    <Card data-testid="stock-chart" size="small" title={t('chart.title')}>
      {summary.isLoading && <Skeleton active />}
      {chart && chart.rows.length === 0 && <Empty description={t('chart.empty')} />}
      {chart && chart.rows.length > 0 && (
        <Suspense fallback={<Skeleton active />}>
          <StockChart chart={chart} locale={locale} kind={kind} description={t('chart.description')} />
        </Suspense>
      )}
    </Card>
  );
}
