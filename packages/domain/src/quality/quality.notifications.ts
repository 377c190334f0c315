import type { NotificationKinds } from '../core/notification-kinds.ts';
import { QUALITY_PERMISSIONS } from './quality.menu.ts';

/** What quality's events tell people, and whom (see `NotificationKinds`). */
export const QUALITY_NOTIFICATIONS = {
  /** A receipt or production inspection failed: `{ code, characteristic, value }`. */
  inspectionFailed: QUALITY_PERMISSIONS.read,
} as const satisfies NotificationKinds;
