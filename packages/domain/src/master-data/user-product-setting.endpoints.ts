import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema, noParamsSchema } from '../core/common.schema.ts';
import {
  userProductSettingInputSchema,
  userProductSettingSchema,
  wasteLengthSchema,
} from './user-product-setting.schema.ts';

const PATH = 'user-product-setting';

/**
 * Each signed-in user's own overrides of their current product's settings (`/api/user-product-setting`):
 * their row (a row of nulls before they set anything), the waste length in effect (theirs, else the
 * product's), their row by id (another's answers 404), and saving it.
 */
export const USER_PRODUCT_SETTING_ENDPOINTS = {
  get: defineEndpoint({
    method: 'GET',
    path: PATH,
    params: noParamsSchema,
    response: userProductSettingSchema,
    access: 'authenticated',
  }),
  wasteLength: defineEndpoint({
    method: 'GET',
    path: `${PATH}/waste-length`,
    params: noParamsSchema,
    response: wasteLengthSchema,
    access: 'authenticated',
  }),
  byId: defineEndpoint({
    method: 'GET',
    path: `${PATH}/:id`,
    params: idParamsSchema,
    response: userProductSettingSchema,
    access: 'authenticated',
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: PATH,
    params: noParamsSchema,
    body: userProductSettingInputSchema,
    response: userProductSettingSchema,
    access: 'authenticated',
  }),
};
