import { z } from 'zod';
import { defineEndpoint, workflowAction } from '../core/endpoint.ts';
import { idParamsSchema, noParamsSchema } from '../core/common.schema.ts';
import { noContentSchema } from '../core/crud-endpoints.ts';
import { DEMAND_ORDER_PERMISSIONS } from '../planning/index.ts';
import { DAILY_PLAN_PERMISSIONS, TASK_PERMISSIONS } from './processing.menu.ts';
import {
  dailyPlanAutoScheduleInputSchema,
  dailyPlanCreateInputSchema,
  dailyPlanDetailSchema,
  dailyPlanListQuerySchema,
  dailyPlanMoveInputSchema,
  dailyPlanOptimiseAcceptedSchema,
  dailyPlanOptimiseInputSchema,
  dailyPlanPageSchema,
} from './daily-plan.schema.ts';
import { taskFailInputSchema } from './task-status.ts';
import {
  operatorMachineInputSchema,
  operatorMachineSchema,
  taskBulkInputSchema,
  taskBulkResultSchema,
  taskCompleteInputSchema,
  taskDetailSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskQueueQuerySchema,
  taskQueueSchema,
  taskReportInputSchema,
  taskResolveQuerySchema,
  taskResolveSchema,
  type TaskBulkAction,
} from './task.schema.ts';
import { orderDropListSchema, orderDropsInputSchema } from './load-store.schema.ts';

const DAILY_PLANS = 'dailyPlan';
const TASKS = 'task';

/**
 * Daily schedules (`/api/dailyPlan`) of the current product: the list, the detail (its board), a new
 * draft, its deletion, and the optimiser, a background job whose progress follows on the schedule's events.
 */
export const DAILY_PLAN_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: DAILY_PLANS,
    params: noParamsSchema,
    query: dailyPlanListQuerySchema,
    response: dailyPlanPageSchema,
    access: DAILY_PLAN_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${DAILY_PLANS}/:id`,
    params: idParamsSchema,
    response: dailyPlanDetailSchema,
    access: DAILY_PLAN_PERMISSIONS.read,
  }),
  /** A draft laid out from approved cutting plans (201, its detail). */
  create: defineEndpoint({
    method: 'POST',
    path: DAILY_PLANS,
    params: noParamsSchema,
    body: dailyPlanCreateInputSchema,
    status: 201,
    response: dailyPlanDetailSchema,
    access: DAILY_PLAN_PERMISSIONS.add,
  }),
  /** A draft (204). */
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${DAILY_PLANS}/:id`,
    params: idParamsSchema,
    status: 204,
    response: noContentSchema,
    access: DAILY_PLAN_PERMISSIONS.delete,
  }),
  /** Queues the optimiser (202, its job): the result is applied only if the draft has not changed since. */
  optimise: defineEndpoint({
    method: 'POST',
    path: `${DAILY_PLANS}/:id/optimise`,
    params: idParamsSchema,
    body: dailyPlanOptimiseInputSchema,
    bodyOptional: true,
    status: 202,
    response: dailyPlanOptimiseAcceptedSchema,
    access: DAILY_PLAN_PERMISSIONS.update,
  }),
  /** Stops the running optimiser; `cancelled` is false when none ran. */
  cancelOptimise: defineEndpoint({
    method: 'POST',
    path: `${DAILY_PLANS}/:id/cancel-optimise`,
    params: idParamsSchema,
    response: z.object({ cancelled: z.boolean() }),
    access: DAILY_PLAN_PERMISSIONS.update,
  }),
};

/** The task list's bulk actions: one transaction, an outcome per task (some may be refused). */
const taskBulk = (action: TaskBulkAction) =>
  defineEndpoint({
    method: 'POST',
    path: `${TASKS}/bulk/${action}`,
    params: noParamsSchema,
    body: taskBulkInputSchema,
    response: taskBulkResultSchema,
    access: TASK_PERMISSIONS[action],
  });

/**
 * Machine tasks (`/api/task`) of the current product: the list, the detail, a machine's queue, a scanned
 * text, the operator's machine and the bulk actions. The queue, the scan and the operator's machine serve
 * both the operator's page and the task list: any signed-in user reaches them, and the route lets in the
 * holders of either permission.
 */
export const TASK_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: TASKS,
    params: noParamsSchema,
    query: taskListQuerySchema,
    response: taskPageSchema,
    access: TASK_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${TASKS}/:id`,
    params: idParamsSchema,
    response: taskDetailSchema,
    access: TASK_PERMISSIONS.read,
  }),
  queue: defineEndpoint({
    method: 'GET',
    path: `${TASKS}/queue`,
    params: noParamsSchema,
    query: taskQueueQuerySchema,
    response: taskQueueSchema,
    access: 'authenticated',
  }),
  /** What a scanned text (a tag's URL, a task code) opens, on the operator's machine. */
  resolve: defineEndpoint({
    method: 'GET',
    path: `${TASKS}/resolve`,
    params: noParamsSchema,
    query: taskResolveQuerySchema,
    response: taskResolveSchema,
    access: 'authenticated',
  }),
  /** The operator's machine, kept per user and product so any device they sign in on opens its queue. */
  myMachine: defineEndpoint({
    method: 'GET',
    path: `${TASKS}/my-machine`,
    params: noParamsSchema,
    response: operatorMachineSchema,
    access: 'authenticated',
  }),
  chooseMachine: defineEndpoint({
    method: 'PUT',
    path: `${TASKS}/my-machine`,
    params: noParamsSchema,
    body: operatorMachineInputSchema,
    response: operatorMachineSchema,
    access: 'authenticated',
  }),
  bulk: { dispatch: taskBulk('dispatch'), cancel: taskBulk('cancel') } satisfies Record<TaskBulkAction, unknown>,
};

/**
 * An order's drops (`/api/demandOrder/{id}/drops`): site, date, window and marks, replaced as a whole; a
 * drop's customer link given anew or revoked.
 */
export const ORDER_DROP_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: 'demandOrder/:id/drops',
    params: idParamsSchema,
    response: orderDropListSchema,
    access: DEMAND_ORDER_PERMISSIONS.read,
  }),
  /** Replaces the drops (the order's date becomes the earliest drop's). */
  save: defineEndpoint({
    method: 'PUT',
    path: 'demandOrder/:id/drops',
    params: idParamsSchema,
    body: orderDropsInputSchema,
    response: orderDropListSchema,
    access: DEMAND_ORDER_PERMISSIONS.update,
  }),
  /** A new link for the drop (the old one stops working), or none (`share` false: revoked). */
  share: defineEndpoint({
    method: 'POST',
    path: 'demandOrder/:id/drops/:seq/share',
    params: idParamsSchema.extend({ seq: z.coerce.number().int().min(1).max(50) }),
    body: z.object({ share: z.boolean() }),
    response: z.object({ shareToken: z.string().nullable() }),
    access: DEMAND_ORDER_PERMISSIONS.update,
  }),
};

/** A daily schedule's actions; each answers the schedule's detail. */
export const DAILY_PLAN_ACTION_ENDPOINTS = {
  autoSchedule: workflowAction(DAILY_PLANS, 'auto-schedule', {
    access: DAILY_PLAN_PERMISSIONS.update,
    body: dailyPlanAutoScheduleInputSchema,
    bodyOptional: true,
    response: dailyPlanDetailSchema,
  }),
  move: workflowAction(DAILY_PLANS, 'move', {
    access: DAILY_PLAN_PERMISSIONS.update,
    body: dailyPlanMoveInputSchema,
    response: dailyPlanDetailSchema,
  }),
  release: workflowAction(DAILY_PLANS, 'release', {
    access: DAILY_PLAN_PERMISSIONS.release,
    response: dailyPlanDetailSchema,
  }),
  cancel: workflowAction(DAILY_PLANS, 'cancel', {
    access: DAILY_PLAN_PERMISSIONS.cancel,
    response: dailyPlanDetailSchema,
  }),
};

const taskMove = (action: 'dispatch' | 'start' | 'resume' | 'pause' | 'cancel', access: string) =>
  workflowAction(TASKS, action, { access, response: taskDetailSchema });

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
  fail: workflowAction(TASKS, 'fail', {
    access: TASK_PERMISSIONS.fail,
    body: taskFailInputSchema,
    response: taskDetailSchema,
  }),
  report: workflowAction(TASKS, 'report', {
    access: TASK_PERMISSIONS.complete,
    body: taskReportInputSchema,
    response: taskDetailSchema,
  }),
  complete: workflowAction(TASKS, 'complete', {
    access: TASK_PERMISSIONS.complete,
    body: taskCompleteInputSchema,
    bodyOptional: true,
    response: taskDetailSchema,
  }),
};
