import type { NotificationKinds } from '../core/notification-kinds.ts';
import { STOCK_PERMISSIONS } from './stock-kinds.ts';

/** What stock's events tell people, and whom (see `NotificationKinds`). */
export const STOCK_NOTIFICATIONS = {
  /** A spec's free raw stock fell below its minimum: `{ spec, availableKg, minStockKg }`. */
  lowStock: STOCK_PERMISSIONS.raw.add,
} as const satisfies NotificationKinds;
