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
import { inUse } from '../../lib/in-use.ts';
import { stockUsage } from '../stock/stock.query.ts';

/**
 * Resources whose definition says (almost) all: a rebar spec is also kept while receipts or stock use
 * it (product settings: both variants).
 */
export const masterDataRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, techniqueResource);
  registerResourceRoutes(app, inspectionTypeResource);
  registerResourceRoutes(app, productTypeResource);
  registerResourceRoutes(app, partTypeResource);
  registerResourceRoutes(app, rebarMaterialResource);
  registerResourceRoutes(app, rebarResource, {
    beforeDelete: async (tx, _caller, rebar) => {
      const usage = await stockUsage(tx, { rebarId: rebar.id });
      if (usage.length) throw inUse(usage);
    },
  });
  registerResourceRoutes(app, productSettingResource);
};
