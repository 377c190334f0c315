import { productResource, rebarResource, techniqueResource } from '@armature/domain';
import fastifyMultipart from '@fastify/multipart';
import type { Area } from '../../core/area.ts';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import { demandOrderRoutes } from './demand-order.routes.ts';
import { orderDropRoutes } from './order-drop.routes.ts';
import { demandOrderUsage } from './demand-order.query.ts';
import { DEMAND_ORDER_USAGE } from './demand-order.routes.ts';
import { cutPlanRoutes } from './cut-plan.routes.ts';
import { cutPlanUsageOfOrder } from './cut-plan.query.ts';
import { optimizeCutPlanJob } from './cut-plan.job.ts';
import { scheduleDueOrderScan } from './order-due.schedule.ts';

export { DEMAND_ORDER_USAGE } from './demand-order.routes.ts';
export { seedDemandOrders } from './planning.seed.ts';
export { approvedDemoPlan, seedCutPlans } from './cut-plan.seed.ts';
export { completeLines, createDemandOrder, recordHistory, transitionDemandOrder } from './demand-order.command.ts';
export { cancelCutPlan, finishCutPlan } from './cut-plan.command.ts';
export { planAndApproveNow } from './cut-plan-now.command.ts';
export { optimizeSolver } from './cut-plan.job.ts';
export { recordProduction, type ProducedPieces } from './demand-production.command.ts';
export { scheduleCutPlans } from './cut-plan.command.ts';
export { scanDueOrders } from './order-due.ts';
export { demandOrderHeader } from './demand-order.query.ts';
export { cutPlans, cutPlanRuns, cutPlanLines, cutPlanHistory } from './cut-plan.table.ts';
export { demandOrders, demandOrderLines, demandOrderHistory, demandOrderRevisions } from './planning.table.ts';
export { orderDrops } from './order-drop.table.ts';
export { lineDrop, nextDropDue, scheduleOrdersOf } from './order-line-due.query.ts';

/**
 * Production planning: demand orders (bar bending schedules), entered or imported. It keeps the rebar
 * specs, techniques and products its orders use from being deleted.
 */
export const planningArea: Area = {
  name: 'planning',
  jobs: [optimizeCutPlanJob],
  routes: async (app) => {
    addUsageCheck(app, rebarResource.name, (tx, rebarId) => demandOrderUsage(tx, { rebarId }));
    addUsageCheck(app, techniqueResource.name, (tx, techniqueId) => demandOrderUsage(tx, { techniqueId }));
    addUsageCheck(app, productResource.name, (tx, productId) => demandOrderUsage(tx, { productId }));
    // Cutting plans: an order a plan (not cancelled) uses is not cancelled.
    addUsageCheck(app, DEMAND_ORDER_USAGE, cutPlanUsageOfOrder);
    scheduleDueOrderScan(app);
    await app.register(async (planning) => {
      // Uploads only here: the schedule imports. One file per request; its size is checked per route.
      await planning.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
      await planning.register(demandOrderRoutes, { prefix: '/demandOrder' });
      await planning.register(orderDropRoutes, { prefix: '/demandOrder' });
      await planning.register(cutPlanRoutes, { prefix: '/cutPlan' });
    });
  },
};
