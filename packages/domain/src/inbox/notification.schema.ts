import { z } from 'zod';
import { idSchema, listQuerySchema, pagedResultSchema } from '../core/common.schema.ts';
import { CUT_PLAN_PERMISSIONS, DAILY_PLAN_PERMISSIONS } from '../planning/index.ts';
import { DIGITAL_TWIN_PERMISSIONS, TASK_PERMISSIONS } from '../processing/index.ts';
import { QUALITY_PERMISSIONS } from '../quality/index.ts';
import { STOCK_PERMISSIONS } from '../stock/index.ts';

/**
 * What the product tells people (issue #17): each kind is raised by one event of an area. A
 * notification stores its kind and the values its text needs (`params`); each screen words it in the
 * reader's language (`inbox:notifications.kinds.<kind>`), so one row reads in all three.
 */
export const NOTIFICATION_KINDS = [
  /** A cutting plan's optimisation run finished: `{ code, wasteRate }`. */
  'planOptimised',
  /** A cutting plan's optimisation run failed: `{ code, message }`. */
  'planFailed',
  /** A cutting plan was approved: `{ code }`. */
  'planApproved',
  /** A machine task was failed: `{ code, machine, reason }`. */
  'taskFailed',
  /** A machine rejected the job of a task, which went back to the queue: `{ code, machine, reason }`. */
  'machineJobRejected',
  /** A machine went into fault (telemetry or by hand): `{ machine, serialNumber, alarm? }`. */
  'machineFault',
  /** A spec's free raw stock fell below its minimum: `{ spec, availableKg, minStockKg }`. */
  'lowStock',
  /** A confirmed order is due within the plant's warning days and not fully planned: `{ code, dueDate, days }`. */
  'orderDue',
  /** A receipt or production inspection failed: `{ code, characteristic, value }`. */
  'inspectionFailed',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * Who is told, besides the user whose action raised it: the users of the record's product holding this
 * permission (by role or granted to them). Maker staff (`admin` role) are told only of what they started.
 */
export const NOTIFICATION_AUDIENCE: Readonly<Record<NotificationKind, string>> = {
  planOptimised: CUT_PLAN_PERMISSIONS.approve,
  planFailed: CUT_PLAN_PERMISSIONS.optimize,
  planApproved: DAILY_PLAN_PERMISSIONS.add,
  taskFailed: TASK_PERMISSIONS.read,
  machineJobRejected: TASK_PERMISSIONS.dispatch,
  machineFault: DIGITAL_TWIN_PERMISSIONS.read,
  lowStock: STOCK_PERMISSIONS.raw.add,
  orderDue: CUT_PLAN_PERMISSIONS.add,
  inspectionFailed: QUALITY_PERMISSIONS.read,
};

/** The record a notification is about: the web opens `/<page as a path>/detail/<id>` (or the page itself). */
export const notificationSubjectSchema = z.object({
  /** A menu page id (`productionPlan.plan.cutPlan`). */
  page: z.string().max(128),
  /** The record's id, when the page has a detail route for it. */
  id: idSchema.nullable(),
});
export type NotificationSubject = z.infer<typeof notificationSubjectSchema>;

/** Values a notification's text needs: short strings and numbers. */
export const notificationParamsSchema = z.record(z.string().max(32), z.union([z.string().max(256), z.number()]));
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: idSchema,
  kind: notificationKindSchema,
  params: notificationParamsSchema,
  subject: notificationSubjectSchema,
  /** The plant (product) it concerns, with its names for a reader who works in several. */
  productId: idSchema.nullable(),
  productName: z.string().nullable(),
  clientName: z.string().nullable(),
  /** Who started the action, when a person did (null for telemetry and scheduled checks). */
  actorName: z.string().nullable(),
  readTime: z.string().nullable(),
  creationTime: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: newest first; filters by kind, unread only, and a creation-date range. */
export const notificationListQuerySchema = listQuerySchema.omit({ sorting: true, filter: true }).extend({
  kind: notificationKindSchema.optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Inclusive ISO dates or times. */
  from: z.iso.date().or(z.iso.datetime()).optional(),
  to: z.iso.date().or(z.iso.datetime()).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export const notificationPageSchema = pagedResultSchema(notificationSchema);

/** `GET /api/notifications/unread-count` and the live stream's `notifications` and `messages` events. */
export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * `POST /api/notifications/read-all` takes `{}` (every unread notification of the caller) or `{ kind }`
 * (those of one kind); a body that is no object is bad input.
 */
export const readAllInputSchema = z.object({ kind: notificationKindSchema.optional() });
export type ReadAllInput = z.infer<typeof readAllInputSchema>;

/** `POST /api/notifications/read-all`: how many were marked. */
export const readAllResultSchema = z.object({ marked: z.number().int().min(0) });
