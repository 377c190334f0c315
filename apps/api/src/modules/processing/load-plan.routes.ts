import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DELIVERY_ENDPOINTS, LOAD_PLAN_ENDPOINTS, PUBLIC_SCAN_ENDPOINTS } from '@armature/domain';
import { AppError } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { deliveryProofOf, recordDeliveryProof } from './delivery-proof.command.ts';
import { dropView } from './drop-view.query.ts';
import { createLoadPlan, deleteLoadPlan, moveLoadBundle, removeLoadBundle } from './load-plan.command.ts';
import { listLoadPlans, savedLoadPlan } from './load-plan-store.query.ts';
import { completeTruck, scanOntoTruck } from './load-scan.command.ts';
import { SCAN_RATE_LIMIT_PER_MINUTE } from './scan.routes.ts';

const tags = ['loadPlan'];
/** A proof carries a photo and a signature. */
const PROOF_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Saved load plans (`/api/loadPlan`): made for a day and a vehicle, bundles moved by hand, loaded by
 * scan truck by truck, each full truck leaving with its delivery note; the proof of delivery
 * (`/api/delivery/{id}/proof`); and the site contact's public view of a drop (`/api/drop/{token}`).
 */
export const loadPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.list,
    async (request) => listLoadPlans(app.db, (await request.scope()).productId, request.query.date),
    { tags },
  );

  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.get,
    async (request) => savedLoadPlan(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const id = await createLoadPlan(tx, writer, request.body);
        return savedLoadPlan(tx, writer.scope.productId, id);
      }),
    { tags },
  );

  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.move,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { productId } = await request.scope();
        await moveLoadBundle(tx, productId, request.params.id, request.body);
        return savedLoadPlan(tx, productId, request.params.id);
      }),
    { tags },
  );

  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.remove,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { productId } = await request.scope();
        await removeLoadBundle(tx, productId, request.params.id, request.body.bundleId);
        return savedLoadPlan(tx, productId, request.params.id);
      }),
    { tags },
  );

  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.delete,
    async (request, reply) => {
      await runWrite(request, reply, async (tx) =>
        deleteLoadPlan(tx, (await request.scope()).productId, request.params.id),
      );
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.scan,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const { id, truck } = request.params;
        await scanOntoTruck(tx, writer, id, truck, request.body.scanId);
        return savedLoadPlan(tx, writer.scope.productId, id);
      }),
    { tags },
  );

  endpointRoute(
    app,
    LOAD_PLAN_ENDPOINTS.complete,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const { id, truck } = request.params;
        const deliveryNoteId = await completeTruck(tx, writer, id, truck, request.body);
        return { plan: await savedLoadPlan(tx, writer.scope.productId, id), deliveryNoteId };
      }),
    { tags },
  );

  endpointRoute(
    app,
    DELIVERY_ENDPOINTS.proof,
    async (request) => deliveryProofOf(app.db, (await request.scope()).productId, request.params.id),
    { tags: ['delivery'] },
  );

  endpointRoute(
    app,
    DELIVERY_ENDPOINTS.recordProof,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        await recordDeliveryProof(tx, writer, request.params.id, request.body);
        return (await deliveryProofOf(tx, writer.scope.productId, request.params.id))!;
      }),
    { tags: ['delivery'], bodyLimit: PROOF_BODY_LIMIT },
  );

  endpointRoute(
    app,
    PUBLIC_SCAN_ENDPOINTS.drop,
    async (request) => {
      const view = /^[A-Za-z0-9_-]{43}$/.test(request.params.token)
        ? await dropView(app.db, request.params.token)
        : null;
      if (!view) throw new AppError('not_found');
      return view;
    },
    { tags: ['scan'], perMinute: SCAN_RATE_LIMIT_PER_MINUTE },
  );
};
