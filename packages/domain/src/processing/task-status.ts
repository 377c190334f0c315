import { z } from 'zod';
import { plainText } from '../core/common.schema.ts';
import type { Localized } from '../core/i18n/locales.ts';
import { BUTTON_LABELS } from '../core/menu/menu-definition.ts';
import { workflow } from '../core/workflow.ts';

/**
 * The life of a machine task. Releasing a daily schedule creates its tasks `pending`; a shift lead
 * dispatches them to their machine's queue; the operator starts, pauses and resumes, and ends the task
 * `done` (completion consumes the stock and adds the pieces) or `failed` with a reason. A task nobody
 * has started yet may be cancelled; once started, the stock it used is real and it must end as done or
 * failed.
 */
export const TASK_STATUSES = ['pending', 'dispatched', 'running', 'paused', 'done', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_ACTIONS = ['dispatch', 'start', 'pause', 'resume', 'complete', 'fail', 'cancel'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

const WORKFLOW = workflow<TaskStatus, TaskAction>({
  pending: { dispatch: 'dispatched', cancel: 'cancelled' },
  dispatched: { start: 'running', cancel: 'cancelled' },
  running: { pause: 'paused', complete: 'done', fail: 'failed' },
  paused: { resume: 'running', fail: 'failed' },
  done: {},
  failed: {},
  cancelled: {},
});

export const nextTaskStatus = WORKFLOW.next;
export const taskActionsIn = WORKFLOW.actionsIn;

/** Nothing changes a task after these; a daily schedule is done when all its tasks are in one. */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = ['done', 'failed', 'cancelled'];
export const isFinalTaskStatus = (status: TaskStatus): boolean => FINAL_TASK_STATUSES.includes(status);

/** A task may change machine or day (a re-plan) until it starts: afterwards its bars were taken at its machine. */
export const REPLANNABLE_TASK_STATUSES: readonly TaskStatus[] = ['pending', 'dispatched'];
export const isReplannableTask = (status: TaskStatus | null): boolean =>
  status !== null && REPLANNABLE_TASK_STATUSES.includes(status);

export const taskStatusSchema = z.enum(TASK_STATUSES);

/** `POST /api/task/{id}/fail`: a failed task always says why (the shift lead reads it). */
export const taskFailInputSchema = z.object({ reason: plainText().trim().min(1).max(200) });
export type TaskFailInput = z.infer<typeof taskFailInputSchema>;

export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, Localized>> = {
  pending: { 'zh-CN': '待派工', 'en-US': 'Pending', 'fr-FR': 'En attente' },
  dispatched: { 'zh-CN': '已派工', 'en-US': 'Dispatched', 'fr-FR': 'Affectée' },
  running: { 'zh-CN': '加工中', 'en-US': 'Running', 'fr-FR': 'En cours' },
  paused: { 'zh-CN': '已暂停', 'en-US': 'Paused', 'fr-FR': 'En pause' },
  done: { 'zh-CN': '已完成', 'en-US': 'Done', 'fr-FR': 'Terminée' },
  failed: { 'zh-CN': '失败', 'en-US': 'Failed', 'fr-FR': 'Échouée' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'fr-FR': 'Annulée' },
};

/**
 * The task's buttons and the events they record, named as the permissions that allow them (the role
 * screen shows those): resuming is allowed by `start` but keeps its own word.
 */
export const TASK_ACTION_LABELS: Readonly<Record<TaskAction, Localized>> = {
  dispatch: BUTTON_LABELS.dispatch,
  start: BUTTON_LABELS.start,
  pause: BUTTON_LABELS.pause,
  resume: { 'zh-CN': '继续', 'en-US': 'Resume', 'fr-FR': 'Reprendre' },
  complete: BUTTON_LABELS.complete,
  fail: BUTTON_LABELS.fail,
  cancel: BUTTON_LABELS.cancel,
};

/** Moving a task to another machine before it starts: its event, and its name when a status refuses it. */
export const TASK_REASSIGN_LABEL: Localized = { 'zh-CN': '改派', 'en-US': 'Re-assign', 'fr-FR': 'Réaffecter' };
