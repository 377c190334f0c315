import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { SendOutlined, StopOutlined } from '@ant-design/icons';
import {
  CUT_PLAN_PERMISSIONS,
  DAILY_PLAN_STATUS_LABELS,
  TASK_PERMISSIONS,
  boardScheduleInput,
  dailyPlanActionsIn,
  isDailyPlanEditable,
  pageUrlOf,
  previewMove,
  type DailyPlanDetail,
  type JobMove,
  type ScheduleSlot,
  machineLabel,
} from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { DetailDeleteButton } from '../../components/detail-delete-button.tsx';
import { useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { fieldItems } from '../../components/resource/field-set.tsx';
import { BatchTagMenu } from '../../components/tag-print/batch-tag-menu.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { StatusHistory } from '../../components/status-history.tsx';
import { AutoScheduleButton } from './auto-schedule-button.tsx';
import { isDeletableSchedule } from './daily-plan-list.view.tsx';
import { dailyPlanMutations, processingQueries, refreshProcessing } from './processing.queries.ts';
import { useDailyPlanFields } from './daily-plan-fields.tsx';
import { shortOfMaterial } from './material-short.ts';
import { MaterialShortList } from './material-warning.tsx';
import { ScheduleBoard } from './schedule-board.tsx';
import { MoveTasksFlow, ReplanMachineButton } from './replan-buttons.tsx';
import { useTaskButtons } from './task-permissions.ts';
import { JobsCard, LatenessCard, ProblemsCard, UnscheduledCard } from './schedule-panels.tsx';

const CUT_PLAN_DETAIL = `${pageUrlOf(CUT_PLAN_PERMISSIONS.read)}/detail`;
const TASK_DETAIL = `${pageUrlOf(TASK_PERMISSIONS.read)}/detail`;
const taskUrl = (taskId: string) => `${TASK_DETAIL}/${taskId}`;

/**
 * A daily schedule (`…/dailyPlan/detail/:id`): its header, the board (machines × days and shift hours,
 * jobs dragged on a draft; once released, a task not started moved from its bar by whoever may re-plan),
 * what is wrong with it, lateness per order, what could not be placed, its
 * jobs with their tasks once released, the status history, and the actions its status and the user's
 * buttons allow. Releasing lists the jobs whose bars are missing first; a refusal for missing material
 * (the product blocks it) stays on the page. Once tasks are done, all their tags print at once.
 */
export default function DailyPlanDetailView() {
  const { t } = useTranslation(['processing', 'resource']);
  const { id } = useParams();
  const queryClient = useQueryClient();
  const { notify, confirm } = useFeedback();
  const buttons = usePageButtons();
  const taskButtons = useTaskButtons();
  const fields = useDailyPlanFields();
  const detail = useQuery(processingQueries.plan(id));
  const machines = useQuery(processingQueries.machines());
  const plan = detail.data;
  const [preview, setPreview] = useState<ScheduleSlot[] | null>(null);
  const [moving, setMoving] = useState<string>();
  const refresh = () => refreshProcessing(queryClient);
  const move = useMutation({
    ...dailyPlanMutations.move(),
    onSettled: async () => {
      await refresh();
      setPreview(null);
    },
  });
  const release = useMutation(dailyPlanMutations.release());
  const cancel = useMutation(dailyPlanMutations.cancel());
  const remove = useMutation(dailyPlanMutations.remove());
  const input = useMemo(
    () => (plan && machines.data ? boardScheduleInput(plan, machines.data) : null),
    [plan, machines.data],
  );

  const actions = plan ? dailyPlanActionsIn(plan.status) : [];
  const editable = plan !== undefined && isDailyPlanEditable(plan.status) && buttons.has('update');
  // Its tasks exist and some may not have started: they are re-planned from the board.
  const live = plan?.status === 'released' || plan?.status === 'inProgress';
  const may = {
    replan: live && taskButtons.has('replan'),
    release: buttons.has('release') && actions.includes('release'),
    cancel: buttons.has('cancel') && actions.includes('cancel'),
    delete: buttons.has('delete') && plan !== undefined && isDeletableSchedule(plan),
  };

  const moveJob = (value: DailyPlanDetail, drop: JobMove) => {
    const result = previewMove(input, value.slots, drop);
    if (result.refused) {
      notify.warning(t('board.refused'));
      return;
    }
    setPreview(result.slots);
    move.mutate({ id: value.id, move: { ...drop, concurrencyStamp: value.lastModificationTime } });
  };

  const releasePlan = (value: DailyPlanDetail) => {
    const explain = value.evaluation.problems.length ? t('plan.releaseWithProblems') : t('plan.releaseExplain');
    // A task's code once released, the job's label before (as the server's refusal names it).
    const short = shortOfMaterial(
      value.jobs.map((job) => ({ code: job.taskCode ?? job.label, material: job.material })),
    );
    return confirm({
      title: t('plan.releaseTitle', { code: value.code }),
      content: short.length ? (
        <MaterialShortList short={short} anyway={`${explain} ${t('material.releaseAnyway')}`} />
      ) : (
        explain
      ),
      onOk: () =>
        release.mutateAsync(value.id).then(
          async () => {
            notify.success(t('plan.released', { code: value.code }));
            await refresh();
          },
          () => undefined,
        ),
    });
  };

  const cancelPlan = (value: DailyPlanDetail) =>
    confirm({
      title: t('plan.cancelTitle', { code: value.code }),
      content: t('plan.cancelExplain'),
      danger: true,
      onOk: () =>
        cancel.mutateAsync(value.id).then(
          async () => {
            notify.success(t('plan.cancelled', { code: value.code }));
            await refresh();
          },
          () => undefined,
        ),
    });

  const toolbar = plan && (
    <>
      {plan.tasksDone > 0 && (
        <BatchTagMenu selection={{ dailyPlanId: plan.id }} label={t('tags.schedule')} testId="schedule-tags" />
      )}
      {editable && <AutoScheduleButton plan={plan} onSettled={refresh} />}
      {may.release && (
        <Button
          data-testid="detail-release"
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void releasePlan(plan)}
        >
          {t('plan.release')}
        </Button>
      )}
      {may.cancel && (
        <Button data-testid="detail-cancel" danger icon={<StopOutlined />} onClick={() => void cancelPlan(plan)}>
          {t('plan.cancel')}
        </Button>
      )}
      {may.delete && (
        <DetailDeleteButton
          title={t('plan.deleteTitle', { code: plan.code })}
          explain={t('plan.deleteExplain')}
          deleted={t('plan.deleted', { code: plan.code })}
          remove={() => remove.mutateAsync(plan.id)}
          refresh={refresh}
        />
      )}
    </>
  );

  const header = (value: DailyPlanDetail) =>
    fieldItems(fields, value, [
      'status',
      'firstDay',
      'days',
      { key: 'timeZone', label: t('plan.timeZone'), children: value.timeZone },
      {
        key: 'cutPlans',
        label: t('plan.cutPlans'),
        children: (
          <Flex gap="small" wrap>
            {value.cutPlans.map((cutPlan) => (
              <Link key={cutPlan.id} to={`${CUT_PLAN_DETAIL}/${cutPlan.id}`} title={cutPlan.specs}>
                {cutPlan.code}
              </Link>
            ))}
          </Flex>
        ),
      },
      'jobCount',
      'unscheduledCount',
      'lateOrderCount',
      'tasksDone',
      'creationTime',
      'remark',
    ]);

  const problemJobs = new Set(plan?.evaluation.problems.flatMap((problem) => [problem.jobId]) ?? []);
  const slots = preview ?? plan?.slots ?? [];

  return (
    <DetailCard
      title={plan && t('plan.detailTitle', { code: plan.code })}
      buttons={toolbar}
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {plan && (
        <Flex vertical gap="middle">
          {release.error instanceof ApiError && release.error.code === 'material_missing' && (
            <Alert
              data-testid="release-refused"
              type="error"
              showIcon
              closable
              title={t('material.refusedTitle')}
              description={release.error.message}
              onClose={() => release.reset()}
            />
          )}
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={header(plan)} />
          <Card
            size="small"
            title={t('board.title')}
            extra={<Typography.Text type="secondary">{t('board.legend')}</Typography.Text>}
          >
            <Flex vertical gap="small">
              {editable && <Typography.Text type="secondary">{t('board.dragHint')}</Typography.Text>}
              {may.replan && <Typography.Text type="secondary">{t('board.moveHint')}</Typography.Text>}
              {plan.evaluation.problems.length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  title={t('board.problemCount', { count: plan.evaluation.problems.length })}
                />
              )}
              <ScheduleBoard
                detail={plan}
                slots={slots}
                machines={machines.data}
                problemJobs={problemJobs}
                taskUrl={taskUrl}
                onMove={editable && !move.isPending ? (drop) => moveJob(plan, drop) : undefined}
                machineAction={
                  live
                    ? (machine) => (
                        <ReplanMachineButton equipmentId={machine.id} machine={machineLabel(machine)} compact />
                      )
                    : undefined
                }
                onMoveTask={may.replan ? setMoving : undefined}
              />
              {moving && <MoveTasksFlow taskIds={[moving]} onClose={() => setMoving(undefined)} />}
            </Flex>
          </Card>
          {plan.evaluation.problems.length > 0 && <ProblemsCard detail={plan} />}
          <LatenessCard detail={plan} />
          {plan.unscheduled.length > 0 && <UnscheduledCard detail={plan} />}
          <JobsCard detail={plan} slots={slots} taskUrl={taskUrl} />
          <StatusHistory entries={plan.history} labels={DAILY_PLAN_STATUS_LABELS} />
        </Flex>
      )}
    </DetailCard>
  );
}
