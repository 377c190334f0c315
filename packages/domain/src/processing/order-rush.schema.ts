import { z } from 'zod';
import { idParamsSchema, idSchema } from '../core/common.schema.ts';
import { isoDateSchema } from '../stock/index.ts';
import { defineEndpoint } from '../core/endpoint.ts';
import { DAILY_PLAN_PERMISSIONS } from './processing.menu.ts';
import { replanProposalSchema } from './replan.schema.ts';
import { MAX_HORIZON_DAYS } from './schedule.schema.ts';

/**
 * A rush order in one step: the planner marks a confirmed (or draft, confirmed on the way) or
 * producing order urgent, and gets at once a cutting plan of its open lines from free stock and offcuts
 * (approved, so its bars are reserved), a draft schedule of that plan over `days` from `firstDay`, and the rush
 * re-plan's proposal — the order's work at its earliest, what it pushes and what that costs. Applying it
 * releases the schedule and moves the pushed tasks; dropping it deletes the draft and cancels the plan.
 */
export const orderRushInputSchema = z.object({
  /** The schedule's first day (the plant's today when absent): the order's work is placed from then on. */
  firstDay: isoDateSchema.optional(),
  days: z.number().int().min(1).max(MAX_HORIZON_DAYS).default(3),
});

export const orderRushSchema = z.object({
  orderId: idSchema,
  cutPlanId: idSchema,
  cutPlanCode: z.string(),
  dailyPlanId: idSchema,
  dailyPlanCode: z.string(),
  /** Pieces of the order's open lines: asked for, and cut by the plan from stock and offcuts. */
  pieces: z.number().int(),
  placedPieces: z.number().int(),
  proposal: replanProposalSchema,
});
export type OrderRush = z.infer<typeof orderRushSchema>;

/** Applying: the rush's schedule and the proposal's stamp, as the planner read it. */
export const orderRushApplySchema = z.object({ dailyPlanId: idSchema, stamp: z.string().min(1).max(64) });
export const orderRushDropSchema = z.object({ dailyPlanId: idSchema });
const droppedSchema = z.object({ dailyPlanId: idSchema, cutPlanIds: z.array(idSchema) });
/** The order's rush still waiting for Apply or Drop, with a fresh proposal; null when there is none. */
export const openRushSchema = z.object({ rush: orderRushSchema.nullable() });

export const ORDER_RUSH_ENDPOINTS = {
  open: defineEndpoint<typeof idParamsSchema, typeof openRushSchema>({
    method: 'GET',
    path: 'demandOrder/:id/rush',
    params: idParamsSchema,
    response: openRushSchema,
    access: DAILY_PLAN_PERMISSIONS.add,
  }),
  rush: defineEndpoint<typeof idParamsSchema, typeof orderRushSchema, typeof orderRushInputSchema, undefined, true>({
    method: 'POST',
    path: 'demandOrder/:id/rush',
    params: idParamsSchema,
    body: orderRushInputSchema,
    bodyOptional: true,
    response: orderRushSchema,
    access: DAILY_PLAN_PERMISSIONS.add,
  }),
  apply: defineEndpoint<typeof idParamsSchema, typeof replanProposalSchema, typeof orderRushApplySchema>({
    method: 'POST',
    path: 'demandOrder/:id/rush/apply',
    params: idParamsSchema,
    body: orderRushApplySchema,
    response: replanProposalSchema,
    access: DAILY_PLAN_PERMISSIONS.release,
  }),
  drop: defineEndpoint<typeof idParamsSchema, typeof droppedSchema, typeof orderRushDropSchema>({
    method: 'POST',
    path: 'demandOrder/:id/rush/drop',
    params: idParamsSchema,
    body: orderRushDropSchema,
    response: droppedSchema,
    access: DAILY_PLAN_PERMISSIONS.delete,
  }),
};
