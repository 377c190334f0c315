import { z } from 'zod';
import { defineEndpoint, workflowAction } from '../core/endpoint.ts';
import { idParamsSchema, noParamsSchema } from '../core/common.schema.ts';
import { noContentSchema } from '../core/crud-endpoints.ts';
import { CUT_PLAN_PERMISSIONS, DEMAND_ORDER_PERMISSIONS } from './planning.menu.ts';
import {
  demandOrderCancelSchema,
  demandOrderDetailSchema,
  demandOrderInputSchema,
  demandOrderListQuerySchema,
  demandOrderPageSchema,
  demandOrderSchema,
  demandOrderUpdateSchema,
} from './demand-order.schema.ts';
import {
  cutPlanApproveSchema,
  cutPlanCancelSchema,
  cutPlanCancelRunSchema,
  cutPlanDetailSchema,
  cutPlanInputSchema,
  cutPlanListQuerySchema,
  cutPlanOptimizeSchema,
  cutPlanPageSchema,
  optimizeAcceptedSchema,
} from './cut-plan.schema.ts';
import {
  bundleDisposeSchema,
  demandOrderRevisionSchema,
  demandRevisionInputSchema,
  demandRevisionPreviewSchema,
  looseSupersededPiecesSchema,
  supersededBundleSchema,
  supersededPiecesDisposeSchema,
} from './demand-revision.ts';

const DEMAND_ORDERS = 'demandOrder';
const CUT_PLANS = 'cutPlan';

/**
 * Demand orders (`/api/demandOrder`) of the current product: the list, the options, the detail (lines,
 * history, totals, the plans using it), and the order saved whole — header and lines in one transaction.
 */
export const DEMAND_ORDER_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: DEMAND_ORDERS,
    params: noParamsSchema,
    query: demandOrderListQuerySchema,
    response: demandOrderPageSchema,
    access: DEMAND_ORDER_PERMISSIONS.read,
  }),
  all: defineEndpoint({
    method: 'GET',
    path: `${DEMAND_ORDERS}/all`,
    params: noParamsSchema,
    response: z.array(demandOrderSchema),
    access: DEMAND_ORDER_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${DEMAND_ORDERS}/:id`,
    params: idParamsSchema,
    response: demandOrderDetailSchema,
    access: DEMAND_ORDER_PERMISSIONS.read,
  }),
  /** A new order, typed in or imported (201, its detail). */
  create: defineEndpoint({
    method: 'POST',
    path: DEMAND_ORDERS,
    params: noParamsSchema,
    body: demandOrderInputSchema,
    status: 201,
    response: demandOrderDetailSchema,
    access: DEMAND_ORDER_PERMISSIONS.add,
  }),
  /** A draft replaced whole; `lastModificationTime` must be the current one (409 `stale_update`). */
  update: defineEndpoint({
    method: 'PUT',
    path: `${DEMAND_ORDERS}/:id`,
    params: idParamsSchema,
    body: demandOrderUpdateSchema,
    response: demandOrderDetailSchema,
    access: DEMAND_ORDER_PERMISSIONS.update,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${DEMAND_ORDERS}/:id`,
    params: idParamsSchema,
    status: 204,
    response: noContentSchema,
    access: DEMAND_ORDER_PERMISSIONS.delete,
  }),
};

/**
 * An order's revised bar lists: the diff and its cost (nothing saved), applying it, its history, and what
 * becomes of the bundles and loose pieces it superseded.
 */
export const DEMAND_REVISION_ENDPOINTS = {
  /** The diff against the order and what applying it costs; read under the order's lock, nothing written. */
  preview: defineEndpoint({
    method: 'POST',
    path: `${DEMAND_ORDERS}/:id/revision/preview`,
    params: idParamsSchema,
    body: demandRevisionInputSchema,
    response: demandRevisionPreviewSchema,
    access: DEMAND_ORDER_PERMISSIONS.import,
  }),
  /** Applies it as the order's next revision (201, that revision). */
  apply: defineEndpoint({
    method: 'POST',
    path: `${DEMAND_ORDERS}/:id/revision`,
    params: idParamsSchema,
    body: demandRevisionInputSchema,
    status: 201,
    response: demandOrderRevisionSchema,
    access: DEMAND_ORDER_PERMISSIONS.import,
  }),
  /** The order's revisions, oldest first, each with its mark-by-mark changes. */
  revisions: defineEndpoint({
    method: 'GET',
    path: `${DEMAND_ORDERS}/:id/revisions`,
    params: idParamsSchema,
    response: z.array(demandOrderRevisionSchema),
    access: DEMAND_ORDER_PERMISSIONS.read,
  }),
  /** The bundles its revisions superseded, each with a proposal and what was done with it. */
  superseded: defineEndpoint({
    method: 'GET',
    path: `${DEMAND_ORDERS}/:id/superseded`,
    params: idParamsSchema,
    response: z.array(supersededBundleSchema),
    access: DEMAND_ORDER_PERMISSIONS.read,
  }),
  /** Pieces of superseded lines cut for a bender and never bent, with a proposal for them. */
  loosePieces: defineEndpoint({
    method: 'GET',
    path: `${DEMAND_ORDERS}/:id/superseded-pieces`,
    params: idParamsSchema,
    response: z.array(looseSupersededPiecesSchema),
    access: DEMAND_ORDER_PERMISSIONS.read,
  }),
  /** Re-uses, keeps as offcut or scraps the loose pieces of a superseded line at one cut length (204). */
  disposeLoose: defineEndpoint({
    method: 'POST',
    path: `${DEMAND_ORDERS}/:id/superseded-pieces/dispose`,
    params: idParamsSchema,
    body: supersededPiecesDisposeSchema,
    status: 204,
    response: noContentSchema,
    access: DEMAND_ORDER_PERMISSIONS.import,
  }),
  /** Re-uses, keeps as offcut or scraps a superseded bundle, through the stock ledgers (204). */
  disposeBundle: defineEndpoint({
    method: 'POST',
    path: 'bundle/:id/dispose',
    params: idParamsSchema,
    body: bundleDisposeSchema,
    status: 204,
    response: noContentSchema,
    access: DEMAND_ORDER_PERMISSIONS.import,
  }),
};

/** Cutting plans (`/api/cutPlan`) of the current product: the list, the detail, a new draft, its deletion. */
export const CUT_PLAN_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: CUT_PLANS,
    params: noParamsSchema,
    query: cutPlanListQuerySchema,
    response: cutPlanPageSchema,
    access: CUT_PLAN_PERMISSIONS.read,
  }),
  /** The plan, the job of its current run, that run's result, every run and the status history. */
  get: defineEndpoint({
    method: 'GET',
    path: `${CUT_PLANS}/:id`,
    params: idParamsSchema,
    response: cutPlanDetailSchema,
    access: CUT_PLAN_PERMISSIONS.read,
  }),
  /** A draft of the orders chosen, its first run started with the body's settings (201, its detail). */
  create: defineEndpoint({
    method: 'POST',
    path: CUT_PLANS,
    params: noParamsSchema,
    body: cutPlanInputSchema,
    status: 201,
    response: cutPlanDetailSchema,
    access: CUT_PLAN_PERMISSIONS.add,
  }),
  /** A draft or cancelled plan (204). */
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${CUT_PLANS}/:id`,
    params: idParamsSchema,
    status: 204,
    response: noContentSchema,
    access: CUT_PLAN_PERMISSIONS.delete,
  }),
};

/** A demand order's workflow actions; each answers the order's detail. A cancel without a reason sends no body. */
export const DEMAND_ORDER_ACTION_ENDPOINTS = {
  confirm: workflowAction(DEMAND_ORDERS, 'confirm', {
    access: DEMAND_ORDER_PERMISSIONS.confirm,
    response: demandOrderDetailSchema,
  }),
  cancel: workflowAction(DEMAND_ORDERS, 'cancel', {
    access: DEMAND_ORDER_PERMISSIONS.cancel,
    body: demandOrderCancelSchema,
    bodyOptional: true,
    response: demandOrderDetailSchema,
  }),
};

/** A cutting plan's workflow actions; each answers the plan's detail. */
export const CUT_PLAN_ACTION_ENDPOINTS = {
  /** Approves the plan's best run, or the run chosen (`runId`). */
  approve: workflowAction(CUT_PLANS, 'approve', {
    access: CUT_PLAN_PERMISSIONS.approve,
    body: cutPlanApproveSchema,
    bodyOptional: true,
    response: cutPlanDetailSchema,
  }),
  cancel: workflowAction(CUT_PLANS, 'cancel', {
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
    path: `${CUT_PLANS}/:id/optimize`,
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
    path: `${CUT_PLANS}/:id/cancel-run`,
    params: idParamsSchema,
    response: cutPlanCancelRunSchema,
    access: CUT_PLAN_PERMISSIONS.optimize,
  }),
};
