/**
 * Sales leads (`/api/salesLead`, alias `/api/salesClue`), permissions
 * `superAdmin.salesCenter.salesClue[.add|.update|.delete]`:
 *
 * - The resource routes of `salesLeadResource`. A write moves the status along the lead workflow only
 *   (new → contacted → quoted → won, or lost from an open status), else 409 `sales_lead_transition`.
 * - `POST /api/salesLead/{id}/convert` (`SALES_LEAD_ENDPOINTS.convert`: `…salesClue.convert`, admins only),
 *   body `{ code? }` → 201 the new client (`clientResource` item). Only a won lead
 *   (409 `sales_lead_not_won`), once (409 `sales_lead_converted`); a taken code is 409 `duplicate`.
 *
 * Writes take an `Idempotency-Key`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SALES_LEAD_ENDPOINTS, salesLeadResource, type SalesLeadStatus } from '@armature/domain';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { checkLeadMove, convertLead } from './sales-lead.command.ts';

export const salesLeadRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, salesLeadResource, {
    beforeWrite: async (_tx, _caller, input, existing) => {
      const from = (existing?.status ?? 'new') as SalesLeadStatus;
      checkLeadMove(from, input.status as SalesLeadStatus);
    },
  });
  for (const path of [salesLeadResource.path, ...(salesLeadResource.aliases ?? [])])
    endpointRoute(
      app,
      { ...SALES_LEAD_ENDPOINTS.convert, path: `${path}/:id/convert` },
      async (request, reply) =>
        runWrite(request, reply, (tx) => convertLead(tx, request.author().id, request.params.id, request.body.code)),
      { tags: [salesLeadResource.name] },
    );
};
