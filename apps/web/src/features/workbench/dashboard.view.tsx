import type { ReactNode } from 'react';
import { Col, Empty, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OeeTile } from './oee-tile.tsx';
import { OrdersDueTile } from './orders-due-tile.tsx';
import { ProductionTile } from './production-tile.tsx';
import { StockTile } from './stock-tile.tsx';
import { WasteTrendTile } from './waste-trend-tile.tsx';
import { workbenchQueries } from './workbench.queries.ts';

/**
 * A plant user's home after sign-in: today's production, OEE, the orders due this week, stock
 * by diameter and the waste trend of the current product, each tile leading to its page. The server
 * leaves out (null) the tiles whose page the user may not open. Two tiles a row on a wide screen, one
 * under the other on a phone.
 */
export function DashboardView() {
  const { t } = useTranslation('workbench');
  const dashboard = useQuery(workbenchQueries.dashboard());
  const data = dashboard.data;
  if (dashboard.isPending) return <Skeleton active data-testid="dashboard-loading" />;
  // The message bar already told why.
  if (!data) return <Result status="warning" title={t('dashboard.failed')} />;
  // Tiles holding a table or a chart by machine take the whole row: half a 1280 px screen cut the OEE
  // table's last columns off.
  const WIDE = new Set(['production', 'oee']);
  const tiles: [string, ReactNode][] = [];
  if (data.production) tiles.push(['production', <ProductionTile production={data.production} />]);
  if (data.oee) tiles.push(['oee', <OeeTile oee={data.oee} />]);
  if (data.ordersDue) tiles.push(['ordersDue', <OrdersDueTile orders={data.ordersDue} />]);
  if (data.stock) tiles.push(['stock', <StockTile stock={data.stock} />]);
  if (data.wasteTrend) tiles.push(['waste', <WasteTrendTile trend={data.wasteTrend} />]);
  return (
    <Flex vertical gap="middle" data-testid="dashboard">
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dashboard.title')}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="dashboard-date">
          {t('dashboard.today', { date: data.date })}
        </Typography.Text>
      </Flex>
      {tiles.length === 0 ? (
        <Empty description={t('dashboard.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {tiles.map(([key, tile]) => (
            <Col key={key} xs={24} xl={WIDE.has(key) ? 24 : 12}>
              {tile}
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
