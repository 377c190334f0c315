import { workflowAction } from '../core/endpoint.ts';
import { DAILY_PLAN_PERMISSIONS, TASK_PERMISSIONS } from './processing.menu.ts';
import {
  dailyPlanAutoScheduleInputSchema,
  dailyPlanDetailSchema,
  dailyPlanMoveInputSchema,
} from './daily-plan.schema.ts';
import { taskFailInputSchema } from './task-status.ts';
import { taskCompleteInputSchema, taskDetailSchema, taskReportInputSchema } from './task.schema.ts';

/** A daily schedule's actions; each answers the schedule's detail. */
export const DAILY_PLAN_ACTION_ENDPOINTS = {
  autoSchedule: workflowAction('dailyPlan', 'auto-schedule', {
    access: DAILY_PLAN_PERMISSIONS.update,
    body: dailyPlanAutoScheduleInputSchema,
    bodyOptional: true,
    response: dailyPlanDetailSchema,
  }),
  move: workflowAction('dailyPlan', 'move', {
    access: DAILY_PLAN_PERMISSIONS.update,
    body: dailyPlanMoveInputSchema,
    response: dailyPlanDetailSchema,
  }),
  release: workflowAction('dailyPlan', 'release', {
    access: DAILY_PLAN_PERMISSIONS.release,
    response: dailyPlanDetailSchema,
  }),
  cancel: workflowAction('dailyPlan', 'cancel', {
    access: DAILY_PLAN_PERMISSIONS.cancel,
    response: dailyPlanDetailSchema,
  }),
};

const taskMove = (action: 'dispatch' | 'start' | 'resume' | 'pause' | 'cancel', access: string) =>
  workflowAction('task', action, { access, response: taskDetailSchema });

/**
 * A machine task's actions; each answers the task's detail. Resuming needs the start permission; progress
 * reports and completion move the stock in the same transaction.
 */
export const TASK_ACTION_ENDPOINTS = {
  dispatch: taskMove('dispatch', TASK_PERMISSIONS.dispatch),
  start: taskMove('start', TASK_PERMISSIONS.start),
  resume: taskMove('resume', TASK_PERMISSIONS.start),
  pause: taskMove('pause', TASK_PERMISSIONS.pause),
  cancel: taskMove('cancel', TASK_PERMISSIONS.cancel),
  fail: workflowAction('task', 'fail', {
    access: TASK_PERMISSIONS.fail,
    body: taskFailInputSchema,
    response: taskDetailSchema,
  }),
  report: workflowAction('task', 'report', {
    access: TASK_PERMISSIONS.complete,
    body: taskReportInputSchema,
    response: taskDetailSchema,
  }),
  complete: workflowAction('task', 'complete', {
    access: TASK_PERMISSIONS.complete,
    body: taskCompleteInputSchema,
    bodyOptional: true,
    response: taskDetailSchema,
  }),
};
