import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DAILY_PLAN_ACTION_ENDPOINTS,
  DAILY_PLAN_ENDPOINTS,
  DAILY_PLAN_PERMISSIONS,
  idParamsSchema,
} from '@armature/domain';
import { openEventStream } from '../../core/events/sse.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { actionRoutes, recordWrite } from '../../core/http/action-routes.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import {
  cancelDailyPlan,
  createDailyPlan,
  deleteDailyPlan,
  moveDailyPlanJob,
  releaseDailyPlan,
  rescheduleDailyPlan,
} from './daily-plan.command.ts';
import { dailyPlanDetail, findDailyPlan, listDailyPlans } from './daily-plan.query.ts';
import { cancelOptimise, startOptimise } from './daily-plan-optimise.command.ts';
import { dailyPlanChannel, latestOptimiseJob } from './daily-plan-optimise.query.ts';

/**
 * Daily schedules of the current product: approved cutting plans' patterns and bends laid
 * on the product's machines over plant days, adjusted on the board (auto-schedule, drags), released
 * into machine tasks, or cancelled / deleted while drafts.
 */
export const dailyPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dailyPlan'];

  endpointRoute(
    app,
    DAILY_PLAN_ENDPOINTS.list,
    async (request) => listDailyPlans(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    DAILY_PLAN_ENDPOINTS.get,
    async (request) => dailyPlanDetail(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    DAILY_PLAN_ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await createDailyPlan(tx, writer, request.body);
        return dailyPlanDetail(tx, writer.scope.productId, id);
      }),
    { tags },
  );

  const action = actionRoutes(app, {
    tags,
    writer: (request) => request.actor(),
    detail: (tx, actor, id) => dailyPlanDetail(tx, actor.scope.productId, id),
  });
  action(DAILY_PLAN_ACTION_ENDPOINTS.autoSchedule, rescheduleDailyPlan);
  action(DAILY_PLAN_ACTION_ENDPOINTS.move, moveDailyPlanJob);
  action(DAILY_PLAN_ACTION_ENDPOINTS.release, releaseDailyPlan);
  action(DAILY_PLAN_ACTION_ENDPOINTS.cancel, cancelDailyPlan);

  // The optimiser searches for seconds: a background job, answered at once; its progress and its
  // figures before → after follow on the schedule's events.
  recordWrite(app, DAILY_PLAN_ENDPOINTS.optimise, startOptimise, { tags });
  recordWrite(
    app,
    DAILY_PLAN_ENDPOINTS.cancelOptimise,
    async (tx, actor, id) => ({ cancelled: await cancelOptimise(tx, actor, id) }),
    { tags },
  );

  app.get(
    '/:id/events',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, produces: ['text/event-stream'] },
    },
    async (request, reply) => {
      const { productId } = await request.scope();
      const plan = await findDailyPlan(app.db, productId, request.params.id);
      return openEventStream(request, reply, {
        channels: [dailyPlanChannel(plan.id)],
        snapshot: async () => [{ event: 'job', data: await latestOptimiseJob(app.db, plan.id) }],
      });
    },
  );

  recordWrite(
    app,
    DAILY_PLAN_ENDPOINTS.delete,
    async (tx, actor, id) => {
      await deleteDailyPlan(tx, actor, id);
      return null;
    },
    { tags },
  );
};
