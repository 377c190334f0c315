import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Dropdown, Space, Typography } from 'antd';
import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  UNSCHEDULED_REASON_LABELS,
  scheduleFigures,
  scheduleSummary,
  type DailyPlanDetail,
  type ScheduleFigures,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatPlantTime } from '../../lib/plant-time.ts';
import { dailyPlanMutations } from './processing.queries.ts';
import { useScheduleOptimiser } from './use-schedule-optimiser.ts';

/**
 * The draft's auto-schedule: the button lays it out by the list schedule, its menu offers the
 * optimiser (a few seconds' search in the background, its progress shown live, stoppable). Either way
 * the planner is told the jobs placed and what changed: order-days late, changeovers and the last
 * work's end, before → after.
 */
export function AutoScheduleButton({ plan, onSettled }: { plan: DailyPlanDetail; onSettled: () => Promise<unknown> }) {
  const { t } = useTranslation('processing');
  const { notify } = useFeedback();
  const locale = useLocale();
  const autoSchedule = useMutation({ ...dailyPlanMutations.autoSchedule(), onSettled });

  const tell = (
    placed: { placed: number; total: number },
    notPlaced: string | null,
    [before, after]: ScheduleFigures[],
  ) => {
    const end = (at: number | null) => (at === null ? '—' : formatPlantTime(at, plan.timeZone));
    const figures = t('plan.autoScheduledFigures', {
      daysLate: `${before!.daysLate} → ${after!.daysLate}`,
      changeovers: `${before!.changeovers} → ${after!.changeovers}`,
      end: `${end(before!.end)} → ${end(after!.end)}`,
    });
    const text = t('plan.autoScheduledPlaced', placed);
    if (notPlaced === null) return notify.success(`${text} · ${figures}`);
    notify.warning(`${t('plan.autoScheduledNotPlaced', { placed: text, why: notPlaced })} · ${figures}`);
  };

  const optimiser = useScheduleOptimiser(plan, (outcome) => {
    void onSettled();
    if ('failure' in outcome) return notify.error(t('plan.optimiseFailed', { message: outcome.failure }));
    const { placed, total, before, after } = outcome.result;
    tell({ placed, total }, placed === total ? null : `×${total - placed}`, [before, after]);
  });

  const list = () =>
    autoSchedule.mutate(
      { id: plan.id, concurrencyStamp: plan.lastModificationTime },
      {
        onSuccess: (answer) => {
          const summary = scheduleSummary(answer);
          const why = summary.notPlaced
            .map(({ reason, count }) => `${UNSCHEDULED_REASON_LABELS[reason][locale]} ×${count}`)
            .join('; ');
          tell({ placed: summary.placed, total: summary.total }, summary.notPlaced.length ? why : null, [
            scheduleFigures(plan),
            scheduleFigures(answer),
          ]);
        },
      },
    );

  const busy = autoSchedule.isPending || optimiser.running;
  const { progress } = optimiser;
  return (
    <Space wrap>
      <Space.Compact>
        <Button data-testid="detail-auto-schedule" icon={<ThunderboltOutlined />} loading={busy} onClick={list}>
          {t('plan.autoSchedule')}
        </Button>
        <Dropdown
          disabled={autoSchedule.isPending}
          menu={{
            items: [
              optimiser.running
                ? { key: 'stop', label: <span data-testid="detail-optimise-stop">{t('plan.optimiseStop')}</span> }
                : { key: 'optimise', label: <span data-testid="detail-optimise">{t('plan.optimise')}</span> },
            ],
            onClick: ({ key }) => (key === 'stop' ? optimiser.stop() : optimiser.start()),
          }}
        >
          <Button
            data-testid="detail-auto-schedule-modes"
            aria-label={t('plan.scheduleModes')}
            icon={<DownOutlined />}
          />
        </Dropdown>
      </Space.Compact>
      {optimiser.running && progress && (
        <Typography.Text type="secondary" data-testid="optimise-progress">
          {t('plan.optimising', {
            percent: Math.round(progress.fraction * 100),
            daysLate: progress.daysLate,
            changeovers: progress.changeovers,
          })}
        </Typography.Text>
      )}
    </Space>
  );
}
