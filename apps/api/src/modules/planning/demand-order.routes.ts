import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEMAND_ORDER_ACTION_ENDPOINTS,
  DEMAND_ORDER_ENDPOINTS,
  DEMAND_ORDER_PERMISSIONS,
  MAX_IMPORT_BYTES,
  demandImportPreviewSchema,
  demandOrderExportQuerySchema,
  idParamsSchema,
} from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { actionRoutes, recordWrite } from '../../core/http/action-routes.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import {
  createDemandOrder,
  deleteDemandOrder,
  transitionDemandOrder,
  updateDemandOrder,
} from './demand-order.command.ts';
import { allDemandOrders, demandOrderDetail, listDemandOrders } from './demand-order.query.ts';
import { exportDemandOrder, importTemplate, previewImport } from './demand-import.ts';
import { cutPlansOfOrder } from './cut-plan.query.ts';

/**
 * The name cutting plans register their "uses this order" check under (`addUsageCheck(app,
 * DEMAND_ORDER_USAGE, …)`): cancelling an order one of them uses is refused, naming the plans.
 */
export const DEMAND_ORDER_USAGE = 'demandOrder';

/** A schedule of 20,000 lines is several megabytes of JSON: more than the default 1 MB body. */
const ORDER_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Demand orders: bar bending schedules of the current product, entered or imported from
 * .xlsx, .csv or BVBS, confirmed or cancelled through the state machine of the domain, exported back.
 */
export const demandOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['demandOrder'];
  const planChecks = () => app.resourceRules.usage.get(DEMAND_ORDER_USAGE) ?? [];

  endpointRoute(
    app,
    DEMAND_ORDER_ENDPOINTS.list,
    async (request) => listDemandOrders(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    DEMAND_ORDER_ENDPOINTS.all,
    async (request) => allDemandOrders(app.db, (await request.scope()).productId),
    { tags },
  );

  app.get(
    '/import/template',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.import },
      schema: { tags, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    },
    async (request, reply) => importTemplate(request, reply),
  );

  app.post(
    '/import/preview',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.import },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: demandImportPreviewSchema } },
      // The schema documents the answer; the answer itself is the domain's preview of the uploaded file
      // (no stored record, nothing to filter out), and checking 20,000 lines against the schema again
      // would cost a tenth of the 3-second budget: it is written as it is.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => previewImport(app.db, request, MAX_IMPORT_BYTES),
  );

  endpointRoute(
    app,
    DEMAND_ORDER_ENDPOINTS.get,
    async (request) => demandOrderDetail(app.db, (await request.scope()).productId, request.params.id, cutPlansOfOrder),
    { tags },
  );

  app.get(
    '/:id/export',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.export },
      schema: { tags, params: idParamsSchema, querystring: demandOrderExportQuerySchema },
    },
    async (request, reply) => exportDemandOrder(app.db, request, reply, request.params.id, request.query.format),
  );

  endpointRoute(
    app,
    DEMAND_ORDER_ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await createDemandOrder(tx, writer, request.body);
        return demandOrderDetail(tx, writer.scope.productId, id, cutPlansOfOrder);
      }),
    { tags, bodyLimit: ORDER_BODY_LIMIT },
  );

  recordWrite(
    app,
    DEMAND_ORDER_ENDPOINTS.update,
    async (tx, actor, id, { lastModificationTime, ...body }) => {
      await updateDemandOrder(tx, actor, id, body, lastModificationTime);
      return demandOrderDetail(tx, actor.scope.productId, id, cutPlansOfOrder);
    },
    { tags, bodyLimit: ORDER_BODY_LIMIT },
  );

  recordWrite(
    app,
    DEMAND_ORDER_ENDPOINTS.delete,
    async (tx, actor, id) => {
      await deleteDemandOrder(tx, actor, id);
      return null;
    },
    { tags },
  );

  const action = actionRoutes(app, {
    tags,
    writer: (request) => request.actor(),
    detail: (tx, actor, id) => demandOrderDetail(tx, actor.scope.productId, id, cutPlansOfOrder),
  });
  action(DEMAND_ORDER_ACTION_ENDPOINTS.confirm, (tx, actor, id) => transitionDemandOrder(tx, actor, id, 'confirm'));
  action(DEMAND_ORDER_ACTION_ENDPOINTS.cancel, (tx, actor, id, body) =>
    transitionDemandOrder(tx, actor, id, 'cancel', { note: body.reason ?? null, planChecks: planChecks() }),
  );
};
