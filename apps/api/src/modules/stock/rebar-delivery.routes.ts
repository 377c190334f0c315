/**
 * Delivery notes, under `/api/rebarDelivery`, with the receipts page's permissions
 * (`rawMaterialStock.receiveCenter.rebarReceive` and its `add`):
 *
 * - `GET /api/rebarDelivery` → a page of `rebarDeliverySchema` (search: code, supplier, the mill's note number).
 * - `GET /api/rebarDelivery/{id}` → `rebarDeliveryDetailSchema`: the note, its lines (each a receipt,
 *   with its weighed weight checked against GB/T 1499.2's tolerance) and their ledger rows. 404 outside
 *   the caller's product.
 * - `POST /api/rebarDelivery`, body `rebarDeliveryInputSchema` → 201 the detail: every line a receipt
 *   of its own (code `RC…`), booked into raw stock in one transaction. A line's inspection, hold,
 *   certificates and reversal are the receipt's (`/api/inspection/receipt/{lineId}`,
 *   `/api/rebarReceive/{lineId}/reverse`), so a failed heat holds only its own bars. Takes an
 *   `Idempotency-Key`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REBAR_DELIVERY_ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { createDelivery, deliveryDetail, listDeliveries } from './rebar-delivery.service.ts';

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rebarDelivery'];

  endpointRoute(
    app,
    REBAR_DELIVERY_ENDPOINTS.list,
    async (request) => listDeliveries(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    REBAR_DELIVERY_ENDPOINTS.get,
    async (request) => deliveryDetail(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  endpointRoute(
    app,
    REBAR_DELIVERY_ENDPOINTS.create,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { scope, user } = await request.actor();
        const id = await createDelivery(tx, scope, user, request.body);
        return deliveryDetail(tx, scope.productId, id);
      }),
    { tags },
  );
};
