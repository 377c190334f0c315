import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DELIVERY_PERMISSIONS,
  MAX_BVBS_BYTES,
  TASK_PERMISSIONS,
  bundleTagsQuerySchema,
  idParamsSchema,
  scanUrl,
  TAG_PRINT_ENDPOINTS,
  tagsQuerySchema,
  tagsZpl,
  type Locale,
  type ZplDpi,
} from '@armature/domain';
import type { z } from 'zod';
import { contentDisposition } from '../../core/files/content-disposition.ts';
import { sendPdf } from '../../core/documents/pdf.ts';
import { AppError } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { tagsOfTask, type PrintableTag } from './bundle.query.ts';
import { tagsPdf } from './tag.pdf.ts';
import { printerOf, sendToPrinter } from './tag-printer.ts';
import { tagsOfSelection } from './tag-selection.query.ts';

/** Where the scan page is served: the address the caller reached the API at (proxies: `trustProxy`). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The tags as ZPL II for a printer of `dpi`; a BVBS record too long for a scanner gets no PDF417. */
function zplOf(tags: readonly PrintableTag[], dpi: ZplDpi, origin: string, locale: Locale): string {
  return tagsZpl(
    tags.map((each) => ({
      tag: each.tag,
      code: each.code,
      url: scanUrl(origin, each.scanId),
      bvbs: Buffer.byteLength(each.bvbs, 'utf8') <= MAX_BVBS_BYTES ? each.bvbs : null,
    })),
    dpi,
    locale,
  );
}

/** Answers the tags as a download: a PDF (label or A4 sheets), or the ZPL file a thermal printer takes. */
async function sendTags(
  request: FastifyRequest,
  reply: FastifyReply,
  tags: readonly PrintableTag[],
  query: z.output<typeof tagsQuerySchema>,
) {
  const locale = localeOf(request);
  if (query.format === 'pdf')
    return sendPdf(reply, 'tags', await tagsPdf(tags, query.layout, originOf(request), locale));
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', `tags-${query.dpi}dpi.zpl`))
    .send(zplOf(tags, query.dpi, originOf(request), locale));
}

/**
 * Bundle tags: a task's (`/api/task/{id}/tags`, the operator's, permission `…task.print`) and any
 * selection of the line's bundles — chosen ones, an order's, a schedule's, a machine's, a delivery note's,
 * a shift's (of the line or of one machine)
 * (`/api/bundle/tags`, permission `…delivery.print`) — downloaded as PDF or ZPL, or sent as ZPL to one
 * of the line's label printers (`…/tags/print`).
 */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const print = async (request: FastifyRequest, tags: readonly PrintableTag[], printerId: string) => {
    if (tags.length === 0) throw new AppError('tags_none');
    const printer = await printerOf(app.db, (await request.scope()).productId, printerId);
    await sendToPrinter(printer, zplOf(tags, printer.dpi, originOf(request), localeOf(request)));
    return { labels: tags.length, printer: printer.name };
  };

  app.get(
    '/task/:id/tags',
    {
      config: { access: TASK_PERMISSIONS.print },
      schema: { tags: ['task'], params: idParamsSchema, querystring: tagsQuerySchema },
    },
    async (request, reply) =>
      sendTags(
        request,
        reply,
        await tagsOfTask(app.db, (await request.scope()).productId, request.params.id),
        request.query,
      ),
  );

  endpointRoute(
    app,
    TAG_PRINT_ENDPOINTS.task,
    async (request) =>
      print(
        request,
        await tagsOfTask(app.db, (await request.scope()).productId, request.params.id),
        request.body.printerId,
      ),
    { tags: ['task'] },
  );

  app.get(
    '/bundle/tags',
    {
      config: { access: DELIVERY_PERMISSIONS.print },
      schema: { tags: ['bundle'], querystring: bundleTagsQuerySchema },
    },
    async (request, reply) =>
      sendTags(
        request,
        reply,
        await tagsOfSelection(app.db, (await request.scope()).productId, request.query),
        request.query,
      ),
  );

  endpointRoute(
    app,
    TAG_PRINT_ENDPOINTS.bundles,
    async (request) =>
      print(
        request,
        await tagsOfSelection(app.db, (await request.scope()).productId, request.body),
        request.body.printerId,
      ),
    { tags: ['bundle'] },
  );
};
