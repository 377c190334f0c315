import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TASK_PERMISSIONS,
  idParamsSchema,
  offcutLabelsZpl,
  tagsQuerySchema,
  TAG_PRINT_ENDPOINTS,
} from '@armature/domain';
import { contentDisposition } from '../../core/files/content-disposition.ts';
import { sendPdf } from '../../core/documents/pdf.ts';
import { AppError } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import type { Db } from '../../core/db/client.ts';
import { offcutLabelsOfTask, offcutLabelsPdf } from '../stock/index.ts';
import { printerOf, sendToPrinter } from './tag-printer.ts';

/** The labels of the lots a task kept with bars; 404 when none (or the task is another product's). */
async function labelsOf(db: Db, productId: string, taskId: string) {
  const labels = await offcutLabelsOfTask(db, productId, taskId);
  if (!labels.length) throw new AppError('not_found');
  return labels;
}

/**
 * The labels of the offcut lots a task kept, printed like the task's bundle tags (the operator's print
 * permission): `GET /api/task/{id}/offcut-labels` as a PDF (`format=pdf`, the default) or a ZPL file
 * (`format=zpl&dpi=203|300`), and `POST /api/task/{id}/offcut-labels/print {printerId}` sending the ZPL
 * to one of the line's label printers. 404 when the task kept none with bars (or is another product's).
 */
export const offcutLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/task/:id/offcut-labels',
    {
      config: { access: TASK_PERMISSIONS.print },
      schema: { tags: ['task'], params: idParamsSchema, querystring: tagsQuerySchema },
    },
    async (request, reply) => {
      const labels = await labelsOf(app.db, (await request.scope()).productId, request.params.id);
      const locale = localeOf(request);
      if (request.query.format === 'pdf') return sendPdf(reply, 'offcut-labels', await offcutLabelsPdf(labels, locale));
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `offcut-labels-${request.query.dpi}dpi.zpl`))
        .send(offcutLabelsZpl(labels, request.query.dpi, locale));
    },
  );

  endpointRoute(
    app,
    TAG_PRINT_ENDPOINTS.offcutLabels,
    async (request) => {
      const { productId } = await request.scope();
      const labels = await labelsOf(app.db, productId, request.params.id);
      const printer = await printerOf(app.db, productId, request.body.printerId);
      await sendToPrinter(printer, offcutLabelsZpl(labels, printer.dpi, localeOf(request)));
      return { labels: labels.length, printer: printer.name };
    },
    { tags: ['task'] },
  );
};
