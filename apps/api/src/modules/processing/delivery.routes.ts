import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DELIVERY_ENDPOINTS, DELIVERY_PERMISSIONS, idParamsSchema } from '@armature/domain';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { listBundles } from './bundle.query.ts';
import { sendPdf } from '../../core/documents/pdf.ts';
import { recordDelivery } from './delivery.command.ts';
import { deliveryNotePdf } from './delivery.pdf.ts';
import { deliveryProofOf } from './delivery-proof.command.ts';
import { loadPlanOf } from './load-plan.query.ts';
import { deliveryNoteDetail, listDeliveryNotes, plantName, timeZoneOf } from './delivery.query.ts';

const tags = ['delivery'];

/**
 * `/api/bundle` (bundles to pick), `/api/delivery` (delivery notes and their PDF) and a day's load plan
 * (`/api/delivery/load-plan`); the bundles' tags are `tag.routes.ts`'s. The PDF is a file: registered by
 * hand, since a declared endpoint answers JSON.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    DELIVERY_ENDPOINTS.bundles,
    async (request) => listBundles(app.db, (await request.scope()).productId, request.query),
    { tags: ['bundle'] },
  );

  endpointRoute(
    app,
    DELIVERY_ENDPOINTS.list,
    async (request) => listDeliveryNotes(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    DELIVERY_ENDPOINTS.loadPlan,
    async (request) => loadPlanOf(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    DELIVERY_ENDPOINTS.get,
    async (request) => deliveryNoteDetail(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  app.get(
    '/delivery/:id/pdf',
    {
      config: { access: DELIVERY_PERMISSIONS.print },
      schema: { tags, params: idParamsSchema },
    },
    async (request, reply) => {
      const { productId } = await request.scope();
      const note = await deliveryNoteDetail(app.db, productId, request.params.id);
      const pdf = await deliveryNotePdf(
        note,
        await plantName(app.db, productId),
        await timeZoneOf(app.db, productId),
        localeOf(request),
        await deliveryProofOf(app.db, productId, note.id),
      );
      return sendPdf(reply, note.code, pdf);
    },
  );

  endpointRoute(
    app,
    DELIVERY_ENDPOINTS.record,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await recordDelivery(tx, writer, request.body);
        return deliveryNoteDetail(tx, writer.scope.productId, id);
      }),
    { tags },
  );
};
