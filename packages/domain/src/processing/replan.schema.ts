import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';
import { defineEndpoint } from '../core/endpoint.ts';
import { TASK_PERMISSIONS } from './processing.menu.ts';
import { UNSCHEDULED_REASONS } from './schedule.schema.ts';
import { isoDateSchema } from '../stock/index.ts';

/**
 * Re-planning released work, asked for in one of three ways: a machine is down (`breakdown`: its
 * tasks not started go to other eligible machines, into the time they have free); tasks are moved by
 * hand to a machine (`move`: one task, or the task list's selection — the only way a task changes
 * machine, so it is re-timed too); a draft schedule holding an urgent order is put in front of released
 * work (`rush`: its jobs at their earliest, what they displace pushed later).
 */
/** Tasks one move by hand may take (the task list's bulk selection). */
export const REPLAN_MAX_TASKS = 200;

export const replanRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('breakdown'), equipmentId: idSchema }),
  z.object({
    kind: z.literal('move'),
    taskIds: z.array(idSchema).min(1).max(REPLAN_MAX_TASKS),
    equipmentId: idSchema,
    /**
     * Another plant day: the tasks start from that day on (earlier or later than planned, never before
     * now), on `equipmentId` — their own machine included. Without it they keep at least their planned start.
     */
    day: isoDateSchema.optional(),
  }),
  z.object({ kind: z.literal('rush'), dailyPlanId: idSchema }),
]);
export type ReplanRequestInput = z.infer<typeof replanRequestSchema>;

/** Applying: the proposal's `stamp`, so that what is applied is what the planner read. */
export const replanApplySchema = z.intersection(replanRequestSchema, z.object({ stamp: z.string().min(1).max(64) }));
export type ReplanApplyInput = z.infer<typeof replanApplySchema>;

const instant = z.string();

/** One task (or, for a rush, a job of the draft) whose machine or time changes. */
export const replanMoveSchema = z.object({
  /** The task; null for a job of the rush schedule (its task is made when it is applied). */
  taskId: idSchema.nullable(),
  /** The task's code, or the job's label. */
  code: z.string(),
  orderCodes: z.array(z.string()),
  fromMachineId: idSchema.nullable(),
  fromMachine: z.string().nullable(),
  fromStart: instant.nullable(),
  machineId: idSchema,
  machine: z.string(),
  start: instant,
  end: instant,
  /** The task that was asked to move (not one pushed by it). */
  asked: z.boolean(),
});
export type ReplanMoveView = z.infer<typeof replanMoveSchema>;

export const replanProposalSchema = z.object({
  kind: z.enum(['breakdown', 'move', 'rush']),
  /** Changes whenever the proposal would: apply with it. */
  stamp: z.string(),
  moves: z.array(replanMoveSchema),
  unplaced: z.array(z.object({ code: z.string(), reason: z.enum(UNSCHEDULED_REASONS) })),
  /**
   * Orders of the work involved: the order's (earliest drop's) date, days late as planned and after the change
   * (its worst drop's; null: no due date or not placed), and the date of the drop they are counted from when late.
   */
  orders: z.array(
    z.object({
      orderId: idSchema,
      code: z.string(),
      dueDate: z.string().nullable(),
      daysLateBefore: z.number().int().nullable(),
      daysLateAfter: z.number().int().nullable(),
      lateDueBefore: z.string().nullable(),
      lateDueAfter: z.string().nullable(),
    }),
  ),
  machines: z.array(
    z.object({
      machineId: idSchema,
      machine: z.string(),
      changeoversBefore: z.number().int(),
      changeoversAfter: z.number().int(),
      workMinutesBefore: z.number().int(),
      workMinutesAfter: z.number().int(),
    }),
  ),
});
export type ReplanProposal = z.infer<typeof replanProposalSchema>;

const noParams = z.object({});

export const REPLAN_ENDPOINTS = {
  preview: defineEndpoint<typeof noParams, typeof replanProposalSchema, typeof replanRequestSchema>({
    method: 'POST',
    path: 'task/replan/preview',
    params: noParams,
    body: replanRequestSchema,
    response: replanProposalSchema,
    access: TASK_PERMISSIONS.replan,
  }),
  apply: defineEndpoint<typeof noParams, typeof replanProposalSchema, typeof replanApplySchema>({
    method: 'POST',
    path: 'task/replan/apply',
    params: noParams,
    body: replanApplySchema,
    response: replanProposalSchema,
    access: TASK_PERMISSIONS.replan,
  }),
};
