import { Tag } from 'antd';
import {
  BAR_SOURCE_LABELS,
  CUT_PLAN_STATUS_LABELS,
  JOB_STATE_LABELS,
  type BarSource,
  type CutPlanStatus,
  type JobState,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';

const STATUS_COLORS: Record<CutPlanStatus, string> = {
  draft: 'default',
  approved: 'success',
  scheduled: 'processing',
  done: 'cyan',
  cancelled: 'error',
};

const JOB_COLORS: Record<JobState, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};

const SOURCE_COLORS: Record<BarSource, string> = { stock: 'blue', purchase: 'purple', offcut: 'green' };

export function CutPlanStatusTag({ status, testId }: { status: CutPlanStatus; testId?: string }) {
  const locale = useLocale();
  return (
    <Tag data-testid={testId ?? 'cut-plan-status'} data-status={status} color={STATUS_COLORS[status]}>
      {CUT_PLAN_STATUS_LABELS[status][locale]}
    </Tag>
  );
}

export function JobStateTag({ state, testId }: { state: JobState | null; testId?: string }) {
  const locale = useLocale();
  if (!state) return null;
  return (
    <Tag data-testid={testId ?? 'job-state'} data-state={state} color={JOB_COLORS[state]}>
      {JOB_STATE_LABELS[state][locale]}
    </Tag>
  );
}

export function BarSourceTag({ source }: { source: BarSource }) {
  const locale = useLocale();
  return <Tag color={SOURCE_COLORS[source]}>{BAR_SOURCE_LABELS[source][locale]}</Tag>;
}
