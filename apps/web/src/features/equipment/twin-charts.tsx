import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { OPERATION_STATUS_LABELS, type TimelineSegment, type TwinDetail } from '@armature/domain';
import { useChartStyle } from '../../components/chart-style.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { useStateColours } from './equipment-tags.tsx';
import { formatClock, formatHours } from './twin-format.ts';

const HOUR_MS = 3_600_000;
const TIMELINE_HEIGHT = 72;
const COUNTER_HEIGHT = 220;

/**
 * A plant day as one horizontal bar of coloured stretches by state, under a time axis on the plant's
 * clock; hovering a stretch tells its state, bounds and length. Stretches are stacked bars, one per
 * segment, in time order.
 */
export function StateTimelineChart(props: {
  segments: readonly TimelineSegment[];
  dayFrom: number;
  dayTo: number;
  timeZone: string;
  description: string;
}) {
  const { segments, dayFrom, dayTo, timeZone, description } = props;
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const colours = useStateColours();
  const { axis, tooltip, token } = useChartStyle();
  const row = Object.fromEntries(segments.map((segment, index) => [`s${index}`, segment.to - segment.from]));
  const span = dayTo - dayFrom;
  const ticks = Array.from({ length: Math.floor(span / (3 * HOUR_MS)) + 1 }, (_, index) => index * 3 * HOUR_MS);
  const stateName = (segment: TimelineSegment) =>
    segment.state ? OPERATION_STATUS_LABELS[segment.state][locale] : t('timeline.unknown');
  return (
    <ResponsiveContainer width="100%" height={TIMELINE_HEIGHT}>
      <BarChart layout="vertical" data={[row]} desc={description} margin={{ top: 4, right: 16, bottom: 0, left: 16 }}>
        <XAxis
          type="number"
          domain={[0, span]}
          ticks={ticks}
          allowDataOverflow
          tickFormatter={(offset: number) => formatClock(dayFrom + offset, timeZone)}
          {...axis}
        />
        <YAxis type="category" hide />
        <Tooltip
          {...tooltip}
          shared={false}
          cursor={false}
          content={({ active, payload }) => {
            const key = active ? payload?.[0]?.dataKey : undefined;
            const segment = typeof key === 'string' ? segments[Number(key.slice(1))] : undefined;
            if (!segment) return null;
            return (
              <div style={{ ...tooltip.contentStyle, padding: 8, color: token.colorText }}>
                <strong>{stateName(segment)}</strong>
                <div>
                  {formatClock(segment.from, timeZone)} – {formatClock(segment.to, timeZone)} (
                  {formatHours(segment.to - segment.from, locale)})
                </div>
              </div>
            );
          }}
        />
        {segments.map((segment, index) => (
          <Bar
            key={index}
            dataKey={`s${index}`}
            name={stateName(segment)}
            stackId="day"
            fill={segment.state ? colours[segment.state] : colours.unknown}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Pieces made per 15 minutes of the day, good and scrap stacked, on the plant's clock. */
export function CounterChart(props: {
  buckets: TwinDetail['counters']['buckets'];
  timeZone: string;
  description: string;
}) {
  const { buckets, timeZone, description } = props;
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const colours = useStateColours();
  const { axis, grid, tooltip, legend } = useChartStyle();
  const rows = buckets.map((bucket) => ({ ...bucket, at: formatClock(Date.parse(bucket.from), timeZone) }));
  const number = (value: unknown) => formatNumber(Number(value), locale, 0);
  return (
    <ResponsiveContainer width="100%" height={COUNTER_HEIGHT}>
      <BarChart data={rows} desc={description} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...grid} />
        <XAxis dataKey="at" minTickGap={16} {...axis} />
        <YAxis width="auto" allowDecimals={false} tickFormatter={number} {...axis} />
        <Tooltip {...tooltip} formatter={number} />
        <Legend {...legend} itemSorter={null} />
        <Bar
          dataKey="good"
          name={t('counters.good')}
          stackId="pieces"
          fill={colours.running}
          isAnimationActive={false}
        />
        <Bar
          dataKey="scrap"
          name={t('counters.scrap')}
          stackId="pieces"
          fill={colours.fault}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
