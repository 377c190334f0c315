import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema, noParamsSchema } from '../core/common.schema.ts';
import { noContentSchema } from '../core/crud-endpoints.ts';
import { DELIVERY_PERMISSIONS, TASK_PERMISSIONS } from './processing.menu.ts';
import {
  bundleListQuerySchema,
  bundlePageSchema,
  deliveryNoteDetailSchema,
  deliveryNoteInputSchema,
  deliveryNoteListQuerySchema,
  deliveryNotePageSchema,
  printBundleTagsInputSchema,
  printTagsInputSchema,
  printTagsResultSchema,
  scanAnswerSchema,
} from './bundle.schema.ts';
import { loadPlanAnswerSchema, loadPlanQuerySchema } from './load-plan.schema.ts';
import {
  deliveryProofInputSchema,
  deliveryProofSchema,
  dropViewSchema,
  loadCompleteSchema,
  loadPlanCreateSchema,
  loadPlanListQuerySchema,
  loadPlanListSchema,
  loadPlanMoveSchema,
  loadPlanRemoveSchema,
  loadScanSchema,
  loadTruckParamsSchema,
  savedLoadPlanSchema,
} from './load-store.schema.ts';

/**
 * Delivery notes (`/api/delivery`): the paged list, one note, recording one (the picked bundles leave
 * finished stock), the day's live load plan and a note's proof of delivery; the bundles to pick
 * (`/api/bundle`). A note's PDF is a file, registered by hand.
 */
export const DELIVERY_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: 'delivery',
    params: noParamsSchema,
    query: deliveryNoteListQuerySchema,
    response: deliveryNotePageSchema,
    access: DELIVERY_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: 'delivery/:id',
    params: idParamsSchema,
    response: deliveryNoteDetailSchema,
    access: DELIVERY_PERMISSIONS.read,
  }),
  record: defineEndpoint({
    method: 'POST',
    path: 'delivery',
    params: noParamsSchema,
    body: deliveryNoteInputSchema,
    status: 201,
    response: deliveryNoteDetailSchema,
    access: DELIVERY_PERMISSIONS.add,
  }),
  /** The day's bundles on no saved plan, packed live onto the vehicle's trucks. */
  loadPlan: defineEndpoint({
    method: 'GET',
    path: 'delivery/load-plan',
    params: noParamsSchema,
    query: loadPlanQuerySchema,
    response: loadPlanAnswerSchema,
    access: DELIVERY_PERMISSIONS.read,
  }),
  /** The note's proof of delivery, or null before one is recorded. */
  proof: defineEndpoint({
    method: 'GET',
    path: 'delivery/:id/proof',
    params: idParamsSchema,
    response: deliveryProofSchema.nullable(),
    access: DELIVERY_PERMISSIONS.read,
  }),
  /** Records the proof (a photo and a signature: the route takes bodies up to 5 MB). */
  recordProof: defineEndpoint({
    method: 'POST',
    path: 'delivery/:id/proof',
    params: idParamsSchema,
    body: deliveryProofInputSchema,
    status: 201,
    response: deliveryProofSchema,
    access: DELIVERY_PERMISSIONS.add,
  }),
  /** One page of the line's bundles (filtered by status, order, task, tag…). */
  bundles: defineEndpoint({
    method: 'GET',
    path: 'bundle',
    params: noParamsSchema,
    query: bundleListQuerySchema,
    response: bundlePageSchema,
    access: DELIVERY_PERMISSIONS.read,
  }),
};

/** A saved plan's answer after a write: the plan as it now stands. */
const planWrite = <B extends z.ZodType>(path: string, body: B) =>
  defineEndpoint({
    method: 'POST',
    path,
    params: idParamsSchema,
    body,
    response: savedLoadPlanSchema,
    access: DELIVERY_PERMISSIONS.add,
  });

/**
 * Saved load plans (`/api/loadPlan`): made for a day and a vehicle, bundles moved by hand, loaded by scan
 * truck by truck, each full truck leaving with its delivery note. Every write answers the plan.
 */
export const LOAD_PLAN_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: 'loadPlan',
    params: noParamsSchema,
    query: loadPlanListQuerySchema,
    response: loadPlanListSchema,
    access: DELIVERY_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: 'loadPlan/:id',
    params: idParamsSchema,
    response: savedLoadPlanSchema,
    access: DELIVERY_PERMISSIONS.read,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'loadPlan',
    params: noParamsSchema,
    body: loadPlanCreateSchema,
    status: 201,
    response: savedLoadPlanSchema,
    access: DELIVERY_PERMISSIONS.add,
  }),
  move: planWrite('loadPlan/:id/move', loadPlanMoveSchema),
  /** The bundle leaves its truck (a superseded one must, to let it leave). */
  remove: planWrite('loadPlan/:id/remove', loadPlanRemoveSchema),
  delete: defineEndpoint({
    method: 'DELETE',
    path: 'loadPlan/:id',
    params: idParamsSchema,
    status: 204,
    response: noContentSchema,
    access: DELIVERY_PERMISSIONS.add,
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: 'loadPlan/:id/truck/:truck/scan',
    params: loadTruckParamsSchema,
    body: loadScanSchema,
    response: savedLoadPlanSchema,
    access: DELIVERY_PERMISSIONS.add,
  }),
  /** The loaded truck leaves: its delivery note is recorded. */
  complete: defineEndpoint({
    method: 'POST',
    path: 'loadPlan/:id/truck/:truck/complete',
    params: loadTruckParamsSchema,
    body: loadCompleteSchema,
    response: z.object({ plan: savedLoadPlanSchema, deliveryNoteId: z.string() }),
    access: DELIVERY_PERMISSIONS.add,
  }),
};

/**
 * Tags and offcut labels sent to one of the line's label printers as ZPL: a task's tags and offcut labels
 * (the operator's print permission) and any selection of the line's bundles. Their PDF and ZPL downloads
 * are files, registered by hand.
 */
export const TAG_PRINT_ENDPOINTS = {
  task: defineEndpoint({
    method: 'POST',
    path: 'task/:id/tags/print',
    params: idParamsSchema,
    body: printTagsInputSchema,
    response: printTagsResultSchema,
    access: TASK_PERMISSIONS.print,
  }),
  bundles: defineEndpoint({
    method: 'POST',
    path: 'bundle/tags/print',
    params: noParamsSchema,
    body: printBundleTagsInputSchema,
    response: printTagsResultSchema,
    access: DELIVERY_PERMISSIONS.print,
  }),
  offcutLabels: defineEndpoint({
    method: 'POST',
    path: 'task/:id/offcut-labels/print',
    params: idParamsSchema,
    body: printTagsInputSchema,
    response: printTagsResultSchema,
    access: TASK_PERMISSIONS.print,
  }),
};

/** What a phone that scanned a tag or opened a drop link sees: public, rate-limited, 404 when unknown. */
export const PUBLIC_SCAN_ENDPOINTS = {
  scan: defineEndpoint({
    method: 'GET',
    path: 'scan/:scanId',
    params: z.object({ scanId: z.string().max(200) }),
    response: scanAnswerSchema,
    access: 'public',
  }),
  drop: defineEndpoint({
    method: 'GET',
    path: 'drop/:token',
    params: z.object({ token: z.string().max(200) }),
    response: dropViewSchema,
    access: 'public',
  }),
};
