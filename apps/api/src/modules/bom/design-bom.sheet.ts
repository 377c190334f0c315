import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BomColumnsMissingError,
  MAX_IMPORT_BYTES,
  bomSheetRows,
  readBomSheet,
  type BomImportPreview,
} from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { spareParts } from './spare-part.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { readUpload } from '../../core/files/upload.ts';
import { readImportFile } from '../../core/documents/sheet-import.ts';
import { XLSX_TYPE, sendWorkbook } from '../../core/documents/workbook.ts';
import { designBomDetail, designBomHeader } from './design-bom.query.ts';

/** `GET /api/designBOM/{id}/export`: the tree as a sheet (level numbers, codes indented by level), headers in the caller's language. */
export async function exportDesignBom(db: Db, request: FastifyRequest, reply: FastifyReply, id: string) {
  const locale = localeOf(request);
  const bom = await designBomDetail(db, id, locale);
  const sheet = bomSheetRows(bom.nodes, locale);
  const name = `${bom.code}-v${bom.version}`;
  return sendWorkbook(reply, `${name}.xlsx`, [{ name, rows: [sheet.header, ...sheet.rows] }]);
}

/**
 * `POST /api/designBOM/{id}/import/preview`: an uploaded .xlsx (its content sniffed: 400 for
 * anything else, 413 over the import limit) read as BOM lines matched to the library's parts, with
 * their problems. Nothing is saved.
 */
export async function previewBomImport(db: Db, request: FastifyRequest, id: string): Promise<BomImportPreview> {
  const locale = localeOf(request);
  const bom = await designBomHeader(db, id, locale);
  const upload = await readUpload(request, { maxBytes: MAX_IMPORT_BYTES, mediaTypes: [XLSX_TYPE] });
  const read = await readImportFile(upload.fileName.endsWith('.xlsx') ? upload.fileName : 'sheet.xlsx', upload.bytes);
  if (read.format === 'bvbs') throw new AppError('import_unreadable');
  // The whole library (the maker's parts, a few thousand): cheaper than matching every cell of the sheet.
  const parts = await db.select({ id: spareParts.id, code: spareParts.code, name: spareParts.name }).from(spareParts);
  try {
    return readBomSheet(read.rows, {
      root: { partId: bom.partId, partCode: bom.partCode },
      parts: new Map(parts.map((part) => [part.code, { id: part.id, name: part.name }])),
    });
  } catch (error) {
    if (error instanceof BomColumnsMissingError)
      throw new AppError('import_missing_columns', { columns: error.labels(locale) });
    throw error;
  }
}
