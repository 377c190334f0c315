import type { FastifyPluginAsync } from 'fastify';
import {
  inspectionTypeResource,
  partTypeResource,
  productSettingResource,
  productTypeResource,
  rebarMaterialResource,
  rebarResource,
  techniqueResource,
} from '@armature/domain';
import { productSettings } from './master-data.table.ts';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { ofVisibleProducts } from '../../core/tenancy/tenancy.ts';

/**
 * Resources whose definition says (almost) all. Product settings (both variants) are seen only for
 * the products the caller may read; what keeps a rebar spec in use is registered by the areas using it.
 */
export const masterDataRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, techniqueResource);
  registerResourceRoutes(app, inspectionTypeResource);
  registerResourceRoutes(app, productTypeResource);
  registerResourceRoutes(app, partTypeResource);
  registerResourceRoutes(app, rebarMaterialResource);
  registerResourceRoutes(app, rebarResource);
  registerResourceRoutes(app, productSettingResource, {
    visible: (caller) => ofVisibleProducts(productSettings.productId, caller.principal),
  });
};
