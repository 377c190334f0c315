import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DigitalTwinBom, DigitalTwinBomInput, ListQuery, Localized } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import type { Author } from '../../core/tenancy/actor.ts';
import { spareParts } from './spare-part.table.ts';
import { duplicateError, onUniqueViolation } from '../../core/db/db-errors.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { isoNow, sameInstant, toIso } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { designBomNodes, designBoms, digitalTwinBomElements, digitalTwinBoms } from './bom.table.ts';

const selectHeaders = (db: Db | Tx) =>
  db
    .select({
      id: digitalTwinBoms.id,
      code: digitalTwinBoms.code,
      name: digitalTwinBoms.name,
      designBomId: digitalTwinBoms.designBomId,
      designBomCode: designBoms.code,
      designVersion: designBoms.version,
      remark: digitalTwinBoms.remark,
      creationTime: digitalTwinBoms.creationTime,
      lastModificationTime: digitalTwinBoms.lastModificationTime,
    })
    .from(digitalTwinBoms)
    .innerJoin(designBoms, eq(designBoms.id, digitalTwinBoms.designBomId))
    .$dynamic();

type Header = Awaited<ReturnType<typeof selectHeaders>>[number];

/** The elements of these twin BOMs, in order, each with the part of its design node. */
async function elementsOf(db: Db | Tx, twinIds: string[]) {
  if (!twinIds.length) return new Map<string, DigitalTwinBom['elements']>();
  const rows = await db
    .select({
      twinBomId: digitalTwinBomElements.twinBomId,
      id: digitalTwinBomElements.id,
      element: digitalTwinBomElements.element,
      designNodeId: digitalTwinBomElements.designNodeId,
      signals: digitalTwinBomElements.signals,
      alarmCodes: digitalTwinBomElements.alarmCodes,
      partId: spareParts.id,
      partCode: spareParts.code,
      partName: spareParts.name,
      unit: spareParts.unit,
    })
    .from(digitalTwinBomElements)
    .leftJoin(designBomNodes, eq(designBomNodes.id, digitalTwinBomElements.designNodeId))
    .leftJoin(spareParts, eq(spareParts.id, designBomNodes.partId))
    .where(inArray(digitalTwinBomElements.twinBomId, twinIds))
    .orderBy(asc(digitalTwinBomElements.sortIndex), asc(digitalTwinBomElements.id));
  const byTwin = new Map<string, DigitalTwinBom['elements']>();
  for (const { twinBomId, ...element } of rows) byTwin.set(twinBomId, [...(byTwin.get(twinBomId) ?? []), element]);
  return byTwin;
}

async function withElements(db: Db | Tx, headers: Header[]): Promise<DigitalTwinBom[]> {
  const elements = await elementsOf(
    db,
    headers.map((header) => header.id),
  );
  return headers.map((header) => ({
    ...header,
    elements: elements.get(header.id) ?? [],
    creationTime: toIso(header.creationTime),
    lastModificationTime: toIso(header.lastModificationTime),
  }));
}

const TWIN_LIST: ListSpec = {
  searchable: [digitalTwinBoms.code, digitalTwinBoms.name, designBoms.code],
  sortable: { code: digitalTwinBoms.code, name: digitalTwinBoms.name, creationTime: digitalTwinBoms.creationTime },
  defaultOrder: [asc(digitalTwinBoms.code), asc(digitalTwinBoms.id)],
};

/** A page of twin BOMs (keyword over code, name and the design BOM's code), with their elements. */
export async function listTwinBoms(db: Db, query: ListQuery) {
  const clauses = listClauses(query, TWIN_LIST);
  const counted = db
    .select({ value: count() })
    .from(digitalTwinBoms)
    .innerJoin(designBoms, eq(designBoms.id, digitalTwinBoms.designBomId))
    .$dynamic();
  const page = await fetchPage(selectHeaders(db), counted, clauses);
  return { items: await withElements(db, page.items), totalCount: page.totalCount };
}

export async function allTwinBoms(db: Db): Promise<DigitalTwinBom[]> {
  return withElements(db, await selectHeaders(db).orderBy(...TWIN_LIST.defaultOrder));
}

export async function twinBomById(db: Db | Tx, id: string): Promise<DigitalTwinBom> {
  const [header] = await selectHeaders(db).where(eq(digitalTwinBoms.id, id));
  if (!header) throw new AppError('not_found');
  const [twin] = await withElements(db, [header]);
  return twin!;
}

/**
 * 400 naming the fields at fault: an unknown design BOM (`designBomId`), an element's node that is not
 * in that BOM (`elements.{i}.designNodeId`). The BOM stays share-locked until the write commits.
 */
async function checkReferences(tx: Tx, body: DigitalTwinBomInput): Promise<void> {
  const [design] = await tx
    .select({ id: designBoms.id })
    .from(designBoms)
    .where(eq(designBoms.id, body.designBomId))
    .for('key share');
  if (!design) throw invalidFields({ designBomId: ['invalid'] });
  const asked = [...new Set(body.elements.flatMap((element) => element.designNodeId ?? []))];
  const found = asked.length
    ? await tx
        .select({ id: designBomNodes.id })
        .from(designBomNodes)
        .where(and(eq(designBomNodes.bomId, body.designBomId), inArray(designBomNodes.id, asked)))
        .for('key share')
    : [];
  const inBom = new Set(found.map((node) => node.id));
  const details: Record<string, string[]> = {};
  body.elements.forEach((element, index) => {
    if (element.designNodeId && !inBom.has(element.designNodeId))
      details[`elements.${index}.designNodeId`] = ['invalid'];
  });
  if (Object.keys(details).length) throw invalidFields(details);
}

const CODE_LABEL: Localized = { 'zh-CN': '编码', 'en-US': 'Code', 'fr-FR': 'Code' };
const duplicateCode = (code: string) =>
  onUniqueViolation(() => duplicateError([{ name: 'code', label: CODE_LABEL, value: code }]));

const headerValues = (body: DigitalTwinBomInput) => ({
  code: body.code,
  name: body.name,
  designBomId: body.designBomId,
  remark: body.remark ?? null,
});

async function insertElements(tx: Tx, twinBomId: string, body: DigitalTwinBomInput) {
  if (!body.elements.length) return;
  await tx.insert(digitalTwinBomElements).values(
    body.elements.map((element, sortIndex) => ({
      twinBomId,
      sortIndex,
      element: element.element,
      designNodeId: element.designNodeId ?? null,
      signals: element.signals,
      alarmCodes: element.alarmCodes,
    })),
  );
}

export async function createTwinBom(tx: Tx, writer: Author, body: DigitalTwinBomInput): Promise<string> {
  await checkReferences(tx, body);
  const [row] = await tx
    .insert(digitalTwinBoms)
    .values({ ...headerValues(body), creatorId: writer.id, creationTime: isoNow() })
    .returning({ id: digitalTwinBoms.id })
    .catch(duplicateCode(body.code));
  if (!row) throw new Error('digital_twin_bom insert returned no row');
  await insertElements(tx, row.id, body);
  return row.id;
}

/** The twin BOM, locked for this write; 404 when there is none, 409 `stale_update` when edited meanwhile. */
async function lockTwin(tx: Tx, id: string, stamp?: string | null): Promise<void> {
  const [row] = await tx.select().from(digitalTwinBoms).where(eq(digitalTwinBoms.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  if (stamp !== undefined && !sameInstant(stamp, row.lastModificationTime)) throw new AppError('stale_update');
}

/** The header, and the elements replaced as a whole. */
export async function updateTwinBom(tx: Tx, writer: Author, id: string, body: DigitalTwinBomInput): Promise<void> {
  await lockTwin(tx, id, body.lastModificationTime);
  await checkReferences(tx, body);
  await tx
    .update(digitalTwinBoms)
    .set({ ...headerValues(body), lastModifierId: writer.id, lastModificationTime: isoNow() })
    .where(eq(digitalTwinBoms.id, id))
    .catch(duplicateCode(body.code));
  await tx.delete(digitalTwinBomElements).where(eq(digitalTwinBomElements.twinBomId, id));
  await insertElements(tx, id, body);
}

export async function deleteTwinBom(tx: Tx, id: string): Promise<void> {
  await lockTwin(tx, id);
  await tx.delete(digitalTwinBoms).where(eq(digitalTwinBoms.id, id));
}
