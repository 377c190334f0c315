import type { z } from 'zod';
import { mergeNotificationKinds } from './core/notification-kinds.ts';
import {
  notificationContracts,
  notificationEndpoints,
  preferenceEndpoints,
  userPreferencesContracts,
} from './inbox/index.ts';
import { PLANNING_NOTIFICATIONS } from './planning/index.ts';
import { PROCESSING_NOTIFICATIONS } from './processing/index.ts';
import { QUALITY_NOTIFICATIONS } from './quality/index.ts';
import { STOCK_NOTIFICATIONS } from './stock/index.ts';

/*
 * The notification part of the catalogue assembled from the areas (see catalogue.ts), in a module of its own:
 * the web app's first screen reads a user's preferences, whose muted kinds are these, and a bundle that
 * takes a module takes all of its top-level values (the menu tree and the resource registry would come along).
 */

/**
 * Every kind of notification, with the permission whose holders are told of it (its audience): each
 * area declares the kinds its events raise. The inbox's contracts (a notification, its list query,
 * "read all", the muted kinds of a user's preferences) are built over them.
 */
export const NOTIFICATION_AUDIENCE = mergeNotificationKinds(
  PLANNING_NOTIFICATIONS,
  PROCESSING_NOTIFICATIONS,
  STOCK_NOTIFICATIONS,
  QUALITY_NOTIFICATIONS,
);
export type NotificationKind = keyof typeof NOTIFICATION_AUDIENCE;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_AUDIENCE) as [NotificationKind, ...NotificationKind[]];

const notifications = notificationContracts(NOTIFICATION_KINDS);
export const {
  notificationKindSchema,
  notificationSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  readAllInputSchema,
} = notifications;
/** A user's notifications: the list, marking one read and marking all (or a kind's). */
export const NOTIFICATION_ENDPOINTS = notificationEndpoints(notifications);
export type Notification = z.infer<typeof notificationSchema>;
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export type ReadAllInput = z.infer<typeof readAllInputSchema>;

const preferences = userPreferencesContracts(notificationKindSchema);
export const { userPreferencesSchema, userPreferencesUpdateSchema, DEFAULT_USER_PREFERENCES } = preferences;
/** The caller's theme, density and muted notification kinds: read and saved. */
export const PREFERENCE_ENDPOINTS = preferenceEndpoints(preferences);
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;
