import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUT_PLAN_ACTION_ENDPOINTS,
  CUT_PLAN_ENDPOINTS,
  CUT_PLAN_PERMISSIONS,
  CUT_PLAN_RUN_ENDPOINTS,
  cutPlanExportQuerySchema,
  idParamsSchema,
} from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { actionRoutes, recordWrite } from '../../core/http/action-routes.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { openEventStream } from '../../core/events/sse.ts';
import { readJob } from '../../core/jobs/jobs.service.ts';
import {
  approveCutPlan,
  cancelCutPlan,
  cancelRun,
  createCutPlan,
  deleteCutPlan,
  startRun,
} from './cut-plan.command.ts';
import { cutPlanDetail, findPlan, listCutPlans } from './cut-plan.query.ts';
import { exportCutPlan } from './cut-plan.export.ts';
import { cutPlanRuns } from './cut-plan.table.ts';
import { eq } from 'drizzle-orm';

/**
 * Cutting plans of the current product: drafts made from confirmed demand, optimised in
 * the background (each run a job, its progress streamed by SSE), approved (stock reserved, order
 * lines planned), cancelled, exported.
 */
export const cutPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cutPlan'];

  endpointRoute(
    app,
    CUT_PLAN_ENDPOINTS.list,
    async (request) => listCutPlans(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    CUT_PLAN_ENDPOINTS.get,
    async (request) => cutPlanDetail(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    CUT_PLAN_ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await createCutPlan(tx, writer, request.body);
        await startRun(tx, writer, id, {});
        return cutPlanDetail(tx, writer.scope.productId, id);
      }),
    { tags, bodyLimit: 2 * 1024 * 1024 },
  );

  recordWrite(
    app,
    CUT_PLAN_RUN_ENDPOINTS.optimize,
    async (tx, actor, id, body) => {
      const { runId, jobId } = await startRun(tx, actor, id, body);
      return { runId, jobId: jobId! };
    },
    { tags },
  );

  recordWrite(
    app,
    CUT_PLAN_RUN_ENDPOINTS.cancelRun,
    async (tx, actor, id) => ({ cancelled: await cancelRun(tx, actor, id) }),
    { tags },
  );

  const action = actionRoutes(app, {
    tags,
    writer: (request) => request.actor(),
    detail: (tx, actor, id) => cutPlanDetail(tx, actor.scope.productId, id),
  });
  action(CUT_PLAN_ACTION_ENDPOINTS.approve, (tx, actor, id, body) => approveCutPlan(tx, actor, id, body.runId));
  action(CUT_PLAN_ACTION_ENDPOINTS.cancel, (tx, actor, id, body) => cancelCutPlan(tx, actor, id, body.reason ?? null));

  recordWrite(
    app,
    CUT_PLAN_ENDPOINTS.delete,
    async (tx, actor, id) => {
      await deleteCutPlan(tx, actor, id);
      return null;
    },
    { tags },
  );

  app.get(
    '/:id/events',
    {
      config: { access: CUT_PLAN_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, produces: ['text/event-stream'] },
    },
    async (request, reply) => {
      const { productId } = await request.scope();
      const plan = await findPlan(app.db, productId, request.params.id);
      return openEventStream(request, reply, {
        channels: [`cutPlan:${plan.id}`],
        snapshot: async () => {
          const now = await findPlan(app.db, productId, plan.id);
          const [run] = now.currentRunId
            ? await app.db.select().from(cutPlanRuns).where(eq(cutPlanRuns.id, now.currentRunId))
            : [];
          return [
            { event: 'plan', data: { id: now.id, status: now.status, currentRunId: now.currentRunId } },
            { event: 'job', data: run?.jobId ? await readJob(app.db, run.jobId) : null },
            ...(run?.progress ? [{ event: 'progress', data: { runId: run.id, ...run.progress } }] : []),
          ];
        },
      });
    },
  );

  app.get(
    '/:id/export',
    {
      config: { access: CUT_PLAN_PERMISSIONS.export },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: cutPlanExportQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const detail = await cutPlanDetail(app.db, (await request.scope()).productId, request.params.id);
      return exportCutPlan(app.db, request, reply, detail, request.query.format);
    },
  );
};
