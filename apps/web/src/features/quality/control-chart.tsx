import { useTranslation } from 'react-i18next';
import { Flex, Typography, type GlobalToken } from 'antd';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ControlChartResult } from '@armature/domain';
import { useChartStyle } from '../../components/chart-style.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { chartSeries, type ChartLine, type ChartRow } from './control-chart-series.ts';

const VALUE_HEIGHT = 260;
const RANGE_HEIGHT = 160;

/** The reference lines' colours: the centre as on target, control limits as a warning, tolerances as an error. */
function lineColoursOf(token: GlobalToken): Record<ChartLine, string> {
  return {
    centre: token.colorSuccess,
    ucl: token.colorWarning,
    lcl: token.colorWarning,
    lowerLimit: token.colorError,
    upperLimit: token.colorError,
  };
}

/**
 * A Shewhart chart: the values (individuals) or subgroup means (X̄) with the centre line, the control limits
 * and the tolerance lines, out-of-control points drawn larger in the error colour; the range chart beneath.
 */
export function ControlChart({ chart }: { chart: ControlChartResult }) {
  const { t } = useTranslation('quality');
  const locale = useLocale();
  const { token, axis, grid, tooltip } = useChartStyle();
  const lineColours = lineColoursOf(token);
  const series = chartSeries(chart);
  const unit = chart.unit ? ` ${chart.unit}` : '';
  const number = (value: number) => formatNumber(value, locale, 3);
  const label = (n: unknown) => {
    const row = series.rows[Number(n) - 1];
    return row ? `${row.inspectionCode} · ${formatDateTime(row.inspectedAt)}` : String(n);
  };
  const hasRanges = series.rows.some((row) => row.range !== null);
  // Called, not rendered as a component: recharts reads its reference lines from the chart's direct children.
  const references = (lines: { line: ChartLine; y: number }[]) =>
    lines.map(({ line, y }) => (
      <ReferenceLine
        key={line}
        y={y}
        stroke={lineColours[line]}
        strokeDasharray={line === 'centre' ? undefined : '4 4'}
        label={{ value: t(`stats.${line}`), position: 'right', fill: lineColours[line], fontSize: token.fontSizeSM }}
      />
    ));
  return (
    <Flex vertical gap="small" data-testid="control-chart-plot">
      <Typography.Text type="secondary">
        {`${chart.code} ${chart.name}${unit}`}
        {' · '}
        <span data-testid="out-of-control-count">
          {t('stats.outOfControlCount', { count: series.outOfControlCount })}
        </span>
      </Typography.Text>
      <ResponsiveContainer width="100%" height={VALUE_HEIGHT}>
        <LineChart data={series.rows} desc={t('stats.controlChart')} margin={{ top: 8, right: 48, bottom: 0, left: 0 }}>
          <CartesianGrid {...grid} />
          <XAxis dataKey="n" {...axis} />
          <YAxis domain={series.domain} width="auto" tickFormatter={number} {...axis} />
          <Tooltip {...tooltip} labelFormatter={label} formatter={(value) => number(Number(value))} />
          {references(series.lines)}
          <Line
            dataKey="value"
            name={chart.subgroupSize > 1 ? t('stats.mean') : t('stats.value')}
            stroke={token.colorPrimary}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
          <Line
            dataKey="outOfControl"
            name={t('stats.outOfControl')}
            stroke="none"
            dot={{ r: 5, fill: token.colorError, stroke: token.colorError }}
            activeDot={false}
            isAnimationActive={false}
            legendType="none"
          />
        </LineChart>
      </ResponsiveContainer>
      {hasRanges && (
        <>
          <Typography.Text type="secondary">{t('stats.rangeChart')}</Typography.Text>
          <ResponsiveContainer width="100%" height={RANGE_HEIGHT}>
            <LineChart<ChartRow>
              data={series.rows}
              desc={t('stats.rangeChart')}
              margin={{ top: 8, right: 48, bottom: 0, left: 0 }}
            >
              <CartesianGrid {...grid} />
              <XAxis dataKey="n" {...axis} />
              <YAxis domain={series.rangeDomain} width="auto" tickFormatter={number} {...axis} />
              <Tooltip {...tooltip} labelFormatter={label} formatter={(value) => number(Number(value))} />
              {references(series.rangeLines)}
              <Line
                dataKey="range"
                name={t('stats.range')}
                stroke={token.colorPrimary}
                dot={{ r: 2 }}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </>
      )}
    </Flex>
  );
}
