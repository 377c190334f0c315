import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idSchema, noParamsSchema } from '../core/common.schema.ts';
import { userProductSchema } from '../users/index.ts';
import { productResource } from './resources/product.resource.ts';

/**
 * The products a signed-in user may choose as current (`/api/product/by-client`), beside the products'
 * generic routes: the active ones (of an active client) assigned to the user — any, for an admin — of
 * the current client or of a given one.
 */
export const PRODUCT_CHOICE_ENDPOINTS = {
  ofCurrentClient: defineEndpoint({
    method: 'GET',
    path: `${productResource.path}/by-client`,
    params: noParamsSchema,
    response: z.array(userProductSchema),
    access: 'authenticated',
  }),
  ofClient: defineEndpoint({
    method: 'GET',
    path: `${productResource.path}/by-client/:clientId`,
    params: z.object({ clientId: idSchema }),
    response: z.array(userProductSchema),
    access: 'authenticated',
  }),
};
