import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import {
  CaretRightOutlined,
  CheckOutlined,
  PauseOutlined,
  SendOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { TASK_ACTION_LABELS, type Task, type TaskAction } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useLocale } from '../../lib/i18n.ts';
import { shortOfMaterial } from './material-short.ts';
import { MaterialShortList } from './material-warning.tsx';
import { refreshProcessing, taskMutations } from './processing.queries.ts';
import { allowedTaskActions, useTaskButtons } from './task-permissions.ts';

const ICONS: Record<TaskAction, React.ReactNode> = {
  dispatch: <SendOutlined />,
  start: <CaretRightOutlined />,
  resume: <CaretRightOutlined />,
  pause: <PauseOutlined />,
  complete: <CheckOutlined />,
  fail: <WarningOutlined />,
  cancel: <StopOutlined />,
};

/** Actions that end a task for good ask first. */
const CONFIRMED = ['complete', 'cancel'] as const satisfies readonly TaskAction[];
const isConfirmed = (action: TaskAction): action is (typeof CONFIRMED)[number] => CONFIRMED.some((c) => c === action);

/**
 * A task's action buttons: those its status allows and the user's task-page buttons grant (`only`
 * narrows them: the detail page offers the shift lead's, the operator's page the operator's). Each
 * sends its own idempotency key, so a double tap applies once; failing asks why.
 */
export function TaskActionButtons(props: {
  /** With its material, dispatching a task whose bars are missing asks first. */
  task: Pick<Task, 'id' | 'code' | 'status'> & { material?: Task['material'] };
  only?: readonly TaskAction[];
  /** Phone-first: large, full-width buttons. */
  large?: boolean;
  /** Called after an action went through (the operator's page keeps a completed task open). */
  onActed?: (action: TaskAction) => void;
}) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { notify, confirm } = useFeedback();
  const buttons = useTaskButtons();
  const [keyFor] = useState(() => idempotencyKeys());
  const [failing, setFailing] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const act = useMutation({ ...taskMutations.act(keyFor), onSettled: () => refreshProcessing(queryClient) });
  const { task } = props;
  const actions = allowedTaskActions(task.status, buttons).filter(
    (action) => !props.only || props.only.includes(action),
  );

  const run = (action: TaskAction, reason?: string) =>
    act.mutateAsync({ id: task.id, action, reason }).then(
      () => {
        notify.success(t('task.acted', { code: task.code, action: TASK_ACTION_LABELS[action][locale] }));
        props.onActed?.(action);
      },
      () => undefined,
    );

  const press = (action: TaskAction) => {
    if (action === 'fail') return setFailing(true);
    const short = action === 'dispatch' ? shortOfMaterial([{ code: task.code, material: task.material ?? null }]) : [];
    if (short.length)
      return void confirm({
        title: t('task.confirmTitle', { code: task.code, action: TASK_ACTION_LABELS.dispatch[locale] }),
        content: <MaterialShortList short={short} anyway={t('material.dispatchAnyway')} />,
        onOk: () => run(action),
      });
    if (!isConfirmed(action)) return void run(action);
    void confirm({
      title: t('task.confirmTitle', { code: task.code, action: TASK_ACTION_LABELS[action][locale] }),
      content: t(`task.confirm.${action}`),
      danger: action === 'cancel',
      onOk: () => run(action),
    });
  };

  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          data-testid={`task-${action}`}
          size={props.large ? 'large' : 'middle'}
          block={props.large}
          style={props.large ? { minHeight: 56 } : undefined}
          type={
            action === 'start' || action === 'resume' || action === 'complete' || action === 'dispatch'
              ? 'primary'
              : 'default'
          }
          danger={action === 'fail' || action === 'cancel'}
          icon={ICONS[action]}
          loading={act.isPending && act.variables?.action === action}
          disabled={act.isPending}
          onClick={() => press(action)}
        >
          {TASK_ACTION_LABELS[action][locale]}
        </Button>
      ))}
      {failing && (
        <ReasonDialog
          form={form}
          required
          title={t('task.failTitle', { code: task.code })}
          okText={TASK_ACTION_LABELS.fail[locale]}
          label={t('task.failReason')}
          explanation={t('task.failExplain')}
          pending={act.isPending}
          onSubmit={(reason) =>
            void act.mutateAsync({ id: task.id, action: 'fail', reason: reason ?? '' }).then(
              () => setFailing(false),
              () => undefined,
            )
          }
          onClose={() => setFailing(false)}
        />
      )}
    </>
  );
}
