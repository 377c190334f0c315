import { theme } from 'antd';

/**
 * The theme's look for recharts' axes, grid, cursor and tooltips, so a chart reads in light and dark mode
 * alike (recharts draws with its own light-only defaults otherwise).
 */
export function useChartStyle() {
  const { token } = theme.useToken();
  return {
    token,
    axis: { stroke: token.colorTextSecondary, fontSize: token.fontSizeSM },
    grid: { vertical: false, stroke: token.colorBorderSecondary },
    tooltip: {
      cursor: { fill: token.colorFillTertiary },
      contentStyle: {
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      },
      labelStyle: { color: token.colorText },
    },
    legend: { wrapperStyle: { color: token.colorText, fontSize: token.fontSizeSM } },
  };
}
