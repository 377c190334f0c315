import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DELIVERY_PERMISSIONS,
  bundleListQuerySchema,
  bundlePageSchema,
  deliveryNoteDetailSchema,
  deliveryNoteInputSchema,
  deliveryNoteListQuerySchema,
  deliveryNotePageSchema,
  idParamsSchema,
  loadPlanAnswerSchema,
  loadPlanQuerySchema,
} from '@armature/domain';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { listBundles } from './bundle.query.ts';
import { sendPdf } from '../../core/documents/pdf.ts';
import { recordDelivery } from './delivery.command.ts';
import { deliveryNotePdf } from './delivery.pdf.ts';
import { deliveryProofOf } from './delivery-proof.command.ts';
import { loadPlanOf } from './load-plan.query.ts';
import { deliveryNoteDetail, listDeliveryNotes, plantName, timeZoneOf } from './delivery.query.ts';

/**
 * `/api/bundle` (bundles to pick), `/api/delivery` (delivery notes and their PDF) and a day's load plan
 * (`/api/delivery/load-plan`); the bundles' tags
 * are `tag.routes.ts`'s.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bundle',
    {
      config: { access: DELIVERY_PERMISSIONS.read },
      schema: { tags: ['bundle'], querystring: bundleListQuerySchema, response: { 200: bundlePageSchema } },
    },
    async (request) => listBundles(app.db, (await request.scope()).productId, request.query),
  );

  app.get(
    '/delivery',
    {
      config: { access: DELIVERY_PERMISSIONS.read },
      schema: {
        tags: ['delivery'],
        querystring: deliveryNoteListQuerySchema,
        response: { 200: deliveryNotePageSchema },
      },
    },
    async (request) => listDeliveryNotes(app.db, (await request.scope()).productId, request.query),
  );

  app.get(
    '/delivery/load-plan',
    {
      config: { access: DELIVERY_PERMISSIONS.read },
      schema: { tags: ['delivery'], querystring: loadPlanQuerySchema, response: { 200: loadPlanAnswerSchema } },
    },
    async (request) => loadPlanOf(app.db, (await request.scope()).productId, request.query),
  );

  app.get(
    '/delivery/:id',
    {
      config: { access: DELIVERY_PERMISSIONS.read },
      schema: { tags: ['delivery'], params: idParamsSchema, response: { 200: deliveryNoteDetailSchema } },
    },
    async (request) => deliveryNoteDetail(app.db, (await request.scope()).productId, request.params.id),
  );

  app.get(
    '/delivery/:id/pdf',
    {
      config: { access: DELIVERY_PERMISSIONS.print },
      schema: { tags: ['delivery'], params: idParamsSchema },
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

  app.post(
    '/delivery',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      schema: { tags: ['delivery'], body: deliveryNoteInputSchema, response: { 201: deliveryNoteDetailSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await recordDelivery(tx, writer, request.body);
        return deliveryNoteDetail(tx, writer.scope.productId, id);
      });
    },
  );
};
