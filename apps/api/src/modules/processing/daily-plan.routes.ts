import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DAILY_PLAN_PERMISSIONS,
  dailyPlanAutoScheduleInputSchema,
  dailyPlanCreateInputSchema,
  dailyPlanDetailSchema,
  dailyPlanListQuerySchema,
  dailyPlanMoveInputSchema,
  dailyPlanPageSchema,
  idParamsSchema,
} from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Writer } from '../planning/index.ts';
import {
  cancelDailyPlan,
  createDailyPlan,
  deleteDailyPlan,
  moveDailyPlanJob,
  releaseDailyPlan,
  rescheduleDailyPlan,
} from './daily-plan.command.ts';
import { dailyPlanDetail, listDailyPlans } from './daily-plan.query.ts';

async function writerOf(request: FastifyRequest): Promise<Writer> {
  const { userId, name } = requirePrincipal(request);
  const { clientId, productId } = await request.scope();
  return { scope: { clientId, productId }, user: { id: userId, name }, locale: localeOf(request) };
}

/** A body that may be left out: none is as an empty object. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

/** Runs `change` on the schedule in one transaction and answers the schedule as it then is. */
const changeAndDetail = (
  request: FastifyRequest,
  reply: Parameters<typeof runWrite>[1],
  id: string,
  change: (tx: Tx, writer: Writer, id: string) => Promise<void>,
) =>
  runWrite(request, reply, async (tx) => {
    const writer = await writerOf(request);
    await change(tx, writer, id);
    return dailyPlanDetail(tx, writer.scope.productId, id);
  });

/**
 * Daily schedules (issue 14) of the current product: approved cutting plans' patterns and bends laid
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
        const writer = await writerOf(request);
        const id = await createDailyPlan(tx, writer, request.body);
        return dailyPlanDetail(tx, writer.scope.productId, id);
      });
    },
  );

  app.post(
    '/:id/auto-schedule',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.update },
      schema: { tags, params: idParamsSchema, body: optional(dailyPlanAutoScheduleInputSchema), response: detail },
    },
    async (request, reply) =>
      changeAndDetail(request, reply, request.params.id, (tx, writer, id) =>
        rescheduleDailyPlan(tx, writer, id, request.body),
      ),
  );

  app.post(
    '/:id/move',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.update },
      schema: { tags, params: idParamsSchema, body: dailyPlanMoveInputSchema, response: detail },
    },
    async (request, reply) =>
      changeAndDetail(request, reply, request.params.id, (tx, writer, id) =>
        moveDailyPlanJob(tx, writer, id, request.body),
      ),
  );

  app.post(
    '/:id/release',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.release },
      schema: { tags, params: idParamsSchema, response: detail },
    },
    async (request, reply) => changeAndDetail(request, reply, request.params.id, releaseDailyPlan),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.cancel },
      schema: { tags, params: idParamsSchema, response: detail },
    },
    async (request, reply) => changeAndDetail(request, reply, request.params.id, cancelDailyPlan),
  );

  app.delete(
    '/:id',
    {
      config: { access: DAILY_PLAN_PERMISSIONS.delete },
      schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, async (tx) => deleteDailyPlan(tx, await writerOf(request), request.params.id));
      return reply.send(null);
    },
  );
};
