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
import { registerResourceRoutes } from '../../crud/register-resource-routes.ts';

/** Resources whose definition says it all: no rule of their own (product settings: both variants). */
export const masterDataRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, techniqueResource);
  registerResourceRoutes(app, inspectionTypeResource);
  registerResourceRoutes(app, productTypeResource);
  registerResourceRoutes(app, partTypeResource);
  registerResourceRoutes(app, rebarMaterialResource);
  registerResourceRoutes(app, rebarResource);
  registerResourceRoutes(app, productSettingResource);
};
