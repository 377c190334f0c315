import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  UNSCHEDULED_REASON_LABELS,
  scheduleFigures,
  scheduleSummary,
  type DailyPlanDetail,
  type ScheduleMode,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatPlantTime } from '../../lib/plant-time.ts';
import { dailyPlanMutations } from './processing.queries.ts';

/**
 * The draft's auto-schedule: the button lays it out by the list schedule, its menu offers the
 * optimiser (a few seconds' search). Either way the planner is told the jobs placed and what changed:
 * order-days late, changeovers and the last work's end, before → after.
 */
export function AutoScheduleButton({ plan, onSettled }: { plan: DailyPlanDetail; onSettled: () => Promise<unknown> }) {
  const { t } = useTranslation('processing');
  const { notify } = useFeedback();
  const locale = useLocale();
  const autoSchedule = useMutation({ ...dailyPlanMutations.autoSchedule(), onSettled });

  const run = (mode: ScheduleMode) =>
    autoSchedule.mutate(
      { id: plan.id, concurrencyStamp: plan.lastModificationTime, mode },
      {
        onSuccess: (answer) => {
          const summary = scheduleSummary(answer);
          const placed = t('plan.autoScheduledPlaced', { placed: summary.placed, total: summary.total });
          const [before, after] = [scheduleFigures(plan), scheduleFigures(answer)];
          const end = (at: number | null) => (at === null ? '—' : formatPlantTime(at, plan.timeZone));
          const figures = t('plan.autoScheduledFigures', {
            daysLate: `${before.daysLate} → ${after.daysLate}`,
            changeovers: `${before.changeovers} → ${after.changeovers}`,
            end: `${end(before.end)} → ${end(after.end)}`,
          });
          if (summary.notPlaced.length === 0) return notify.success(`${placed} · ${figures}`);
          const why = summary.notPlaced
            .map(({ reason, count }) => `${UNSCHEDULED_REASON_LABELS[reason][locale]} ×${count}`)
            .join('; ');
          notify.warning(`${t('plan.autoScheduledNotPlaced', { placed, why })} · ${figures}`);
        },
      },
    );

  return (
    <Space.Compact>
      <Button
        data-testid="detail-auto-schedule"
        icon={<ThunderboltOutlined />}
        loading={autoSchedule.isPending}
        onClick={() => run('list')}
      >
        {t('plan.autoSchedule')}
      </Button>
      <Dropdown
        disabled={autoSchedule.isPending}
        menu={{
          items: [{ key: 'optimise', label: <span data-testid="detail-optimise">{t('plan.optimise')}</span> }],
          onClick: () => run('optimise'),
        }}
      >
        <Button data-testid="detail-auto-schedule-modes" aria-label={t('plan.scheduleModes')} icon={<DownOutlined />} />
      </Dropdown>
    </Space.Compact>
  );
}
