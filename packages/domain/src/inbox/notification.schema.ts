import { z } from 'zod';
import { idSchema, listQuerySchema, pagedResultSchema } from '../core/common.schema.ts';

/**
 * The record a notification is about: the web opens `/<page as a path>/detail/<id>` (or the page itself),
 * with `?view=<view>` when it names one.
 */
export const notificationSubjectSchema = z.object({
  /** A menu page id (`productionPlan.plan.cutPlan`). */
  page: z.string().max(128),
  /** The record's id, when the page has a detail route for it. */
  id: idSchema.nullable(),
  /** What the link opens on the record's page (`replan`: a machine's re-plan proposal), as `?view=`. */
  view: z.string().max(32).nullish(),
});
export type NotificationSubject = z.infer<typeof notificationSubjectSchema>;

/** Values a notification's text needs: short strings and numbers. */
export const notificationParamsSchema = z.record(z.string().max(32), z.union([z.string().max(256), z.number()]));
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

/**
 * What the product tells people: each kind of notification is raised by one event of an area, which
 * declares it with its audience (`<area>.notifications.ts`); the catalogue assembles the kinds and
 * builds these contracts over them, so the inbox names no area. A notification stores its kind and
 * the values its text needs (`params`); each screen words it in the reader's language, so one row
 * reads in all three.
 */
export function notificationContracts<const K extends string>(kinds: readonly [K, ...K[]]) {
  const kindSchema = z.enum(kinds);
  const notificationSchema = z.object({
    id: idSchema,
    kind: kindSchema,
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

  /** `GET /api/notifications`: newest first; filters by kind, unread only, and a creation-date range. */
  const notificationListQuerySchema = listQuerySchema.omit({ sorting: true, filter: true }).extend({
    kind: kindSchema.optional(),
    unread: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    /** Inclusive ISO dates or times. */
    from: z.iso.date().or(z.iso.datetime()).optional(),
    to: z.iso.date().or(z.iso.datetime()).optional(),
  });
  const notificationPageSchema = pagedResultSchema(notificationSchema);

  /**
   * `POST /api/notifications/read-all` takes `{}` (every unread notification of the caller) or `{ kind }`
   * (those of one kind); a body that is no object is bad input.
   */
  const readAllInputSchema = z.object({ kind: kindSchema.optional() });
  return {
    notificationKindSchema: kindSchema,
    notificationSchema,
    notificationListQuerySchema,
    notificationPageSchema,
    readAllInputSchema,
  };
}

/** `GET /api/notifications/unread-count` and the live stream's `notifications` and `messages` events. */
export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `POST /api/notifications/read-all`: how many were marked. */
export const readAllResultSchema = z.object({ marked: z.number().int().min(0) });
