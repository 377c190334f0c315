import type { FastifyReply, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import {
  MAX_IMPORT_BYTES,
  MissingColumnsError,
  TEMPLATE_SHEETS,
  bvbsOfOrder,
  demandTemplate,
  isExampleRow,
  previewBvbs,
  previewSheet,
  sheetOfOrder,
  specUnitWeight,
  type DemandImportPreview,
  type ImportContext,
  type Locale,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebars, techniques } from '../master-data/master-data.table.ts';
import { contentDisposition } from '../../core/files/content-disposition.ts';
import { AppError } from '../../core/http/app-error.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { readImportFile } from '../../core/documents/sheet-import.ts';
import { sendWorkbook } from '../../core/documents/workbook.ts';
import { demandOrderDetail } from './demand-order.query.ts';

/** The product's specs and every technique: what an import matches a file's lines against. */
export async function importContext(db: Db | Tx, productId: string, locale: Locale): Promise<ImportContext> {
  const specs = await db
    .select({ id: rebars.id, grade: rebars.grade, diameter: rebars.diameter, unitWeight: rebars.unitWeight })
    .from(rebars)
    .where(eq(rebars.productId, productId))
    .orderBy(asc(rebars.grade), asc(rebars.diameter));
  const known = await db.select({ id: techniques.id, code: techniques.code }).from(techniques);
  return { specs: specs.map((spec) => ({ ...spec, unitWeight: specUnitWeight(spec) })), techniques: known, locale };
}

/**
 * `GET /api/demandOrder/import/template`: in the caller's language, the schedule sheet (headers and two
 * example rows marked as such, which the import skips) and a sheet explaining each column.
 */
export async function importTemplate(request: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(request);
  const template = demandTemplate(locale);
  return sendWorkbook(reply, 'demand-order-template.xlsx', [
    { name: TEMPLATE_SHEETS.schedule[locale], rows: template.schedule },
    { name: TEMPLATE_SHEETS.help[locale], rows: template.help },
  ]);
}

/**
 * What reading an upload failed on, as the caller's error: over the size or part limits 413, any
 * other failure of the multipart stream (no boundary, a body cut short, malformed part headers) 400.
 */
function fileError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('import_too_large', { maxMb: Math.round(maxBytes / 1024 / 1024) });
  return new AppError('import_unreadable');
}

/**
 * The uploaded file of a multipart request (field `file`), read whole up to `maxBytes`: a larger file
 * answers 413 `import_too_large`, a request that is not multipart 400 `import_unreadable`, one
 * without a file 400 `import_empty`.
 */
async function uploadedFile(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError('import_unreadable');
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new AppError('import_empty');
    return { fileName: part.filename, buffer: await part.toBuffer() };
  } catch (error) {
    throw fileError(error, maxBytes);
  }
}

/**
 * `POST /api/demandOrder/import/preview`: the file's lines as they would be saved, matched to the
 * product's specs and weighed, with their problems in the caller's language. Nothing is saved.
 */
export async function previewImport(
  db: Db,
  request: FastifyRequest,
  maxBytes = MAX_IMPORT_BYTES,
): Promise<DemandImportPreview> {
  const { fileName, buffer } = await uploadedFile(request, maxBytes);
  const read = await readImportFile(fileName, buffer);
  const locale = localeOf(request);
  const context = await importContext(db, (await request.scope()).productId, locale);
  try {
    const preview =
      read.format === 'bvbs' ? previewBvbs(read.text, context) : previewSheet(read.rows, read.format, context);
    if (!preview.lines.length && !preview.problems.length)
      throw new AppError(
        read.format !== 'bvbs' && read.rows.some(isExampleRow) ? 'import_only_examples' : 'import_empty',
      );
    return preview;
  } catch (error) {
    if (error instanceof MissingColumnsError)
      throw new AppError('import_missing_columns', { columns: error.labels(locale) });
    throw error;
  }
}

/**
 * `GET /api/demandOrder/{id}/export?format=bvbs|xlsx`: the order as a BVBS file (BF2D records that
 * read back to the same lines) or as the import's own sheet, named by the order code.
 */
export async function exportDemandOrder(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  format: 'bvbs' | 'xlsx',
) {
  const locale = localeOf(request);
  const { productId } = await request.scope();
  const order = await demandOrderDetail(db, productId, id);
  // The bar list as it stands: lines a revision superseded are history, not part of it.
  order.lines = order.lines.filter((line) => line.supersededRevision === null);
  const { techniques: known } = await importContext(db, productId, locale);
  if (format === 'bvbs') {
    const text = bvbsOfOrder({ project: order.project, lines: order.lines, techniques: known });
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `${order.code}.abs`))
      .send(text);
  }
  const sheet = sheetOfOrder(order.lines, locale, known);
  return sendWorkbook(reply, `${order.code}.xlsx`, [{ name: order.code, rows: [sheet.header, ...sheet.rows] }]);
}
