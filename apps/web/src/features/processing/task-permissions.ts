import { useMemo } from 'react';
import {
  TASK_PERMISSIONS,
  pageButtons,
  pageUrlOf,
  taskActionsIn,
  type ButtonKey,
  type TaskAction,
  type TaskStatus,
} from '@armature/domain';
import { useSession } from '../../lib/use-session.ts';

/** The button of the task page each action needs (resuming is starting again). */
const ACTION_BUTTONS: Record<TaskAction, ButtonKey> = {
  dispatch: 'dispatch',
  start: 'start',
  resume: 'start',
  pause: 'pause',
  complete: 'complete',
  fail: 'fail',
  cancel: 'cancel',
};

/** The actions a task in `status` allows that the user's buttons also allow, in the state machine's order. */
export function allowedTaskActions(status: TaskStatus, buttons: ReadonlySet<string>): TaskAction[] {
  return taskActionsIn(status).filter((action) => buttons.has(ACTION_BUTTONS[action]));
}

/** Progress reports are part of completing: the same button. */
export const mayReport = (status: TaskStatus, buttons: ReadonlySet<string>) =>
  (status === 'running' || status === 'paused') && buttons.has('complete');

/**
 * The user's buttons on the task page, wherever they are (the operator's page has none of its own: what
 * an operator may do there is the task page's start, pause, complete and fail).
 */
export function useTaskButtons(): Set<ButtonKey> {
  const menus = useSession()?.menus;
  return useMemo(() => pageButtons(menus ?? [], pageUrlOf(TASK_PERMISSIONS.read)), [menus]);
}
