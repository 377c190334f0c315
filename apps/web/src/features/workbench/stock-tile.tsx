import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STOCK_PERMISSIONS, type Dashboard } from '@armature/domain';
import { useChartStyle } from '../../components/chart-style.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber } from '../../lib/number-format.ts';
import { DashboardTile } from './dashboard-tile.tsx';

const HEIGHT = 240;

/** Raw, offcut and reserved kilograms by diameter, grouped bars in the theme's colours. */
export function StockTile({ stock }: { stock: NonNullable<Dashboard['stock']> }) {
  const { t } = useTranslation('workbench');
  const locale = useLocale();
  const { token, axis, grid, tooltip, legend } = useChartStyle();
  const diameter = (value: unknown) => `Φ${String(value)}`;
  const series = [
    { key: 'rawKg', name: t('stock.raw'), fill: token.colorPrimary },
    { key: 'tailKg', name: t('stock.tail'), fill: token.colorWarning },
    { key: 'reservedKg', name: t('stock.reserved'), fill: token.colorTextTertiary },
  ];
  return (
    <DashboardTile name="stock" title={t('stock.title')} page={STOCK_PERMISSIONS.raw.stock}>
      {stock.length === 0 ? (
        <Empty description={t('stock.none')} />
      ) : (
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={stock} desc={t('stock.chart')} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid {...grid} />
            <XAxis dataKey="diameter" tickFormatter={diameter} {...axis} />
            <YAxis width="auto" tickFormatter={(value: number) => formatNumber(value, locale, 0)} {...axis} />
            <Tooltip
              {...tooltip}
              labelFormatter={diameter}
              formatter={(value) => `${formatKg(Number(value), locale)} kg`}
            />
            {/* Raw, offcuts, reserved: the legend keeps the series' order, not the alphabet's. */}
            <Legend itemSorter={null} {...legend} />
            {series.map((bar) => (
              <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.fill} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </DashboardTile>
  );
}
