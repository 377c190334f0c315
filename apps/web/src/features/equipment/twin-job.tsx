import { useTranslation } from 'react-i18next';
import { Alert, Flex, Progress, Table, Tag, Typography, theme } from 'antd';
import type { TwinCard, TwinJob } from '@armature/domain';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { formatCuts, jobPercent, jobSpec, jobStateColour, queueSummary } from './twin-job-format.ts';

export function JobStateTag({ job }: { job: Pick<TwinJob, 'state'> }) {
  const { t } = useTranslation('equipment');
  return (
    <Tag color={jobStateColour(job.state)} data-testid="twin-job-state" data-state={job.state}>
      {t(`jobs.states.${job.state}`)}
    </Tag>
  );
}

/** What a job makes, in a line: a cut job's bar and cuts, a bend job's marks with a drawing of the first shape. */
export function JobWork({ job, drawings = 1 }: { job: TwinJob; drawings?: number }) {
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const mm = (value: number) => formatNumber(value, locale, 0);
  if (job.work.kind === 'cut') {
    const { work } = job;
    return (
      <Typography.Text data-testid="twin-job-work" style={{ overflowWrap: 'anywhere' }}>
        {t('jobs.bar', { length: mm(work.stockLength) })}: {formatCuts(work, locale)}
        {work.remainder.length > 0 &&
          ` · ${t(work.remainder.action === 'keep' ? 'jobs.offcutKept' : 'jobs.offcutScrapped', { length: mm(work.remainder.length) })}`}
      </Typography.Text>
    );
  }
  const { work } = job;
  return (
    <Flex data-testid="twin-job-work" gap={8} align="center" wrap>
      {work.shapes.slice(0, drawings).map((shape, index) => (
        <BarShape
          key={`${shape.mark}-${index}`}
          legs={shape.legs}
          length={shape.length}
          mandrel={work.mandrel}
          size="small"
          title={shape.mark}
        />
      ))}
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>
        {work.shapes
          .map((shape) => (shape.length === null ? shape.mark : `${shape.mark} ${mm(shape.length)} mm`))
          .join(' · ')}
        {work.mandrel !== null && ` · ${t('jobs.mandrel', { mandrel: mm(work.mandrel) })}`}
      </Typography.Text>
    </Flex>
  );
}

/** The machine's counts for the job: bars cut or pieces bent of the job's, and the scrap. */
function JobProgress({ job }: { job: TwinJob }) {
  const { t } = useTranslation('equipment');
  const { token } = theme.useToken();
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid="twin-job-done">
        {t(job.work.kind === 'cut' ? 'jobs.barsDone' : 'jobs.piecesDone', { done: job.done, total: job.total })}
        {job.scrap > 0 && ` · ${t('jobs.scrap', { count: job.scrap })}`}
      </Typography.Text>
      <Progress size="small" percent={jobPercent(job)} status={job.state === 'paused' ? 'exception' : 'normal'} />
    </div>
  );
}

/** A rejected job's reason, as the machine gave it. */
function Rejection({ job }: { job: TwinJob }) {
  const { t } = useTranslation('equipment');
  return (
    <Alert
      data-testid="twin-job-rejection"
      type="warning"
      showIcon
      title={t('jobs.rejected', { reason: job.rejection ? `${job.rejection.code} ${job.rejection.text}` : '' })}
      style={{ padding: '4px 8px' }}
    />
  );
}

/** The card's job block: the current job (code, spec, state, what it makes, how far) and the queue behind it. */
export function TwinCardJobs({ card }: { card: TwinCard }) {
  const { t } = useTranslation('equipment');
  const { token } = theme.useToken();
  const queue = queueSummary(card.queue);
  const job = card.job;
  if (!job && queue.count === 0) return null;
  return (
    <Flex vertical gap={4} data-testid="twin-job" data-task={job?.code ?? ''}>
      {job && (
        <>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text strong data-testid="twin-job-code">
              {job.code} · {jobSpec(job)}
            </Typography.Text>
            <JobStateTag job={job} />
          </Flex>
          <div style={{ fontSize: token.fontSizeSM }}>
            <JobWork job={job} />
          </div>
          {job.state === 'rejected' ? <Rejection job={job} /> : <JobProgress job={job} />}
        </>
      )}
      <Typography.Text
        type="secondary"
        data-testid="twin-queue"
        data-count={queue.count}
        style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}
      >
        {queue.count === 0
          ? t('jobs.queueEmpty')
          : `${t('jobs.queue', { count: queue.count })}: ${queue.codes.join(' · ')}${queue.more > 0 ? ` ${t('jobs.more', { count: queue.more })}` : ''}`}
      </Typography.Text>
    </Flex>
  );
}

/** The machine detail's jobs: the current job in full (every shape drawn), then the queue as a table. */
export function TwinDetailJobs({ card }: { card: TwinCard }) {
  const { t } = useTranslation('equipment');
  const queue = queueSummary(card.queue);
  const job = card.job;
  return (
    <Flex vertical gap={8} data-testid="twin-detail-jobs">
      {job ? (
        <Flex vertical gap={4} data-testid="twin-job" data-task={job.code}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong data-testid="twin-job-code">
              {job.code} · {jobSpec(job)}
            </Typography.Text>
            <JobStateTag job={job} />
          </Flex>
          <JobWork job={job} drawings={job.work.kind === 'bend' ? job.work.shapes.length : 0} />
          {job.state === 'rejected' ? <Rejection job={job} /> : <JobProgress job={job} />}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('jobs.none')}</Typography.Text>
      )}
      <Table<TwinJob>
        data-testid="twin-queue-table"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="seq"
        dataSource={card.queue?.items ?? []}
        locale={{ emptyText: t('jobs.queueEmpty') }}
        title={() => t('jobs.queue', { count: queue.count })}
        footer={queue.more > 0 ? () => t('jobs.more', { count: queue.more }) : undefined}
        columns={[
          { title: t('jobs.seq'), dataIndex: 'seq' },
          { title: t('jobs.task'), dataIndex: 'code' },
          { title: t('jobs.spec'), key: 'spec', render: (_value, row) => jobSpec(row) },
          { title: t('jobs.work'), key: 'work', render: (_value, row) => <JobWork job={row} drawings={0} /> },
          { title: t('jobs.total'), dataIndex: 'total', align: 'end' },
          { title: t('jobs.state'), key: 'state', render: (_value, row) => <JobStateTag job={row} /> },
        ]}
      />
    </Flex>
  );
}
