import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Flex, Grid, Result, Select, Skeleton, Tag, Typography, theme } from 'antd';
import {
  OPERATION_STATUS_LABELS,
  type OperationStatus,
  type QueuedTask,
  type Task,
  type TaskDetail,
  machineLabel,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { Slot } from '../../components/feature-slots.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useLocale } from '../../lib/i18n.ts';
import { OPERATOR_MACHINE_KEY, chooseOperatorMachine, operatorMachineQuery } from '../../lib/operator-machine.ts';
import { QUEUE_POLL_MS, processingQueries, taskMutations } from './processing.queries.ts';
import { TaskStatusTag } from './processing-tags.tsx';
import { OperatorWork } from './operator-work.tsx';
import { PrintTagButtons } from './print-tag-buttons.tsx';
import { ScanInput } from './qr-scanner.tsx';
import { ReportStepper } from './report-stepper.tsx';
import { SamplingDue } from './sampling-due.tsx';
import { TaskActionButtons } from './task-actions.tsx';
import { mayReport, useTaskButtons } from './task-permissions.ts';
import { TaskProgress } from './task-progress.tsx';

/** What an operator does on the floor; dispatching and cancelling are the shift lead's, on the task list. */
const OPERATOR_ACTIONS = ['start', 'resume', 'pause', 'complete', 'fail'] as const;

function OperatorTaskCard(props: {
  task: QueuedTask | Task | TaskDetail;
  opened: boolean;
  onCompleted: (id: string) => void;
}) {
  const { t } = useTranslation('processing');
  const { token } = theme.useToken();
  const buttons = useTaskButtons();
  const { task, opened } = props;
  return (
    <Card
      data-testid={`operator-task-${task.code}`}
      data-opened={opened || undefined}
      size="small"
      style={opened ? { borderColor: token.colorPrimary, borderWidth: 2 } : undefined}
      title={
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text strong>{task.code}</Typography.Text>
          <TaskStatusTag status={task.status} testId="operator-task-status" />
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <Flex vertical gap={0}>
          <Typography.Text strong>{`${t(`kinds.${task.kind}`)} · ${task.grade} Φ${task.diameter}`}</Typography.Text>
          <Typography.Text type="secondary">
            {task.outputs.map((output) => `${output.orderCode} ${output.mark} × ${output.pieces}`).join(' · ')}
          </Typography.Text>
        </Flex>
        {task.status === 'done' && 'bundles' in task ? (
          <>
            <Result
              status="success"
              data-testid="operator-task-done"
              title={t('operator.completed', { code: task.code })}
              subTitle={t('operator.bundlesMade', { count: task.bundles.length })}
              extra={<PrintTagButtons task={task} large />}
            />
            {/* A sample the plan wants checked may still be due once the task is done. */}
            <Slot name="operatorInspection" props={{ task }} />
          </>
        ) : (
          <>
            <TaskProgress task={task} />
            {'sampling' in task && <SamplingDue sampling={task.sampling} />}
            <Slot name="operatorInspection" props={{ task }} />
            <Flex vertical gap="small">
              <TaskActionButtons
                task={task}
                only={OPERATOR_ACTIONS}
                large
                onActed={(action) => action === 'complete' && props.onCompleted(task.id)}
              />
            </Flex>
            {mayReport(task.status, buttons) && (
              <ReportStepper key={`${task.id}-${task.done}-${task.scrap}`} task={task} />
            )}
            <OperatorWork task={task} />
          </>
        )}
      </Flex>
    </Card>
  );
}

/** The scanned or just-completed task when it is not in the machine's queue (another machine's, or ended). */
function OpenedTask({ id, onCompleted }: { id: string; onCompleted: (id: string) => void }) {
  const task = useQuery({ ...processingQueries.task(id), refetchInterval: QUEUE_POLL_MS });
  if (task.isLoading) return <Skeleton active />;
  return task.data ? <OperatorTaskCard task={task.data} opened onCompleted={onCompleted} /> : null;
}

/**
 * The operator's page (`/intelligentProcess/taskCenter/operator`), for a phone or tablet first: the
 * machine they work (chosen once, kept on the server for every device they sign in on), its queue read
 * again every few seconds (progress follows the machine's counters), each task saying what to cut or
 * bend, large buttons for what its status and their permissions allow, one-tap progress reports, and
 * a tag or task code scanned by camera or hand scanner to open its task. A task just completed stays
 * open with its bundles' tags to print.
 */
export default function OperatorView() {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md === true;
  const machines = useQuery(processingQueries.operatorMachines());
  const kept = useQuery(operatorMachineQuery());
  const choose = useMutation({
    ...chooseOperatorMachine(),
    onSuccess: (answer) => queryClient.setQueryData(OPERATOR_MACHINE_KEY, answer),
  });
  const machineId = kept.data?.equipmentId ?? undefined;
  const [openedId, setOpenedId] = useState<string>();
  const queue = useQuery(processingQueries.queue(machineId));
  const resolve = useMutation(taskMutations.resolve());

  const chooseMachine = (id: string) => {
    setOpenedId(undefined);
    choose.mutate(id);
  };

  const open = (code: string) =>
    resolve.mutate(
      { code, equipmentId: machineId },
      {
        onSuccess: ({ taskId }) => setOpenedId(taskId),
        onError: (error) =>
          error instanceof ApiError && error.status === 404
            ? notify.warning(t('operator.notFound', { code }))
            : notify.error(errorMessage(error)),
      },
    );

  const tasks = queue.data?.tasks ?? [];
  const opened = openedId ? tasks.find((task) => task.id === openedId) : undefined;
  const equipment = queue.data?.equipment;
  const moreQueued = (queue.data?.dispatchedCount ?? 0) - tasks.filter((task) => task.status === 'dispatched').length;

  // `screen-page`: a screen that is no list (the 390 px pass of e2e/specs/mobile.spec.ts finds it by this mark).
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 640, margin: '0 auto', width: '100%' }} data-testid="operator">
      <Card size="small" title={t('operator.title')} data-testid="screen-page">
        <Flex vertical gap="middle">
          <Select
            data-testid="operator-machine"
            size="large"
            showSearch
            optionFilterProp="label"
            placeholder={t('operator.pickMachine')}
            loading={machines.isLoading || kept.isLoading || choose.isPending}
            value={machineId}
            onChange={chooseMachine}
            options={(machines.data ?? []).map((machine) => ({
              value: machine.id,
              label: machineLabel(machine),
            }))}
            style={{ width: '100%' }}
          />
          {equipment && (
            <Flex gap="small" wrap data-testid="operator-machine-state">
              <Tag>
                {OPERATION_STATUS_LABELS[equipment.operationStatus as OperationStatus]?.[locale] ??
                  equipment.operationStatus}
              </Tag>
              {equipment.telemetry && <Tag color="processing">{t('operator.telemetry')}</Tag>}
            </Flex>
          )}
          <ScanInput onCode={open} pending={resolve.isPending} autoFocus={wide} />
        </Flex>
      </Card>
      {openedId && !opened && <OpenedTask id={openedId} onCompleted={setOpenedId} />}
      {kept.isLoading ? (
        <Skeleton active />
      ) : machineId === undefined ? (
        <Empty description={t('operator.noMachine')} />
      ) : queue.isLoading ? (
        <Skeleton active />
      ) : tasks.length === 0 ? (
        <Empty data-testid="operator-empty" description={t('operator.emptyQueue')} />
      ) : (
        [...tasks]
          .sort((a, b) => (a.id === openedId ? -1 : b.id === openedId ? 1 : 0))
          .map((task) => (
            <OperatorTaskCard key={task.id} task={task} opened={task.id === openedId} onCompleted={setOpenedId} />
          ))
      )}
      {moreQueued > 0 && (
        <Typography.Text type="secondary" data-testid="operator-more-queued">
          {t('operator.moreQueued', { count: moreQueued })}
        </Typography.Text>
      )}
    </Flex>
  );
}
