import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Tag } from 'antd';
import {
  CUT_PLAN_PERMISSIONS,
  DAILY_PLAN_PERMISSIONS,
  pageUrlOf,
  type TaskDetail,
  isReplannableTask,
} from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { Slot, useHasSlot } from '../../components/feature-slots.tsx';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { plannedDuration } from './task-time.ts';
import { processingQueries, taskMachine } from './processing.queries.ts';
import { PrintTagButtons } from './print-tag-buttons.tsx';
import { TaskStatusTag } from './processing-tags.tsx';
import { TaskActionButtons } from './task-actions.tsx';
import { MoveTasksButton } from './replan-buttons.tsx';
import { BundlesCard, EventsCard, OutputsCard, StockMovesCard, TaskDrawing } from './task-panels.tsx';
import { TaskProgress } from './task-progress.tsx';

const DAILY_PLAN_DETAIL = `${pageUrlOf(DAILY_PLAN_PERMISSIONS.read)}/detail`;
const CUT_PLAN_DETAIL = `${pageUrlOf(CUT_PLAN_PERMISSIONS.read)}/detail`;
const time = (value: string | null) => (value ? formatDateTime(value) : '—');

/**
 * A machine task (`…/task/detail/:id`): its header, progress (reports and the machine's counters), the
 * cutting diagram or the bent shapes, the pieces per order line, who did what and when, the stock it
 * moved, its bundles with their tags, and the shift lead's dispatch, move to another machine (a re-plan)
 * and cancel.
 */
export default function TaskDetailView() {
  const { t } = useTranslation(['processing', 'quality']);
  const { id } = useParams();
  const hasInspections = useHasSlot('taskInspections');
  const detail = useQuery(processingQueries.task(id));
  const task = detail.data;

  const header = (value: TaskDetail) => [
    {
      key: 'status',
      label: t('task.status'),
      children: (
        <Flex gap={4} wrap>
          <TaskStatusTag status={value.status} testId="detail-status" />
          {value.qualityFlag && (
            <Tag color="error" data-testid="task-quality-flag">
              {t('quality:task.flagged')}
            </Tag>
          )}
        </Flex>
      ),
    },
    { key: 'machine', label: t('task.machine'), children: taskMachine(value) },
    { key: 'kind', label: t('task.kind'), children: t(`kinds.${value.kind}`) },
    { key: 'label', label: t('task.label'), children: value.label },
    { key: 'spec', label: t('task.spec'), children: `${value.grade} Φ${value.diameter}` },
    {
      key: 'dailyPlan',
      label: t('task.dailyPlan'),
      children: <Link to={`${DAILY_PLAN_DETAIL}/${value.dailyPlanId}`}>{value.dailyPlanCode}</Link>,
    },
    {
      key: 'cutPlan',
      label: t('task.cutPlan'),
      children: <Link to={`${CUT_PLAN_DETAIL}/${value.cutPlanId}`}>{value.cutPlanCode}</Link>,
    },
    {
      key: 'planned',
      label: t('task.planned'),
      children: `${time(value.plannedStart)} – ${time(value.plannedEnd)} (${plannedDuration(value, t)})`,
    },
    { key: 'startedAt', label: t('task.startedAt'), children: time(value.startedAt) },
    { key: 'finishedAt', label: t('task.finishedAt'), children: time(value.finishedAt) },
    ...(value.failReason ? [{ key: 'failReason', label: t('task.failReason'), children: value.failReason }] : []),
  ];

  const printButtons = task && <PrintTagButtons task={task} />;

  return (
    <DetailCard
      title={task && t('taskDetail.title', { code: task.code })}
      buttons={
        task && (
          <>
            <TaskActionButtons task={task} only={['dispatch', 'cancel']} />
            {isReplannableTask(task.status) && <MoveTasksButton taskIds={[task.id]} label={t('replan.moveOne')} />}
          </>
        )
      }
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {task && (
        <Flex vertical gap="middle">
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={header(task)} />
          <Card size="small" title={t('task.progress')}>
            <TaskProgress task={task} />
          </Card>
          <TaskDrawing task={task} />
          <OutputsCard task={task} />
          <EventsCard events={task.events} />
          {hasInspections && (
            <Card size="small" title={t('quality:task.inspections')}>
              <Flex vertical gap="small">
                {/* An inspector records the sample due here as the operator does on the phone. */}
                <Slot name="operatorInspection" props={{ task }} />
                <Slot name="taskInspections" props={{ taskId: task.id }} />
              </Flex>
            </Card>
          )}
          <StockMovesCard moves={task.stockMoves} />
          <BundlesCard bundles={task.bundles} actions={printButtons} />
        </Flex>
      )}
    </DetailCard>
  );
}
