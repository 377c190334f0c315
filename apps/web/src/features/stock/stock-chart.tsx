import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { STOCK_KIND_LABELS, type Locale, type StockKind } from '@armature/domain';
import { formatKg, type WeightChart } from './stock-format.ts';

// Only what a grouped bar chart needs, so this lazy chunk stays a fraction of the full library. SVG
// keeps the labels in the DOM (readable by tests and screen readers) and sharp at any zoom.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, AriaComponent, SVGRenderer]);

type Option = echarts.ComposeOption<
  BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

const HEIGHT = 260;

type StockChartProps = {
  chart: WeightChart;
  locale: Locale;
  /** Highlighted: the page's own kind. */
  kind: StockKind;
  /** What a screen reader announces (the library's own description exists in Chinese and English only). */
  description: string;
};

/** Weight (kg) by diameter, one bar per kind, coloured with the theme's tokens. */
export default function StockChart({ chart, locale, kind, description }: StockChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts>(undefined);
  const { token } = theme.useToken();

  useEffect(() => {
    if (!element.current) return;
    const created = echarts.init(element.current, undefined, {
      renderer: 'svg',
      locale: locale === 'zh-CN' ? 'ZH' : 'EN',
    });
    instance.current = created;
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      created.dispose();
      instance.current = undefined;
    };
  }, [locale]);

  useEffect(() => {
    const colours: Record<StockKind, string> = {
      raw: token.colorPrimary,
      finished: token.colorSuccess,
      tail: token.colorWarning,
      waste: token.colorTextQuaternary,
    };
    const option: Option = {
      aria: { enabled: true, label: { description } },
      textStyle: { color: token.colorTextSecondary, fontFamily: token.fontFamily },
      grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
      legend: { top: 0, textStyle: { color: token.colorText } },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (value) => `${formatKg(Number(value), locale)} kg`,
      },
      xAxis: {
        type: 'category',
        data: chart.diameters.map((diameter) => `Φ${diameter}`),
        axisLine: { lineStyle: { color: token.colorBorder } },
      },
      yAxis: {
        type: 'value',
        name: 'kg',
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: chart.series.map(({ kind: seriesKind, weights }) => ({
        type: 'bar',
        name: STOCK_KIND_LABELS[seriesKind][locale],
        data: weights,
        itemStyle: { color: colours[seriesKind], opacity: seriesKind === kind ? 1 : 0.55 },
        emphasis: { focus: 'series' },
      })),
    };
    instance.current?.setOption(option, { notMerge: true });
  }, [chart, locale, kind, description, token]);

  return <div ref={element} style={{ width: '100%', height: HEIGHT }} />;
}
