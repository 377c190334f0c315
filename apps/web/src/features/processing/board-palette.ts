import { theme } from 'antd';
import type { DailyPlanJob } from '@armature/domain';
import { DIAGRAM_PALETTE } from '../../components/cutting-diagram/cutting-diagram.tsx';
import type { Palette } from './board-layout.ts';

/** One colour per diameter of the schedule, from the diagram palette, in diameter order. */
export function usePaletteByDiameter(jobs: readonly DailyPlanJob[]): (diameter: number) => Palette {
  const { token } = theme.useToken();
  const palette = token as unknown as Record<string, string>;
  const diameters = [...new Set(jobs.map((job) => job.diameter))].sort((a, b) => a - b);
  return (diameter) => {
    const name = DIAGRAM_PALETTE[diameters.indexOf(diameter) % DIAGRAM_PALETTE.length] ?? 'blue';
    return {
      background: palette[`${name}3`] ?? token.colorPrimaryBg,
      border: palette[`${name}6`] ?? token.colorPrimary,
    };
  };
}
