import type { NotificationKinds } from '../core/notification-kinds.ts';
import { DAILY_PLAN_PERMISSIONS, DIGITAL_TWIN_PERMISSIONS, TASK_PERMISSIONS } from './processing.menu.ts';

/** What the shop floor's events tell people, and whom (see `NotificationKinds`). */
export const PROCESSING_NOTIFICATIONS = {
  /**
   * Planning approved a cutting plan, so its pieces can be scheduled: `{ code }`. Declared here, with
   * the schedulers as its audience, since planning cannot name processing's permissions.
   */
  planApproved: DAILY_PLAN_PERMISSIONS.add,
  /** A machine task was failed: `{ code, machine, reason }`. */
  taskFailed: TASK_PERMISSIONS.read,
  /** A machine rejected a task's job and it went back to the queue: `{ code, machine, reason }`. */
  machineJobRejected: TASK_PERMISSIONS.dispatch,
  /** A machine went into fault (telemetry or by hand): `{ machine, serialNumber, alarm? }`. */
  machineFault: DIGITAL_TWIN_PERMISSIONS.read,
  /**
   * A machine has been in fault for the product's `replanAfterFaultMinutes` with tasks not started on it:
   * `{ machine, serialNumber, minutes, tasks }`, to those who may re-plan; it opens the re-plan proposal.
   */
  faultReplan: TASK_PERMISSIONS.replan,
  /**
   * The same, with the product's `replanOnFault` at `apply`: its re-plan was applied by itself —
   * `{ machine, serialNumber, minutes, moved, pushed, to, daysLateBefore, daysLateAfter }` (`to` the
   * machines the tasks went to, the days late summed over the orders it touched).
   */
  faultReplanApplied: TASK_PERMISSIONS.replan,
  /**
   * The same, but the re-plan could not be applied by itself: `{ machine, serialNumber, minutes, tasks,
   * unplaced }` (the work it would leave without a place, this machine's or work waiting on it); it
   * opens the proposal.
   */
  faultReplanNotApplied: TASK_PERMISSIONS.replan,
} as const satisfies NotificationKinds;
