/**
 * PLC task templates (`/api/PLCTask`): parameterised commands per equipment model ("cut L mm × n").
 *
 * - `GET /api/PLCTask` (`superAdmin.BOMCenter.PLCTask`), query `plcTaskListQuerySchema` (keyword over
 *   code, name, model and command; `equipmentModel`; sorting `code`, `name`, `equipmentModel`,
 *   `creationTime`) → `plcTaskPageSchema`.
 * - `GET /api/PLCTask/all?equipmentModel=` (`…PLCTask`) → `plcTaskSchema[]`.
 * - `GET /api/PLCTask/{id}` (`…PLCTask`) → `plcTaskSchema`.
 * - `POST /api/PLCTask` (`….add`), body `plcTaskInputSchema` → 201 `plcTaskSchema`; `PUT /api/PLCTask/{id}`
 *   (`….update`) → 200, 409 `stale_update` when `lastModificationTime` is not the stored one. 400 naming
 *   the field: a parameter name twice (`parameters.{i}.name`), `min` above `max` (`parameters.{i}.max`),
 *   an enum without options (`parameters.{i}.options`), a `{name}` in the command that is no parameter
 *   (`command`), an unknown technique (`techniqueId`). 409 `duplicate` for a code the model already has.
 * - `DELETE /api/PLCTask/{id}` (`….delete`) → 204.
 * - `POST /api/PLCTask/{id}/render` (`…PLCTask`), body `plcRenderInputSchema` → `plcRenderSchema` (the
 *   command with the values filled in), or 400 with a problem per value (`values.<name>`: required,
 *   integer, min, max, not an option, unknown parameter). Nothing is stored.
 *
 * Deleting a technique a template is for answers 409 `in_use` naming the templates. Writes take an
 * `Idempotency-Key`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLC_TASK_ENDPOINTS as ENDPOINTS, renderPlcCommand, techniqueResource } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import { invalidFields } from '../../core/http/app-error.ts';
import { byAuthor, storeRoutes } from '../../core/http/action-routes.ts';
import {
  allPlcTasks,
  createPlcTask,
  deletePlcTask,
  listPlcTasks,
  plcTaskById,
  techniqueUsageOfPlcTasks,
  updatePlcTask,
} from './plc-task.store.ts';

/** PLC task templates (see the top of this file). */
export const plcTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['PLCTask'];
  addUsageCheck(app, techniqueResource.name, techniqueUsageOfPlcTasks);

  endpointRoute(app, ENDPOINTS.list, async (request) => listPlcTasks(app.db, request.query), { tags });

  endpointRoute(app, ENDPOINTS.all, async (request) => allPlcTasks(app.db, request.query.equipmentModel), { tags });

  endpointRoute(app, ENDPOINTS.get, async (request) => plcTaskById(app.db, request.params.id), { tags });

  storeRoutes(app, ENDPOINTS, {
    tags,
    ...byAuthor(plcTaskById),
    create: createPlcTask,
    update: updatePlcTask,
    delete: deletePlcTask,
  });

  endpointRoute(
    app,
    ENDPOINTS.render,
    async (request) => {
      const template = await plcTaskById(app.db, request.params.id);
      const rendered = renderPlcCommand(template.command, template.parameters, request.body.values);
      if (!rendered.ok) throw invalidFields(rendered.problems);
      return { command: rendered.command };
    },
    { tags },
  );
};
