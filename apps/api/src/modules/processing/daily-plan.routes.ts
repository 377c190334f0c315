import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DAILY_PLAN_ACTION_ENDPOINTS,
  DAILY_PLAN_PERMISSIONS,
  dailyPlanCreateInputSchema,
  dailyPlanDetailSchema,
  dailyPlanListQuerySchema,
  dailyPlanOptimiseAcceptedSchema,
  dailyPlanOptimiseInputSchema,
  dailyPlanPageSchema,
  idParamsSchema,
} from '@armature/domain';
import { z } from 'zod';
import { openEventStream } from '../../core/events/sse.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
import { actionRoutes, optionalBody } from '../../core/http/action-routes.ts';
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

  // The optimiser searches for seconds: a background job, answered at once; its progress and its
  // figures before → after follow on the schedule's events.
  app.post(
    '/:id/optimise',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.update },
      schema: {
        tags,
        params: idParamsSchema,
        body: optionalBody(dailyPlanOptimiseInputSchema),
        response: { 202: dailyPlanOptimiseAcceptedSchema },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return runWrite(request, reply, async (tx) =>
        startOptimise(tx, await request.actor(), request.params.id, request.body),
      );
    },
  );

  app.post(
    '/:id/cancel-optimise',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.update },
      schema: { tags, params: idParamsSchema, response: { 200: z.object({ cancelled: z.boolean() }) } },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => ({
        cancelled: await cancelOptimise(tx, await request.actor(), request.params.id),
      })),
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
