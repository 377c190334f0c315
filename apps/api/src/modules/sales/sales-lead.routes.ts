/**
 * Sales leads (`/api/salesLead`, alias `/api/salesClue`), permissions
 * `superAdmin.salesCenter.salesClue[.add|.update|.delete]`:
 *
 * - The resource routes of `salesLeadResource`. A write moves the status along the lead workflow only
 *   (new → contacted → quoted → won, or lost from an open status), else 409 `sales_lead_transition`.
 * - `POST /api/salesLead/{id}/convert` (`…salesClue.convert`, admins only), body
 *   `salesLeadConvertSchema` (`{ code? }`) → 201 the new client (`clientResource` item). Only a won lead
 *   (409 `sales_lead_not_won`), once (409 `sales_lead_converted`); a taken code is 409 `duplicate`.
 *
 * Writes take an `Idempotency-Key`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SALES_LEAD_PERMISSIONS,
  clientResource,
  idParamsSchema,
  salesLeadConvertSchema,
  salesLeadResource,
  type SalesLeadStatus,
} from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { checkLeadMove, convertLead } from './sales-lead.command.ts';

const convertRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/convert',
    {
      config: { access: SALES_LEAD_PERMISSIONS.convert },
      schema: {
        tags: [salesLeadResource.name],
        params: idParamsSchema,
        body: salesLeadConvertSchema,
        response: { 201: clientResource.schemas.item },
      },
    },
    async (request, reply) => {
      const { userId } = requirePrincipal(request);
      reply.code(201);
      return runWrite(request, reply, (tx) => convertLead(tx, userId, request.params.id, request.body.code));
    },
  );
};

export const salesLeadRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, salesLeadResource, {
    beforeWrite: async (_tx, _caller, input, existing) => {
      const from = (existing?.status ?? 'new') as SalesLeadStatus;
      checkLeadMove(from, input.status as SalesLeadStatus);
    },
  });
  for (const path of [salesLeadResource.path, ...(salesLeadResource.aliases ?? [])])
    await app.register(convertRoute, { prefix: `/${path}` });
};
