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
import { z } from 'zod';
import {
  BOM_PERMISSIONS,
  idParamsSchema,
  plcRenderInputSchema,
  plcRenderSchema,
  plcTaskInputSchema,
  plcTaskListQuerySchema,
  plcTaskPageSchema,
  plcTaskSchema,
  renderPlcCommand,
  techniqueResource,
} from '@armature/domain';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import { invalidFields } from '../../core/http/app-error.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
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

  app.get(
    '',
    {
      config: { access: BOM_PERMISSIONS.plc },
      schema: { tags, querystring: plcTaskListQuerySchema, response: { 200: plcTaskPageSchema } },
    },
    async (request) => listPlcTasks(app.db, request.query),
  );

  app.get(
    '/all',
    {
      config: { access: BOM_PERMISSIONS.plc },
      schema: {
        tags,
        querystring: z.object({ equipmentModel: z.string().trim().max(100).optional() }),
        response: { 200: z.array(plcTaskSchema) },
      },
    },
    async (request) => allPlcTasks(app.db, request.query.equipmentModel),
  );

  app.get(
    '/:id',
    {
      config: { access: BOM_PERMISSIONS.plc },
      schema: { tags, params: idParamsSchema, response: { 200: plcTaskSchema } },
    },
    async (request) => plcTaskById(app.db, request.params.id),
  );

  app.post(
    '',
    {
      config: { access: BOM_PERMISSIONS.plcAdd },
      schema: { tags, body: plcTaskInputSchema, response: { 201: plcTaskSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) =>
        plcTaskById(tx, await createPlcTask(tx, request.author(), request.body)),
      );
    },
  );

  app.put(
    '/:id',
    {
      config: { access: BOM_PERMISSIONS.plcUpdate },
      schema: { tags, params: idParamsSchema, body: plcTaskInputSchema, response: { 200: plcTaskSchema } },
    },
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await updatePlcTask(tx, request.author(), request.params.id, request.body);
        return plcTaskById(tx, request.params.id);
      }),
  );

  app.delete(
    '/:id',
    {
      config: { access: BOM_PERMISSIONS.plcDelete },
      schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, (tx) => deletePlcTask(tx, request.params.id));
      return reply.send(null);
    },
  );

  app.post(
    '/:id/render',
    {
      config: { access: BOM_PERMISSIONS.plc },
      schema: { tags, params: idParamsSchema, body: plcRenderInputSchema, response: { 200: plcRenderSchema } },
    },
    async (request) => {
      const template = await plcTaskById(app.db, request.params.id);
      const rendered = renderPlcCommand(template.command, template.parameters, request.body.values);
      if (!rendered.ok) throw invalidFields(rendered.problems);
      return { command: rendered.command };
    },
  );
};
