import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEMAND_COLUMNS, MAX_IMPORT_BYTES, type DemandImportPreview, type Locale } from '@armature/domain';
import { AppError } from '../../core/http/app-error.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { readImportFile, writeWorkbook, type SheetCell } from './import-file.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column's header in a language: `下料长度 (mm)`. The import matches it in any language. */
export function columnHeader(column: (typeof DEMAND_COLUMNS)[number], locale: Locale): string {
  return column.unit ? `${column.label[locale]} (${column.unit})` : column.label[locale];
}

/** `attachment; filename="DO20261121-0001.xlsx"` (codes are ASCII). */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** `GET /api/demandOrder/import/template`: an empty schedule sheet with the headers in the caller's language. */
export async function importTemplate(request: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(request);
  const rows: SheetCell[][] = [DEMAND_COLUMNS.map((column) => columnHeader(column, locale))];
  const buffer = await writeWorkbook('BBS', rows);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment('demand-order-template.xlsx'))
    .send(buffer);
}

/**
 * The uploaded file of a multipart request (field `file`), read whole up to `maxBytes`: a larger
 * file answers 413 `import_too_large`, a request without a file 400 `import_empty`.
 */
async function uploadedFile(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError('import_unreadable');
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    throw fileError(error, maxBytes);
  }
  if (!part || part.fieldname !== 'file') throw new AppError('import_empty');
  try {
    return { fileName: part.filename, buffer: await part.toBuffer() };
  } catch (error) {
    throw fileError(error, maxBytes);
  }
}

function fileError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('import_too_large', { maxMb: Math.round(maxBytes / 1024 / 1024) });
  if (code?.startsWith('FST_')) return new AppError('import_unreadable');
  return error;
}

/** `POST /api/demandOrder/import/preview`: the file's lines as they would be saved, with their problems. Nothing is saved. */
export async function previewImport(
  request: FastifyRequest,
  maxBytes = MAX_IMPORT_BYTES,
): Promise<DemandImportPreview> {
  const { fileName, buffer } = await uploadedFile(request, maxBytes);
  const read = await readImportFile(fileName, buffer);
  return { format: read.format, project: null, lines: [], problems: [] };
}

/** `GET /api/demandOrder/{id}/export?format=bvbs|xlsx`. */
export async function exportDemandOrder(
  _request: FastifyRequest,
  _reply: FastifyReply,
  _id: string,
  _format: 'bvbs' | 'xlsx',
): Promise<unknown> {
  throw new AppError('not_found');
}
