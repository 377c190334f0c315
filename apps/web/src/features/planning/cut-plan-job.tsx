import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Descriptions, Flex, Progress, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber, wholeNumbers } from '../../lib/number-format.ts';
import { isActiveJob, type LiveJob } from './cut-plan.queries.ts';
import { formatCost, formatRate, formatSeconds } from './cut-plan-format.ts';
import { JobStateTag } from './cut-plan-tags.tsx';

/**
 * The plan's current run: its state, a progress bar and the optimiser's figures as they come (lower
 * bound, best plan so far in bars, cost and waste, the gap between them), and the button that stops it
 * (the best plan found so far is kept).
 */
export function CutPlanJob({
  job,
  reconnecting,
  onCancelRun,
  cancelling,
}: {
  job: LiveJob;
  reconnecting: boolean;
  /** Omitted when the user may not stop runs. */
  onCancelRun?: () => void;
  cancelling: boolean;
}) {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const figures = job.figures;
  const active = isActiveJob(job.state);
  const percent = Math.round((job.fraction ?? 0) * 100);
  const status =
    job.state === 'failed' ? 'exception' : job.state === 'succeeded' ? 'success' : active ? 'active' : 'normal';
  const value = (text: string, testId: string) => <span data-testid={testId}>{text}</span>;
  return (
    <Card
      size="small"
      data-testid="cut-plan-job"
      data-state={job.state}
      title={
        <Flex gap="small" align="center" wrap>
          {t('job.title')}
          <JobStateTag state={job.state} testId="cut-plan-job-state" />
        </Flex>
      }
      extra={
        active &&
        onCancelRun && (
          <Button
            data-testid="cancel-run"
            danger
            size="small"
            icon={<StopOutlined />}
            loading={cancelling}
            onClick={onCancelRun}
          >
            {t('job.cancelRun')}
          </Button>
        )
      }
    >
      <Flex vertical gap="small">
        <div data-testid="cut-plan-progress" data-percent={percent}>
          <Progress percent={percent} status={status} />
        </div>
        {reconnecting && (
          <Typography.Text type="warning" data-testid="cut-plan-reconnecting">
            {t('job.reconnecting')}
          </Typography.Text>
        )}
        {job.message && job.state !== 'succeeded' && (
          <Alert
            data-testid="cut-plan-job-message"
            type={job.state === 'failed' ? 'error' : 'info'}
            showIcon
            title={job.message}
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'bound',
              label: t('job.lowerBound'),
              children: value(
                figures?.lowerBound == null ? '—' : formatNumber(figures.lowerBound, locale, 2),
                'job-bound',
              ),
            },
            {
              key: 'bars',
              label: t('job.bars'),
              children: value(figures?.bars == null ? '—' : wholeNumbers(locale)(figures.bars), 'job-bars'),
            },
            { key: 'cost', label: t('job.cost'), children: value(formatCost(figures?.cost, locale), 'job-cost') },
            {
              key: 'waste',
              label: t('job.wasteWeight'),
              children: value(
                figures?.wasteWeight == null ? '—' : `${formatKg(figures.wasteWeight, locale)} kg`,
                'job-waste',
              ),
            },
            {
              key: 'gap',
              label: t('job.gap'),
              children: value(
                figures?.gap == null
                  ? '—'
                  : figures.gap <= 0
                    ? t('totals.optimal')
                    : formatRate(figures.gap, locale, 3),
                'job-gap',
              ),
            },
            {
              key: 'elapsed',
              label: t('job.elapsed'),
              children: value(figures ? formatSeconds(figures.elapsedMs, locale) : '—', 'job-elapsed'),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
