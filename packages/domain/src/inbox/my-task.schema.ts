import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';
import { notificationSubjectSchema } from './notification.schema.ts';

/**
 * What waits for me, each kind offered to whoever may do it: orders to confirm (confirm
 * button), plans to approve (approve button), tasks queued on my machine (operator page, `machineId`
 * given), password resets requested (personnel resetPassword), low stock (raw stock add: keepers).
 */
export const MY_TASK_KINDS = ['orderToConfirm', 'planToApprove', 'queuedTask', 'passwordReset', 'lowStock'] as const;
export const myTaskKindSchema = z.enum(MY_TASK_KINDS);
export type MyTaskKind = z.infer<typeof myTaskKindSchema>;

/**
 * The values (`params`) each kind's line shows beside its label, in order: dates as YYYY-MM-DD, weights
 * in kg, rates as fractions. The web labels each `workbench:tasks.params.<name>`.
 */
export const MY_TASK_PARAMS = {
  orderToConfirm: ['name', 'dueDate'],
  planToApprove: ['wasteRate'],
  queuedTask: ['machine'],
  passwordReset: ['name'],
  lowStock: ['availableKg', 'minStockKg'],
} as const satisfies Record<MyTaskKind, readonly string[]>;

export const myTaskSchema = z.object({
  kind: myTaskKindSchema,
  /** The record's id (order, plan, task, user, rebar spec). */
  id: idSchema,
  /** Its code or name as people know it (DO…, CP…, the task code, the user name, the spec). */
  label: z.string(),
  /** Values the line shows beside the label (`MY_TASK_PARAMS` names them per kind). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Where it is done. */
  subject: notificationSubjectSchema,
  /** When it started waiting (ISO). */
  since: z.string(),
});
export type MyTask = z.infer<typeof myTaskSchema>;

/** `GET /api/my-tasks?machineId`: the items (oldest first within a kind) and the count per kind offered. */
export const myTasksQuerySchema = z.object({ machineId: idSchema.optional() });
export const myTasksSchema = z.object({
  items: z.array(myTaskSchema),
  /** Only the kinds the caller may act on appear here (0 when there is nothing). */
  counts: z.partialRecord(myTaskKindSchema, z.number().int().min(0)),
});
export type MyTasks = z.infer<typeof myTasksSchema>;
