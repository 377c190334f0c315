import type { FastifyPluginAsync } from 'fastify';
import { maintenanceVisitResource } from '@armature/domain';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';

/**
 * Client maintenance visits (`/api/maintenanceVisit`, alias `/api/clientMaintenance`), permissions
 * `superAdmin.salesCenter.clientMaintenance[.add|.update|.delete]`: the resource routes of
 * `maintenanceVisitResource`. The parts used must be parts of the library (400 on
 * `partsUsed.<n>.id`), each once; a part a visit used cannot be deleted (409 `in_use`).
 */
export const maintenanceVisitRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, maintenanceVisitResource);
};
