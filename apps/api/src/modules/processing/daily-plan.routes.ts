import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DAILY_PLAN_ACTION_ENDPOINTS,
  DAILY_PLAN_PERMISSIONS,
  dailyPlanCreateInputSchema,
  dailyPlanDetailSchema,
  dailyPlanListQuerySchema,
  dailyPlanPageSchema,
  idParamsSchema,
} from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
import { actionRoutes } from '../../core/http/action-routes.ts';
import {
  cancelDailyPlan,
  createDailyPlan,
  deleteDailyPlan,
  moveDailyPlanJob,
  releaseDailyPlan,
  rescheduleDailyPlan,
} from './daily-plan.command.ts';
import { dailyPlanDetail, listDailyPlans } from './daily-plan.query.ts';

/**
 * Daily schedules of the current product: approved cutting plans' patterns and bends laid
 * on the product's machines over plant days, adjusted on the board (auto-schedule, drags), released
 * into machine tasks, or cancelled / deleted while drafts.
 */
export const dailyPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dailyPlan'];
  const detail = { 200: dailyPlanDetailSchema };

  app.get(
    '',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.read },
      schema: { tags, querystring: dailyPlanListQuerySchema, response: { 200: dailyPlanPageSchema } },
    },
    async (request) => listDailyPlans(app.db, (await request.scope()).productId, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: detail },
    },
    async (request) => dailyPlanDetail(app.db, (await request.scope()).productId, request.params.id),
  );

  app.post(
    '',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.add },
      schema: { tags, body: dailyPlanCreateInputSchema, response: { 201: dailyPlanDetailSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await createDailyPlan(tx, writer, request.body);
        return dailyPlanDetail(tx, writer.scope.productId, id);
      });
    },
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

  app.delete(
    '/:id',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.delete },
      schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, async (tx) => deleteDailyPlan(tx, await request.actor(), request.params.id));
      return reply.send(null);
    },
  );
};
