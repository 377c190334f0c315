import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema } from '../core/common.schema.ts';
import { resourceItemSchema } from '../core/resources/define-resource.ts';
import { clientResource } from '../master-data/index.ts';
import { SALES_LEAD_PERMISSIONS } from './sales.menu.ts';
import { salesLeadConvertSchema, salesLeadResource } from './sales-lead.resource.ts';

export const SALES_LEAD_ENDPOINTS = {
  /**
   * A won lead becomes a client (`{ code? }`: without one a code is made up), answering the new client
   * (201); admins only. The API serves it at the lead's aliases too (`salesClue`).
   */
  convert: defineEndpoint({
    method: 'POST',
    path: `${salesLeadResource.path}/:id/convert`,
    params: idParamsSchema,
    body: salesLeadConvertSchema,
    bodyOptional: true,
    status: 201,
    response: resourceItemSchema(clientResource),
    access: SALES_LEAD_PERMISSIONS.convert,
  }),
};
