import { Tag } from 'antd';
import { DAILY_PLAN_STATUS_LABELS, TASK_STATUS_LABELS, type DailyPlanStatus, type TaskStatus } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';

const PLAN_COLORS: Record<DailyPlanStatus, string> = {
  draft: 'default',
  released: 'success',
  inProgress: 'processing',
  done: 'cyan',
  cancelled: 'error',
};

const TASK_COLORS: Record<TaskStatus, string> = {
  pending: 'default',
  dispatched: 'blue',
  running: 'processing',
  paused: 'warning',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

export function DailyPlanStatusTag({ status }: { status: DailyPlanStatus }) {
  const locale = useLocale();
  return <Tag color={PLAN_COLORS[status]}>{DAILY_PLAN_STATUS_LABELS[status][locale]}</Tag>;
}

export function TaskStatusTag({ status, testId }: { status: TaskStatus; testId?: string }) {
  const locale = useLocale();
  return (
    <Tag color={TASK_COLORS[status]} data-testid={testId} data-status={status}>
      {TASK_STATUS_LABELS[status][locale]}
    </Tag>
  );
}
