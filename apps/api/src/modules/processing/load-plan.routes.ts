import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELIVERY_PERMISSIONS,
  deliveryProofInputSchema,
  deliveryProofSchema,
  dropViewSchema,
  idParamsSchema,
  loadCompleteSchema,
  loadPlanCreateSchema,
  loadPlanListQuerySchema,
  loadPlanListSchema,
  loadPlanMoveSchema,
  loadPlanRemoveSchema,
  loadScanSchema,
  loadTruckParamsSchema,
  savedLoadPlanSchema,
} from '@armature/domain';
import { AppError } from '../../core/http/app-error.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
import { deliveryProofOf, recordDeliveryProof } from './delivery-proof.command.ts';
import { dropView } from './drop-view.query.ts';
import { createLoadPlan, deleteLoadPlan, moveLoadBundle, removeLoadBundle } from './load-plan.command.ts';
import { listLoadPlans, savedLoadPlan } from './load-plan-store.query.ts';
import { completeTruck, scanOntoTruck } from './load-scan.command.ts';
import { SCAN_RATE_LIMIT_PER_MINUTE } from './scan.routes.ts';

/**
 * Saved load plans (`/api/loadPlan`): made for a day and a vehicle, bundles moved by hand, loaded by
 * scan truck by truck, each full truck leaving with its delivery note; the proof of delivery
 * (`/api/delivery/{id}/proof`); and the site contact's public view of a drop (`/api/drop/{token}`).
 */
export const loadPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loadPlan',
    {
      config: { access: DELIVERY_PERMISSIONS.read },
      schema: { tags: ['loadPlan'], querystring: loadPlanListQuerySchema, response: { 200: loadPlanListSchema } },
    },
    async (request) => listLoadPlans(app.db, (await request.scope()).productId, request.query.date),
  );

  app.get(
    '/loadPlan/:id',
    {
      config: { access: DELIVERY_PERMISSIONS.read },
      schema: { tags: ['loadPlan'], params: idParamsSchema, response: { 200: savedLoadPlanSchema } },
    },
    async (request) => savedLoadPlan(app.db, (await request.scope()).productId, request.params.id),
  );

  app.post(
    '/loadPlan',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      schema: { tags: ['loadPlan'], body: loadPlanCreateSchema, response: { 201: savedLoadPlanSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await createLoadPlan(tx, writer, request.body);
        return savedLoadPlan(tx, writer.scope.productId, id);
      });
    },
  );

  app.post(
    '/loadPlan/:id/move',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      schema: {
        tags: ['loadPlan'],
        params: idParamsSchema,
        body: loadPlanMoveSchema,
        response: { 200: savedLoadPlanSchema },
      },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { productId } = await request.scope();
        await moveLoadBundle(tx, productId, request.params.id, request.body);
        return savedLoadPlan(tx, productId, request.params.id);
      }),
  );

  app.post(
    '/loadPlan/:id/remove',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      schema: {
        tags: ['loadPlan'],
        params: idParamsSchema,
        body: loadPlanRemoveSchema,
        response: { 200: savedLoadPlanSchema },
      },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { productId } = await request.scope();
        await removeLoadBundle(tx, productId, request.params.id, request.body.bundleId);
        return savedLoadPlan(tx, productId, request.params.id);
      }),
  );

  app.delete(
    '/loadPlan/:id',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      schema: { tags: ['loadPlan'], params: idParamsSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, async (tx) =>
        deleteLoadPlan(tx, (await request.scope()).productId, request.params.id),
      );
      return reply.send(null);
    },
  );

  app.post(
    '/loadPlan/:id/truck/:truck/scan',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      schema: {
        tags: ['loadPlan'],
        params: loadTruckParamsSchema,
        body: loadScanSchema,
        response: { 200: savedLoadPlanSchema },
      },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const { id, truck } = request.params;
        await scanOntoTruck(tx, writer, id, truck, request.body.scanId);
        return savedLoadPlan(tx, writer.scope.productId, id);
      }),
  );

  app.post(
    '/loadPlan/:id/truck/:truck/complete',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      schema: {
        tags: ['loadPlan'],
        params: loadTruckParamsSchema,
        body: loadCompleteSchema,
        response: { 200: z.object({ plan: savedLoadPlanSchema, deliveryNoteId: z.string() }) },
      },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const { id, truck } = request.params;
        const deliveryNoteId = await completeTruck(tx, writer, id, truck, request.body);
        return { plan: await savedLoadPlan(tx, writer.scope.productId, id), deliveryNoteId };
      }),
  );

  app.get(
    '/delivery/:id/proof',
    {
      config: { access: DELIVERY_PERMISSIONS.read },
      schema: { tags: ['delivery'], params: idParamsSchema, response: { 200: deliveryProofSchema.nullable() } },
    },
    async (request) => deliveryProofOf(app.db, (await request.scope()).productId, request.params.id),
  );

  app.post(
    '/delivery/:id/proof',
    {
      config: { access: DELIVERY_PERMISSIONS.add },
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags: ['delivery'],
        params: idParamsSchema,
        body: deliveryProofInputSchema,
        response: { 201: deliveryProofSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        await recordDeliveryProof(tx, writer, request.params.id, request.body);
        return (await deliveryProofOf(tx, writer.scope.productId, request.params.id))!;
      });
    },
  );

  app.get(
    '/drop/:token',
    {
      config: { access: 'public', rateLimit: { max: SCAN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['scan'],
        security: [],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: dropViewSchema },
      },
    },
    async (request) => {
      const view = /^[A-Za-z0-9_-]{43}$/.test(request.params.token)
        ? await dropView(app.db, request.params.token)
        : null;
      if (!view) throw new AppError('not_found');
      return view;
    },
  );
};
