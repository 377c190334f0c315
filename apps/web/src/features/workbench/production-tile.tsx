import { Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TASK_PERMISSIONS, type Dashboard, machineLabel } from '@armature/domain';
import { useChartStyle } from '../../components/chart-style.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { DashboardTile } from './dashboard-tile.tsx';
import { toTonnes } from './workbench-format.ts';

const MIN_HEIGHT = 220;
const ROW_HEIGHT = 56;
/** Room for a machine's label, which breaks between its name and its serial number. */
const LABEL_WIDTH = 130;

/** Today's pieces and tonnes, in all and by machine (pieces on the left axis, tonnes on the right). */
export function ProductionTile({ production }: { production: NonNullable<Dashboard['production']> }) {
  const { t } = useTranslation('workbench');
  const locale = useLocale();
  const { token, axis, grid, tooltip, legend } = useChartStyle();
  const rows = production.machines.map((machine) => ({
    ...machine,
    label: machineLabel(machine),
    tonnes: toTonnes(machine.kg),
  }));
  const whole = (value: unknown) => formatNumber(Number(value), locale, 0);
  const tonnes = (value: unknown) => formatNumber(Number(value), locale, 3);
  return (
    <DashboardTile name="production" title={t('production.title')} page={TASK_PERMISSIONS.read}>
      <Flex vertical gap="small">
        <Flex gap="large" wrap>
          <Statistic title={t('production.pieces')} value={whole(production.pieces)} data-testid="production-pieces" />
          <Statistic
            title={t('production.tonnes')}
            value={tonnes(toTonnes(production.kg))}
            data-testid="production-tonnes"
          />
        </Flex>
        {rows.length > 0 && (
          // Machines down the side, bars across: each name has a line of its own at any width (side by
          // side under the bars, the names ran into each other at 390 px).
          <ResponsiveContainer width="100%" height={Math.max(MIN_HEIGHT, rows.length * ROW_HEIGHT)}>
            <BarChart
              layout="vertical"
              data={rows}
              desc={t('production.chart')}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid {...grid} />
              <YAxis type="category" dataKey="label" width={LABEL_WIDTH} interval={0} {...axis} />
              <XAxis
                xAxisId="pieces"
                type="number"
                orientation="top"
                allowDecimals={false}
                tickFormatter={whole}
                {...axis}
              />
              <XAxis xAxisId="tonnes" type="number" tickFormatter={tonnes} {...axis} />
              <Tooltip
                {...tooltip}
                formatter={(value, _name, item) => (item.dataKey === 'tonnes' ? tonnes(value) : whole(value))}
              />
              <Legend itemSorter={null} {...legend} />
              <Bar
                xAxisId="pieces"
                dataKey="pieces"
                name={t('production.pieces')}
                fill={token.colorPrimary}
                isAnimationActive={false}
              />
              <Bar
                xAxisId="tonnes"
                dataKey="tonnes"
                name={t('production.tonnes')}
                fill={token.colorSuccess}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        )}
      </Flex>
    </DashboardTile>
  );
}
