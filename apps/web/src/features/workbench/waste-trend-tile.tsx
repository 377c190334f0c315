import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STOCK_PERMISSIONS, type Dashboard } from '@armature/domain';
import { useChartStyle } from '../../components/chart-style.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from '../../lib/number-format.ts';
import { DashboardTile } from './dashboard-tile.tsx';
import { formatRate } from './workbench-format.ts';

const HEIGHT = 220;

/** The daily waste rate of the last 30 plant days, each day's output and waste in its tooltip. */
export function WasteTrendTile({ trend }: { trend: NonNullable<Dashboard['wasteTrend']> }) {
  const { t } = useTranslation('workbench');
  const locale = useLocale();
  const { token, axis, grid, tooltip } = useChartStyle();
  // The day of the month (MM-DD) is enough on the axis; the tooltip names the whole date.
  const day = (value: unknown) => String(value).slice(5);
  return (
    <DashboardTile name="waste" title={t('waste.title')} page={STOCK_PERMISSIONS.waste.stock}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={trend} desc={t('waste.chart')} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid {...grid} />
          <XAxis dataKey="date" tickFormatter={day} minTickGap={16} {...axis} />
          <YAxis width="auto" tickFormatter={(rate: number) => formatRate(rate, locale)} {...axis} />
          <Tooltip
            {...tooltip}
            cursor={{ stroke: token.colorBorder }}
            content={({ active, payload, label }) => {
              const point = active ? (payload?.[0]?.payload as (typeof trend)[number] | undefined) : undefined;
              if (!point) return null;
              return (
                <div style={{ ...tooltip.contentStyle, padding: 8, color: token.colorText }}>
                  <strong>{String(label)}</strong>
                  <div>{`${t('waste.rate')}: ${formatRate(point.rate, locale)}`}</div>
                  <div>{`${t('waste.producedKg')}: ${formatKg(point.producedKg, locale)}`}</div>
                  <div>{`${t('waste.wasteKg')}: ${formatKg(point.wasteKg, locale)}`}</div>
                </div>
              );
            }}
          />
          {/* Days without output have no rate: the line runs on over them so the trend stays readable. */}
          <Line
            connectNulls
            dataKey="rate"
            name={t('waste.rate')}
            stroke={token.colorWarning}
            dot={{ r: 2, fill: token.colorWarning }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </DashboardTile>
  );
}
