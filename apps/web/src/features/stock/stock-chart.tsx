import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STOCK_KINDS, STOCK_KIND_LABELS, type Locale, type StockKind } from '@armature/domain';
import { formatKg, type WeightChart } from './stock-format.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { useChartStyle } from '../../components/chart-style.ts';

const HEIGHT = 260;

type StockChartProps = {
  chart: WeightChart;
  locale: Locale;
  /** Drawn at full strength, the other kinds lighter: the page's own kind. */
  kind: StockKind;
  /** What a screen reader announces (recharts' keyboard and screen-reader layer is on). */
  description: string;
};

/** Weight (kg) by diameter, one bar per kind, coloured with the theme's tokens (light and dark). */
export default function StockChart({ chart, locale, kind, description }: StockChartProps) {
  const { token, axis, grid, tooltip, legend } = useChartStyle();
  const colours: Record<StockKind, string> = {
    raw: token.colorPrimary,
    finished: token.colorSuccess,
    tail: token.colorWarning,
    waste: token.colorTextTertiary,
  };
  const diameter = (value: unknown) => `Φ${String(value)}`;
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={chart.rows} desc={description} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...grid} />
        <XAxis dataKey="diameter" tickFormatter={diameter} {...axis} />
        <YAxis unit=" kg" width="auto" tickFormatter={(value: number) => formatNumber(value, locale)} {...axis} />
        <Tooltip
          {...tooltip}
          labelFormatter={diameter}
          itemSorter={(item) => STOCK_KINDS.indexOf(item.dataKey as StockKind)}
          formatter={(value) => `${formatKg(Number(value), locale)} kg`}
        />
        {/* Legend and tooltip list the kinds in the domain's order, not alphabetically. */}
        <Legend {...legend} itemSorter={null} />
        {chart.kinds.map((series) => (
          <Bar
            key={series}
            dataKey={series}
            name={STOCK_KIND_LABELS[series][locale]}
            fill={colours[series]}
            fillOpacity={series === kind ? 1 : 0.5}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
