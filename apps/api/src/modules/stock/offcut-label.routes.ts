import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TASK_PERMISSIONS, idParamsSchema } from '@armature/domain';
import { sendPdf } from '../../core/documents/pdf.ts';
import { AppError } from '../../core/http/app-error.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { offcutLabelsOfTask, offcutLabelsPdf } from './offcut-label.ts';

/**
 * `GET /api/task/{id}/offcut-labels`: the labels of the offcut lots a task kept, as a PDF (the operator's
 * print permission, like the task's bundle tags). 404 when the task kept none with bars (or is another
 * product's).
 */
export const offcutLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/task/:id/offcut-labels',
    { config: { access: TASK_PERMISSIONS.print }, schema: { tags: ['task'], params: idParamsSchema } },
    async (request, reply) => {
      const labels = await offcutLabelsOfTask(app.db, (await request.scope()).productId, request.params.id);
      if (!labels.length) throw new AppError('not_found');
      return sendPdf(reply, 'offcut-labels', await offcutLabelsPdf(labels, localeOf(request)));
    },
  );
};
