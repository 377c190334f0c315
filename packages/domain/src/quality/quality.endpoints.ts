import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema, idSchema } from '../core/common.schema.ts';
import { attachmentEndpoints } from '../core/attachment-endpoints.ts';
import { RECEIPT_PERMISSIONS, rebarReceiveSchema } from '../stock/index.ts';
import { QUALITY_PERMISSIONS } from './quality.menu.ts';
import {
  backwardTraceSchema,
  controlChartQuerySchema,
  controlChartSchema,
  dueInspectionSchema,
  forwardTraceSchema,
  holdDecisionSchema,
  inspectionListQuerySchema,
  inspectionPageSchema,
  inspectionSchema,
  passRateSchema,
  productionInspectionInputSchema,
  receiptInspectionInputSchema,
  receiptInspectionResultSchema,
  samplingPlanInputSchema,
  samplingPlanSchema,
} from './quality.schema.ts';

const noParams = z.object({});
const INSPECTIONS = 'inspection';

/** Inspection records of the current product and their statistics (`/api/inspection`). */
export const INSPECTION_ENDPOINTS = {
  /** A page of inspections, newest first, each with its checks. */
  list: defineEndpoint({
    method: 'GET',
    path: INSPECTIONS,
    params: noParams,
    query: inspectionListQuerySchema,
    response: inspectionPageSchema,
    access: QUALITY_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${INSPECTIONS}/:id`,
    params: idParamsSchema,
    response: inspectionSchema,
    access: QUALITY_PERMISSIONS.read,
  }),
  /** Per characteristic checked under the list's filters: the checks, those passed and the rate. */
  passRate: defineEndpoint({
    method: 'GET',
    path: `${INSPECTIONS}/stats/pass-rate`,
    params: noParams,
    query: inspectionListQuerySchema,
    response: passRateSchema,
    access: QUALITY_PERMISSIONS.read,
  }),
  /** One characteristic's control chart: centre line, limits and the latest points. */
  controlChart: defineEndpoint({
    method: 'GET',
    path: `${INSPECTIONS}/stats/control-chart`,
    params: noParams,
    query: controlChartQuerySchema,
    response: controlChartSchema,
    access: QUALITY_PERMISSIONS.read,
  }),
};

const techniqueParamsSchema = z.object({ techniqueId: idSchema });
const taskParamsSchema = z.object({ taskId: idSchema });

/** Sampling plans and production inspections of a task. */
export const PRODUCTION_INSPECTION_ENDPOINTS = {
  /** Every production technique with the product's sampling rule. */
  samplingPlans: defineEndpoint({
    method: 'GET',
    path: `${INSPECTIONS}/sampling-plans`,
    params: noParams,
    response: z.array(samplingPlanSchema),
    access: QUALITY_PERMISSIONS.samplingPlans,
  }),
  /** Sets a technique's rule (created or replaced). */
  saveSamplingPlan: defineEndpoint({
    method: 'PUT',
    path: `${INSPECTIONS}/sampling-plans/:techniqueId`,
    params: techniqueParamsSchema,
    body: samplingPlanInputSchema,
    response: samplingPlanSchema,
    access: QUALITY_PERMISSIONS.samplingPlansUpdate,
  }),
  /** The sample pieces of a task due and not yet recorded, with the characteristics to check. */
  due: defineEndpoint({
    method: 'GET',
    path: `${INSPECTIONS}/task/:taskId/due`,
    params: taskParamsSchema,
    response: dueInspectionSchema,
    access: QUALITY_PERMISSIONS.record,
  }),
  /** Records the checks of one piece (201, the inspection). */
  record: defineEndpoint({
    method: 'POST',
    path: `${INSPECTIONS}/task/:taskId`,
    params: taskParamsSchema,
    body: productionInspectionInputSchema,
    status: 201,
    response: inspectionSchema,
    access: QUALITY_PERMISSIONS.record,
  }),
};

const receiptParamsSchema = z.object({ receiptId: idSchema });
/** A receipt's mill certificates: read with the receipt, uploaded and deleted by its inspectors. */
const certificates = attachmentEndpoints(`${INSPECTIONS}/receipt/:receiptId/certificates`, receiptParamsSchema, {
  read: RECEIPT_PERMISSIONS.read,
  write: RECEIPT_PERMISSIONS.inspect,
});

/** A hold's decision on a receipt's held bars: back to the free row, or out to the supplier. */
function holdDecision(action: 'release' | 'return', access: string) {
  return defineEndpoint({
    method: 'POST',
    path: `${INSPECTIONS}/receipt/:receiptId/${action}`,
    params: receiptParamsSchema,
    body: holdDecisionSchema,
    response: rebarReceiveSchema,
    access,
  });
}

/**
 * A receipt's inspection, hold decisions and mill certificates (`/api/inspection/receipt/:receiptId`),
 * with the receipt page's permissions. A certificate's upload and its bytes are files, not JSON, and
 * are served by hand.
 */
export const RECEIPT_INSPECTION_ENDPOINTS = {
  /** Judges the receipt (201); a fail holds its free bars. */
  inspect: defineEndpoint({
    method: 'POST',
    path: `${INSPECTIONS}/receipt/:receiptId`,
    params: receiptParamsSchema,
    body: receiptInspectionInputSchema,
    status: 201,
    response: receiptInspectionResultSchema,
    access: RECEIPT_PERMISSIONS.inspect,
  }),
  release: holdDecision('release', RECEIPT_PERMISSIONS.unhold),
  return: holdDecision('return', RECEIPT_PERMISSIONS.return),
  /** The receipt's certificates, oldest first, and their deletion. */
  certificates: certificates.list,
  deleteCertificate: certificates.remove,
};

/** Traceability: a bundle back to its heats, a heat forward to its bundles. */
export const TRACE_ENDPOINTS = {
  bundle: defineEndpoint({
    method: 'GET',
    path: `${INSPECTIONS}/trace/bundle/:scanId`,
    params: z.object({ scanId: z.string().trim().min(1).max(200) }),
    response: backwardTraceSchema,
    access: QUALITY_PERMISSIONS.trace,
  }),
  heat: defineEndpoint({
    method: 'GET',
    path: `${INSPECTIONS}/trace/heat/:heatNo`,
    params: z.object({ heatNo: z.string().trim().min(1).max(50) }),
    response: forwardTraceSchema,
    access: QUALITY_PERMISSIONS.trace,
  }),
};
