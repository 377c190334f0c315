import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { SwapOutlined, ToolOutlined } from '@ant-design/icons';
import { machineLabel } from '@armature/domain';
import { processingQueries } from './processing.queries.ts';
import { ReplanDialog } from './replan-dialog.tsx';
import { useTaskButtons } from './task-permissions.ts';

/**
 * "Re-plan around this machine": the machine is down, its tasks not started are proposed for other
 * eligible machines (a `breakdown` re-plan), shown before anything moves. For whoever may re-plan
 * (shift lead, planner); `open` starts with the proposal shown (a fault's notification opens it so).
 */
export function ReplanMachineButton({
  equipmentId,
  machine,
  open = false,
  block = false,
  compact = false,
}: {
  equipmentId: string;
  /** The machine's name as the dialog's title says it. */
  machine: string;
  open?: boolean;
  block?: boolean;
  /** An icon only (a board's machine label), its words as its tooltip and accessible name. */
  compact?: boolean;
}) {
  const { t } = useTranslation('processing');
  const buttons = useTaskButtons();
  const [shown, setShown] = useState(open);
  if (!buttons.has('replan')) return null;
  return (
    <>
      <Button
        data-testid={`replan-machine-${equipmentId}`}
        icon={<ToolOutlined />}
        block={block}
        size={compact ? 'small' : undefined}
        title={compact ? t('replan.aroundMachine') : undefined}
        aria-label={compact ? t('replan.aroundMachine') : undefined}
        onClick={(event) => {
          // On a card that opens the machine, the button opens only the proposal.
          event.stopPropagation();
          setShown(true);
        }}
      >
        {compact ? null : t('replan.aroundMachine')}
      </Button>
      {shown && (
        // A click in the dialog must not reach a card the button sits on either.
        <div onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          <ReplanDialog
            request={{ kind: 'breakdown', equipmentId }}
            title={t('replan.aroundTitle', { machine })}
            onClose={() => setShown(false)}
          />
        </div>
      )}
    </>
  );
}

/**
 * Choosing a machine of the line, then `onPick` (a move's target, or the machine that is down); with
 * `withDay`, also another plant day the move takes the tasks to (none: not before their planned start).
 */
function MachinePicker({
  title,
  hint,
  withDay = false,
  onPick,
  onCancel,
}: {
  title: string;
  hint: string;
  withDay?: boolean;
  onPick: (equipmentId: string, machine: string, day?: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('processing');
  const [form] = Form.useForm<{ equipmentId?: string; day?: Dayjs | null }>();
  const machines = useQuery(processingQueries.machines());
  const label = (id: string) => {
    const machine = machines.data?.find((m) => m.id === id);
    return machine ? machineLabel(machine) : '';
  };
  return (
    <Modal
      open
      title={title}
      okText={t('replan.seeProposal')}
      okButtonProps={{ 'data-testid': 'machine-pick-ok' }}
      onCancel={onCancel}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ equipmentId, day }) =>
          equipmentId && onPick(equipmentId, label(equipmentId), day ? day.format('YYYY-MM-DD') : undefined)
        }
      >
        <Form.Item
          name="equipmentId"
          label={t('task.machine')}
          extra={hint}
          rules={[{ required: true, message: t('bulk.machineRequired') }]}
        >
          <Select
            data-testid="machine-pick"
            size="large"
            showSearch
            optionFilterProp="label"
            options={(machines.data ?? []).map((machine) => ({ value: machine.id, label: machineLabel(machine) }))}
          />
        </Form.Item>
        {withDay && (
          <Form.Item name="day" label={t('replan.day')} extra={t('replan.dayHint')}>
            <DatePicker data-testid="move-day" size="large" style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

type Picked = { equipmentId: string; machine: string; day?: string };

/**
 * Moving tasks by hand to another machine or day: the machine (their own, for another day only) and the
 * day are chosen, then the re-plan's proposal shows where and when they would run and what that costs;
 * applying it moves and re-times them. `onClose(true)` once applied. Opened by the task list's button
 * and by a task on the released schedule's board.
 */
export function MoveTasksFlow({
  taskIds,
  onClose,
}: {
  taskIds: readonly string[];
  onClose: (applied: boolean) => void;
}) {
  const { t } = useTranslation('processing');
  const [target, setTarget] = useState<Picked>();
  const count = taskIds.length;
  if (!target)
    return (
      <MachinePicker
        title={t('replan.moveTitle', { count })}
        hint={t('replan.moveHint')}
        withDay
        onCancel={() => onClose(false)}
        onPick={(equipmentId, machine, day) => setTarget({ equipmentId, machine, day })}
      />
    );
  const { equipmentId, machine, day } = target;
  return (
    <ReplanDialog
      request={{ kind: 'move', taskIds: [...taskIds], equipmentId, day }}
      title={
        day
          ? t('replan.moveProposalTitleDay', { count, machine, day })
          : t('replan.moveProposalTitle', { count, machine })
      }
      onClose={onClose}
    />
  );
}

/** The task list's (or a task page's) move of its selection to another machine or day. `onDone` once applied. */
export function MoveTasksButton({
  taskIds,
  label,
  onDone,
}: {
  taskIds: readonly string[];
  label: string;
  onDone?: () => void;
}) {
  const buttons = useTaskButtons();
  const [moving, setMoving] = useState(false);
  if (!buttons.has('replan')) return null;
  return (
    <>
      <Button
        data-testid="move-tasks"
        icon={<SwapOutlined />}
        disabled={taskIds.length === 0}
        onClick={() => setMoving(true)}
      >
        {label}
      </Button>
      {moving && (
        <MoveTasksFlow
          taskIds={taskIds}
          onClose={(applied) => {
            setMoving(false);
            if (applied) onDone?.();
          }}
        />
      )}
    </>
  );
}

/** The task list's "Re-plan around a machine": the machine that is down is chosen, then its proposal. */
export function ReplanAroundButton() {
  const { t } = useTranslation('processing');
  const buttons = useTaskButtons();
  const [choosing, setChoosing] = useState(false);
  const [down, setDown] = useState<Picked>();
  if (!buttons.has('replan')) return null;
  return (
    <>
      <Button data-testid="replan-around" icon={<ToolOutlined />} onClick={() => setChoosing(true)}>
        {t('replan.aroundAny')}
      </Button>
      {choosing && (
        <MachinePicker
          title={t('replan.aroundAny')}
          hint={t('replan.aroundHint')}
          onCancel={() => setChoosing(false)}
          onPick={(equipmentId, machine) => {
            setChoosing(false);
            setDown({ equipmentId, machine });
          }}
        />
      )}
      {down && (
        <ReplanDialog
          request={{ kind: 'breakdown', equipmentId: down.equipmentId }}
          title={t('replan.aroundTitle', { machine: down.machine })}
          onClose={() => setDown(undefined)}
        />
      )}
    </>
  );
}
