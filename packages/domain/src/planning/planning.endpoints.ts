import { defineEndpoint, workflowAction } from '../core/endpoint.ts';
import { idParamsSchema } from '../core/common.schema.ts';
import { CUT_PLAN_PERMISSIONS, DEMAND_ORDER_PERMISSIONS } from './planning.menu.ts';
import { demandOrderCancelSchema, demandOrderDetailSchema } from './demand-order.schema.ts';
import {
  cutPlanApproveSchema,
  cutPlanCancelSchema,
  cutPlanCancelRunSchema,
  cutPlanDetailSchema,
  cutPlanOptimizeSchema,
  optimizeAcceptedSchema,
} from './cut-plan.schema.ts';

/** A demand order's workflow actions; each answers the order's detail. A cancel without a reason sends no body. */
export const DEMAND_ORDER_ACTION_ENDPOINTS = {
  confirm: workflowAction('demandOrder', 'confirm', {
    access: DEMAND_ORDER_PERMISSIONS.confirm,
    response: demandOrderDetailSchema,
  }),
  cancel: workflowAction('demandOrder', 'cancel', {
    access: DEMAND_ORDER_PERMISSIONS.cancel,
    body: demandOrderCancelSchema,
    bodyOptional: true,
    response: demandOrderDetailSchema,
  }),
};

/** A cutting plan's workflow actions; each answers the plan's detail. */
export const CUT_PLAN_ACTION_ENDPOINTS = {
  /** Approves the plan's best run, or the run chosen (`runId`). */
  approve: workflowAction('cutPlan', 'approve', {
    access: CUT_PLAN_PERMISSIONS.approve,
    body: cutPlanApproveSchema,
    bodyOptional: true,
    response: cutPlanDetailSchema,
  }),
  cancel: workflowAction('cutPlan', 'cancel', {
    access: CUT_PLAN_PERMISSIONS.cancel,
    body: cutPlanCancelSchema,
    bodyOptional: true,
    response: cutPlanDetailSchema,
  }),
};

/** A cutting plan's optimisation runs: each runs as a background job, its progress on the plan's events. */
export const CUT_PLAN_RUN_ENDPOINTS = {
  /** Starts a run with the plan's settings, or with these (202 `{ jobId, runId }`). */
  optimize: defineEndpoint({
    method: 'POST',
    path: 'cutPlan/:id/optimize',
    params: idParamsSchema,
    body: cutPlanOptimizeSchema,
    bodyOptional: true,
    status: 202,
    response: optimizeAcceptedSchema,
    access: CUT_PLAN_PERMISSIONS.optimize,
  }),
  /** Stops the plan's current run and keeps the best plan found so far; `cancelled` is false without one. */
  cancelRun: defineEndpoint({
    method: 'POST',
    path: 'cutPlan/:id/cancel-run',
    params: idParamsSchema,
    response: cutPlanCancelRunSchema,
    access: CUT_PLAN_PERMISSIONS.optimize,
  }),
};
