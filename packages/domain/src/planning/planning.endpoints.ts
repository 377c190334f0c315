import { workflowAction } from '../core/endpoint.ts';
import { CUT_PLAN_PERMISSIONS, DEMAND_ORDER_PERMISSIONS } from './planning.menu.ts';
import { demandOrderCancelSchema, demandOrderDetailSchema } from './demand-order.schema.ts';
import { cutPlanApproveSchema, cutPlanCancelSchema, cutPlanDetailSchema } from './cut-plan.schema.ts';

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
