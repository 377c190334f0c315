import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Grid, Select, Skeleton, Tag, Typography, theme } from 'antd';
import { OPERATION_STATUS_LABELS, type OperationStatus, type Task, machineLabel } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { Slot } from '../../components/feature-slots.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/use-session.ts';
import { machineStorageKey, rememberedMachine } from '../../lib/operator-machine.ts';
import { QUEUE_POLL_MS, processingQueries, taskMutations } from './processing.queries.ts';
import { TaskStatusTag } from './processing-tags.tsx';
import { ScanInput } from './qr-scanner.tsx';
import { ReportStepper } from './report-stepper.tsx';
import { TaskActionButtons } from './task-actions.tsx';
import { mayReport, useTaskButtons } from './task-permissions.ts';
import { TaskProgress } from './task-progress.tsx';

/** What an operator does on the floor; dispatching and cancelling are the shift lead's, on the task page. */
const OPERATOR_ACTIONS = ['start', 'resume', 'pause', 'complete', 'fail'] as const;

function OperatorTaskCard({ task, opened }: { task: Task; opened: boolean }) {
  const { t } = useTranslation('processing');
  const { token } = theme.useToken();
  const buttons = useTaskButtons();
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
          <Typography.Text>{`${t(`kinds.${task.kind}`)} · ${task.grade} Φ${task.diameter}`}</Typography.Text>
          <Typography.Text type="secondary">{task.label}</Typography.Text>
          <Typography.Text type="secondary">
            {task.outputs.map((output) => `${output.orderCode} ${output.mark} × ${output.pieces}`).join(' · ')}
          </Typography.Text>
        </Flex>
        <TaskProgress task={task} />
        <Slot name="operatorInspection" props={{ task }} />
        <Flex vertical gap="small">
          <TaskActionButtons task={task} only={OPERATOR_ACTIONS} large />
        </Flex>
        {mayReport(task.status, buttons) && <ReportStepper key={`${task.id}-${task.done}-${task.scrap}`} task={task} />}
      </Flex>
    </Card>
  );
}

/** The scanned task when it is not in the machine's queue (another machine's, or not dispatched yet). */
function OpenedTask({ id }: { id: string }) {
  const task = useQuery({ ...processingQueries.task(id), refetchInterval: QUEUE_POLL_MS });
  if (task.isLoading) return <Skeleton active />;
  return task.data ? <OperatorTaskCard task={task.data} opened /> : null;
}

/**
 * The operator's page (`/intelligentProcess/taskCenter/operator`), for a phone or tablet: the machine
 * they work (remembered per user on this device), its queue read again every few seconds (progress
 * follows the machine's counters), large buttons for what the task's status and their permissions
 * allow, progress reports, and a tag or task code scanned by camera or hand scanner to open its task.
 */
export default function OperatorView() {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const { notify } = useFeedback();
  const userId = useSession()?.user?.id;
  const wide = Grid.useBreakpoint().md === true;
  const machines = useQuery(processingQueries.operatorMachines());
  const [chosen, setChosen] = useState<string>();
  // The machine chosen now, else the one this user chose last time on this device.
  const machineId =
    chosen ??
    (machines.data &&
      rememberedMachine(
        localStorage,
        userId,
        machines.data.map((machine) => machine.id),
      ));
  const [openedId, setOpenedId] = useState<string>();
  const queue = useQuery(processingQueries.queue(machineId));
  const resolve = useMutation(taskMutations.resolve());

  const chooseMachine = (id: string) => {
    setChosen(id);
    setOpenedId(undefined);
    if (userId) localStorage.setItem(machineStorageKey(userId), id);
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
            loading={machines.isLoading}
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
      {openedId && !opened && <OpenedTask id={openedId} />}
      {machineId === undefined ? (
        <Empty description={t('operator.noMachine')} />
      ) : queue.isLoading ? (
        <Skeleton active />
      ) : tasks.length === 0 ? (
        <Empty data-testid="operator-empty" description={t('operator.emptyQueue')} />
      ) : (
        [...tasks]
          .sort((a, b) => (a.id === openedId ? -1 : b.id === openedId ? 1 : 0))
          .map((task) => <OperatorTaskCard key={task.id} task={task} opened={task.id === openedId} />)
      )}
    </Flex>
  );
}
