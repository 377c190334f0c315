// Shop-floor processing: daily schedules (their status, the scheduling contract, the auto-schedule and
// the check and the drag of a schedule changed by hand), machine tasks, and the digital-twin overview's pages.
export * from './processing.menu.ts';
export * from './daily-plan-status.ts';
export * from './task-status.ts';
export * from './schedule.schema.ts';
export * from './job-duration.ts';
export { horizonDays, horizonWindows } from './machine-timeline.ts';
export { daysBetween, orderLateness } from './schedule-metrics.ts';
export { dueDatesOf, dueUnits, jobDueDate, jobOrderDueDate, type DueDates, type DueUnit } from './schedule-due.ts';
export { autoSchedule, schedulingOrder } from './auto-schedule.ts';
export { evaluateSchedule } from './evaluate-schedule.ts';
export {
  optimiseSchedule,
  optimiseSteps,
  type OptimiseOptions,
  type OptimiseOutcome,
  type OptimiseProgress,
} from './schedule-optimiser.ts';
export { compareCost, type ScheduleCost } from './schedule-objective.ts';
export { scheduleLowerBound } from './schedule-bounds.ts';
export { latestStarts } from './latest-start.ts';
export {
  replan,
  replanCost,
  type Placement,
  type ReplanCost,
  type ReplanMove,
  type ReplanRequest,
  type ReplanResult,
} from './replan.ts';
export { changeoverMs, initialSetup, setupOf } from './setup-time.ts';
export * from './schedule-figures.ts';
export { unscheduledJobs } from './unscheduled-jobs.ts';
export * from './schedule-summary.ts';
export * from './move-job.ts';
export * from './scheduled-jobs.ts';
export * from './processing.errors.ts';
export * from './processing.notifications.ts';
export * from './daily-plan.schema.ts';
export * from './task.schema.ts';
export * from './bundle.schema.ts';
export * from './bundle-tag.ts';
export * from './task-moves.ts';
export * from './task-material.ts';
export * from './board-schedule.ts';
export * from './bundle-code.ts';
export * from './label-printer.resource.ts';
export * from './vehicle.resource.ts';
export * from './load-plan.ts';
export * from './load-plan.schema.ts';
export * from './load-store.schema.ts';
export * from './load.errors.ts';
export * from './tag-labels.ts';
export { shapeBitmap, type Bitmap } from './shape-bitmap.ts';
export * from './tag-zpl.ts';
export * from './offcut-label.ts';
export * from './offcut-label-zpl.ts';
export * from './tag.errors.ts';
export * from './bending-steps.ts';
export * from './machine-job.ts';
export * from './replan.schema.ts';
export * from './order-rush.schema.ts';
export * from './replan-summary.ts';
export * from './machine-job-build.ts';
export * from './machine-job-apply.ts';
export * from './machine-job-twin.ts';
export * from './processing.endpoints.ts';
export * from './delivery.endpoints.ts';
export * from './digital-twin.endpoints.ts';
