import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { nextDay, plantDayBounds, type Inspection, type InspectionListQuery, type Locale } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { products } from '../../core/crud/resources.table.ts';
import { rebars, techniques } from '../master-data/master-data.table.ts';
import { fetchPage, keywordCondition, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { equipment } from '../equipment/index.ts';
import { tasks } from '../processing/index.ts';
import { rebarReceives } from '../stock/stock.table.ts';
import { inspectionChecks, inspections } from './quality.table.ts';

/** A translated record's name in the caller's language, else its Chinese name. */
export function localName(row: { name: string; nameEn: string | null; nameFr: string | null }, locale: Locale) {
  return (locale === 'en-US' ? row.nameEn : locale === 'fr-FR' ? row.nameFr : null) || row.name;
}

async function timeZoneOf(db: Db | Tx, productId: string): Promise<string> {
  const [product] = await db.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError('not_found');
  return product.timeZone;
}

/** `inspectedAt` of `column` within plant days `from`–`to` (inclusive) of the product's clock. */
export async function plantDaysCondition(
  db: Db | Tx,
  productId: string,
  column: typeof inspections.inspectedAt | typeof inspectionChecks.inspectedAt,
  range: { dateFrom?: string | undefined; dateTo?: string | undefined },
): Promise<SQL | undefined> {
  if (!range.dateFrom && !range.dateTo) return undefined;
  const timeZone = await timeZoneOf(db, productId);
  const iso = (ms: number) => new Date(ms).toISOString();
  return and(
    range.dateFrom ? sql`${column} >= ${iso(plantDayBounds(range.dateFrom, timeZone).from)}` : undefined,
    range.dateTo ? sql`${column} < ${iso(plantDayBounds(nextDay(range.dateTo), timeZone).from)}` : undefined,
  );
}

/** `%`, `_` and `\` in a heat number match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export type InspectionFilters = Omit<InspectionListQuery, 'skipCount' | 'maxResultCount' | 'sorting'>;

/**
 * The records page's filters but the keyword, as conditions on `inspection` and its joins
 * (`withReferences`); the list, the export and the pass rate share them.
 */
export async function inspectionConditions(db: Db | Tx, productId: string, query: InspectionFilters) {
  return and(
    eq(inspections.productId, productId),
    query.kind ? eq(inspections.kind, query.kind) : undefined,
    query.result ? eq(inspections.result, query.result) : undefined,
    query.techniqueId ? eq(inspections.techniqueId, query.techniqueId) : undefined,
    query.inspectionTypeId
      ? inArray(
          inspections.id,
          db
            .select({ id: inspectionChecks.inspectionId })
            .from(inspectionChecks)
            .where(
              and(
                eq(inspectionChecks.productId, productId),
                eq(inspectionChecks.inspectionTypeId, query.inspectionTypeId),
              ),
            ),
        )
      : undefined,
    query.equipmentId ? eq(inspections.equipmentId, query.equipmentId) : undefined,
    query.receiptId ? eq(inspections.rebarReceiveId, query.receiptId) : undefined,
    query.taskId ? eq(inspections.taskId, query.taskId) : undefined,
    query.heatNo ? ilike(inspections.heatNo, containing(query.heatNo)) : undefined,
    await plantDaysCondition(db, productId, inspections.inspectedAt, query),
  );
}

const INSPECTION_LIST: ListSpec = {
  searchable: [inspections.code, inspections.heatNo, tasks.code, rebarReceives.code, equipment.name],
  sortable: {
    inspectedAt: inspections.inspectedAt,
    code: inspections.code,
    result: inspections.result,
    heatNo: inspections.heatNo,
  },
  defaultOrder: [desc(inspections.inspectedAt), desc(inspections.code)],
};

const inspectionColumns = {
  id: inspections.id,
  code: inspections.code,
  kind: inspections.kind,
  result: inspections.result,
  techniqueId: inspections.techniqueId,
  technique: { name: techniques.name, nameEn: techniques.nameEn, nameFr: techniques.nameFr },
  receiptId: rebarReceives.id,
  receiptCode: rebarReceives.code,
  taskId: tasks.id,
  taskCode: tasks.code,
  equipmentId: equipment.id,
  equipmentName: equipment.name,
  serialNumber: equipment.serialNumber,
  heatNo: inspections.heatNo,
  rebarName: rebars.name,
  pieceNo: inspections.pieceNo,
  scrapPieces: inspections.scrapPieces,
  inspectorName: inspections.inspectorName,
  inspectedAt: inspections.inspectedAt,
  remark: inspections.remark,
  creationTime: inspections.creationTime,
};

/** What an inspection refers to: its technique, spec, receipt or task, and machine (the keyword searches these too). */
function withReferences<T extends PgSelect>(query: T) {
  return query
    .innerJoin(techniques, eq(techniques.id, inspections.techniqueId))
    .innerJoin(rebars, eq(rebars.id, inspections.rebarId))
    .leftJoin(rebarReceives, eq(rebarReceives.id, inspections.rebarReceiveId))
    .leftJoin(tasks, eq(tasks.id, inspections.taskId))
    .leftJoin(equipment, eq(equipment.id, inspections.equipmentId));
}

const selectInspections = (db: Db | Tx) => withReferences(db.select(inspectionColumns).from(inspections).$dynamic());
type InspectionRow = Awaited<ReturnType<typeof selectInspections>>[number];

/** The filters with the keyword: the export's and the statistics' condition. */
export async function inspectionWhere(db: Db | Tx, productId: string, query: InspectionFilters) {
  return and(
    keywordCondition(query.filter, INSPECTION_LIST.searchable),
    await inspectionConditions(db, productId, query),
  );
}

/** The ids of the inspections `where` matches: a subquery for statistics. */
export function inspectionIds(db: Db | Tx, where: SQL | undefined) {
  return withReferences(db.select({ id: inspections.id }).from(inspections).$dynamic()).where(where);
}

/** The checks of these inspections, in the order they were entered, by inspection. */
async function checksOf(db: Db | Tx, ids: readonly string[]) {
  const byInspection = new Map<string, Inspection['checks']>(ids.map((id) => [id, []]));
  if (!ids.length) return byInspection;
  const rows = await db
    .select({
      inspectionId: inspectionChecks.inspectionId,
      inspectionTypeId: inspectionChecks.inspectionTypeId,
      code: inspectionChecks.code,
      name: inspectionChecks.name,
      unit: inspectionChecks.unit,
      method: inspectionChecks.method,
      value: inspectionChecks.value,
      massKg: inspectionChecks.massKg,
      lengthMm: inspectionChecks.lengthMm,
      lowerLimit: inspectionChecks.lowerLimit,
      upperLimit: inspectionChecks.upperLimit,
      passed: inspectionChecks.passed,
      remark: inspectionChecks.remark,
    })
    .from(inspectionChecks)
    .where(inArray(inspectionChecks.inspectionId, [...ids]))
    // The characteristics' code order, which is how basic configuration lists them to the inspector.
    .orderBy(asc(inspectionChecks.inspectionId), asc(inspectionChecks.code));
  for (const { inspectionId, passed, ...check } of rows)
    byInspection.get(inspectionId)?.push({ ...check, result: passed ? 'pass' : 'fail' });
  return byInspection;
}

async function toInspections(db: Db | Tx, rows: readonly InspectionRow[], locale: Locale): Promise<Inspection[]> {
  const checks = await checksOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    result: row.result,
    techniqueId: row.techniqueId,
    techniqueName: localName(row.technique, locale),
    receipt: row.receiptId && row.receiptCode ? { id: row.receiptId, code: row.receiptCode } : null,
    task: row.taskId && row.taskCode ? { id: row.taskId, code: row.taskCode } : null,
    equipment:
      row.equipmentId && row.equipmentName !== null && row.serialNumber !== null
        ? { id: row.equipmentId, name: row.equipmentName, serialNumber: row.serialNumber }
        : null,
    heatNo: row.heatNo,
    rebarName: row.rebarName,
    pieceNo: row.pieceNo,
    scrapPieces: row.scrapPieces,
    inspectorName: row.inspectorName,
    inspectedAt: toIso(row.inspectedAt),
    remark: row.remark,
    checks: checks.get(row.id) ?? [],
    creationTime: toIso(row.creationTime),
  }));
}

/** `GET /api/inspection`: a page of the product's inspections by the records page's filters. */
export async function listInspections(db: Db, productId: string, query: InspectionListQuery, locale: Locale) {
  const clauses = listClauses(query, INSPECTION_LIST, [await inspectionConditions(db, productId, query)]);
  const page = await fetchPage(
    selectInspections(db),
    withReferences(db.select({ value: count() }).from(inspections).$dynamic()),
    clauses,
  );
  return { items: await toInspections(db, page.items, locale), totalCount: page.totalCount };
}

/** Every inspection the filters match, newest first (the export's rows). */
export async function allInspections(db: Db, productId: string, query: InspectionFilters, locale: Locale) {
  const rows = await selectInspections(db)
    .where(await inspectionWhere(db, productId, query))
    .orderBy(...INSPECTION_LIST.defaultOrder);
  return toInspections(db, rows, locale);
}

/** `GET /api/inspection/{id}`: one inspection of the product with its checks; 404 for any other. */
export async function inspectionDetail(db: Db | Tx, productId: string, id: string, locale: Locale) {
  const [row] = await selectInspections(db).where(and(eq(inspections.id, id), eq(inspections.productId, productId)));
  if (!row) throw new AppError('not_found');
  const [inspection] = await toInspections(db, [row], locale);
  return inspection!;
}
