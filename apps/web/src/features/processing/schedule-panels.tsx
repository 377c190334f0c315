import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  SCHEDULE_PROBLEM_LABELS,
  UNSCHEDULED_REASON_LABELS,
  type DailyPlanDetail,
  type DailyPlanJob,
  type OrderLateness,
  type ScheduleProblem,
  type ScheduleSlot,
  type UnscheduledJob,
  machineLabel,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatPlantTime } from '../../lib/plant-time.ts';
import { TaskStatusTag } from './processing-tags.tsx';

const TABLE = { size: 'small', pagination: false, scroll: { x: 'max-content' } } as const;

/** What is wrong with the schedule as changed by hand: each problem with its job and machine. */
export function ProblemsCard({ detail }: { detail: DailyPlanDetail }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const jobs = new Map(detail.jobs.map((job) => [job.id, job]));
  const machines = new Map(detail.machines.map((machine) => [machine.id, machineLabel(machine)]));
  const columns: TableColumnsType<ScheduleProblem> = [
    {
      title: t('board.problem'),
      dataIndex: 'code',
      render: (code: ScheduleProblem['code']) => <Tag color="error">{SCHEDULE_PROBLEM_LABELS[code][locale]}</Tag>,
    },
    { title: t('board.job'), key: 'job', render: (_v, problem) => jobs.get(problem.jobId)?.label ?? problem.jobId },
    {
      title: t('board.machine'),
      key: 'machine',
      render: (_v, problem) => (problem.machineId ? (machines.get(problem.machineId) ?? '—') : '—'),
    },
    {
      title: t('board.otherJob'),
      key: 'other',
      render: (_v, problem) => (problem.otherJobId ? (jobs.get(problem.otherJobId)?.label ?? '—') : '—'),
    },
  ];
  return (
    <Card size="small" title={t('board.problems')} data-testid="schedule-problems">
      <Table<ScheduleProblem>
        {...TABLE}
        rowKey={(problem) => `${problem.code}-${problem.jobId}-${problem.otherJobId ?? ''}`}
        columns={columns}
        dataSource={detail.evaluation.problems}
        locale={{ emptyText: t('board.noProblems') }}
      />
    </Card>
  );
}

/** Each order against its due date: the plant day its last work ends, and how many days late (red). */
export function LatenessCard({ detail }: { detail: DailyPlanDetail }) {
  const { t } = useTranslation('processing');
  const orders = new Map(detail.orders.map((order) => [order.id, order]));
  const columns: TableColumnsType<OrderLateness> = [
    { title: t('board.order'), key: 'order', render: (_v, row) => orders.get(row.orderId)?.code ?? row.orderId },
    { title: t('board.project'), key: 'project', render: (_v, row) => orders.get(row.orderId)?.project ?? '—' },
    { title: t('board.dueDate'), dataIndex: 'dueDate', render: (day: string | null) => day ?? '—' },
    {
      title: t('board.finishDay'),
      dataIndex: 'finishDay',
      render: (day: string | null, row) =>
        row.complete ? day : <Typography.Text type="warning">{t('board.incomplete')}</Typography.Text>,
    },
    {
      title: t('board.daysLate'),
      dataIndex: 'daysLate',
      align: 'end',
      render: (days: number | null) =>
        days === null ? (
          '—'
        ) : (
          <Typography.Text type={days > 0 ? 'danger' : 'success'} strong={days > 0}>
            {days}
          </Typography.Text>
        ),
    },
  ];
  return (
    <Card size="small" title={t('board.lateness')} data-testid="schedule-lateness">
      <Table<OrderLateness>
        {...TABLE}
        rowKey="orderId"
        columns={columns}
        dataSource={detail.evaluation.lateness}
        onRow={(row) => ({ 'data-testid': `lateness-${orders.get(row.orderId)?.code ?? row.orderId}` }) as object}
      />
    </Card>
  );
}

/** Jobs that got no place, and why. */
export function UnscheduledCard({ detail }: { detail: DailyPlanDetail }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const jobs = new Map(detail.jobs.map((job) => [job.id, job]));
  const columns: TableColumnsType<UnscheduledJob> = [
    { title: t('board.job'), key: 'job', render: (_v, row) => jobs.get(row.jobId)?.label ?? row.jobId },
    {
      title: t('task.kind'),
      key: 'kind',
      render: (_v, row) => (jobs.get(row.jobId) ? t(`kinds.${jobs.get(row.jobId)!.kind}`) : '—'),
    },
    { title: t('task.spec'), key: 'spec', render: (_v, row) => specOf(jobs.get(row.jobId)) },
    {
      title: t('board.reason'),
      dataIndex: 'reason',
      render: (reason: UnscheduledJob['reason']) => (
        <Tag color="warning">{UNSCHEDULED_REASON_LABELS[reason][locale]}</Tag>
      ),
    },
  ];
  return (
    <Card size="small" title={t('board.unscheduled')} data-testid="schedule-unscheduled">
      <Table<UnscheduledJob>
        {...TABLE}
        rowKey="jobId"
        columns={columns}
        dataSource={detail.unscheduled}
        locale={{ emptyText: t('board.allScheduled') }}
      />
    </Card>
  );
}

const specOf = (job: DailyPlanJob | undefined) => (job ? `${job.grade} Φ${job.diameter}` : '—');

type JobRow = DailyPlanJob & { machineName: string | null; start: number | null };

/** The jobs in the order they start, with their machine and, once released, their task. */
export function JobsCard(props: {
  detail: DailyPlanDetail;
  slots: readonly ScheduleSlot[];
  taskUrl: (taskId: string) => string;
}) {
  const { t } = useTranslation('processing');
  const { detail } = props;
  const machines = new Map(detail.machines.map((machine) => [machine.id, machineLabel(machine)]));
  const starts = new Map<string, ScheduleSlot>();
  for (const slot of props.slots) {
    const first = starts.get(slot.jobId);
    if (slot.kind === 'work' && (!first || slot.from < first.from)) starts.set(slot.jobId, slot);
  }
  const rows: JobRow[] = detail.jobs
    .map((job) => {
      const slot = starts.get(job.id);
      return { ...job, machineName: slot ? (machines.get(slot.machineId) ?? null) : null, start: slot?.from ?? null };
    })
    .sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity));
  const columns: TableColumnsType<JobRow> = [
    { title: t('board.job'), dataIndex: 'label' },
    { title: t('task.kind'), dataIndex: 'kind', render: (kind: JobRow['kind']) => t(`kinds.${kind}`) },
    { title: t('task.spec'), key: 'spec', render: (_v, job) => specOf(job) },
    { title: t('task.repetitions'), dataIndex: 'repetitions', align: 'end' },
    { title: t('board.machine'), dataIndex: 'machineName', render: (name: string | null) => name ?? '—' },
    {
      title: t('board.start'),
      dataIndex: 'start',
      render: (start: number | null) => (start === null ? '—' : formatPlantTime(start, detail.timeZone)),
    },
    {
      title: t('task.code'),
      key: 'task',
      render: (_v, job) =>
        job.taskId && job.taskCode ? (
          <Link data-testid={`job-task-${job.taskCode}`} to={props.taskUrl(job.taskId)}>
            {job.taskCode}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      title: t('task.status'),
      dataIndex: 'taskStatus',
      render: (status: JobRow['taskStatus']) => (status ? <TaskStatusTag status={status} /> : '—'),
    },
  ];
  return (
    <Card size="small" title={t('board.jobs')} data-testid="schedule-jobs">
      <Table<JobRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false, size: 'small' } : false}
        onRow={(job) => ({ 'data-testid': 'schedule-job', 'data-job': job.id }) as object}
      />
    </Card>
  );
}
