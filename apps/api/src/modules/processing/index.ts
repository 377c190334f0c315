import { labelPrinterResource, vehicleResource } from '@armature/domain';
import type { Area } from '../../core/area.ts';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { dailyPlanRoutes } from './daily-plan.routes.ts';
import { optimiseDailyPlanJob } from './daily-plan-optimise.job.ts';
import { demandRevisionRoutes } from './demand-revision.routes.ts';
import { orderRushRoutes } from './order-rush.routes.ts';
import { deliveryRoutes } from './delivery.routes.ts';
import { loadPlanRoutes } from './load-plan.routes.ts';
import { scanRoutes } from './scan.routes.ts';
import { tagRoutes } from './tag.routes.ts';
import { offcutLabelRoutes } from './offcut-label.routes.ts';
import { taskRoutes } from './task.routes.ts';
import { scheduleFaultReplanScan } from './fault-replan.schedule.ts';

export * from './processing.table.ts';
export * from './machine-job.table.ts';
export * from './load-plan.table.ts';
export { applyJobStatus } from './machine-job.status.ts';
export { MACHINE_JOB_CHANNEL, jobWaitsForCut } from './machine-job.command.ts';
export { addTelemetryPieces, runningTasks, type RunningTask } from './task-telemetry.ts';
export { lockTask, transitionTask, type LockedTask } from './task.command.ts';
export { dispatchTask } from './task-dispatch.command.ts';
export { createDailyPlan, releaseDailyPlan } from './daily-plan.command.ts';
export { creditProduced, reportTask } from './task-completion.ts';
export { OUTPUT_COUNTS, OUTPUT_ORDER } from './task.query.ts';
export { steelTasksOf } from './bundle-heats.query.ts';
export { timeZoneOf } from './daily-plan.query.ts';
export { operatorMachineOf } from './operator-machine.ts';
export { proposeFaultReplans } from './fault-replan.ts';

/**
 * The shop floor: daily schedules of approved cutting plans onto machines, the machine tasks they
 * release, their completion into stock, bundle tags with their public scan page, and deliveries.
 */
export const processingArea: Area = {
  name: 'processing',
  jobs: [optimiseDailyPlanJob],
  routes: async (app) => {
    scheduleFaultReplanScan(app);
    await app.register(dailyPlanRoutes, { prefix: '/dailyPlan' });
    await app.register(taskRoutes, { prefix: '/task' });
    await app.register(deliveryRoutes);
    await app.register(loadPlanRoutes);
    await app.register(demandRevisionRoutes);
    await app.register(orderRushRoutes);
    await app.register(tagRoutes);
    await app.register(offcutLabelRoutes);
    await app.register(scanRoutes, { prefix: '/scan' });
    registerResourceRoutes(app, labelPrinterResource);
    registerResourceRoutes(app, vehicleResource);
  },
};
