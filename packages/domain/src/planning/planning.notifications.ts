import type { NotificationKinds } from '../core/notification-kinds.ts';
import { CUT_PLAN_PERMISSIONS } from './planning.menu.ts';

/** What planning's events tell people, and whom (see `NotificationKinds`). */
export const PLANNING_NOTIFICATIONS = {
  /** A cutting plan's optimisation run finished: `{ code, wasteRate }`. */
  planOptimised: CUT_PLAN_PERMISSIONS.approve,
  /** A cutting plan's optimisation run failed: `{ code, message }`. */
  planFailed: CUT_PLAN_PERMISSIONS.optimize,
  /** A confirmed order is due within the plant's warning days and not fully planned: `{ code, dueDate, days }`. */
  orderDue: CUT_PLAN_PERMISSIONS.add,
} as const satisfies NotificationKinds;
