import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  bundleSpec,
  bvbsRecord,
  plantDayOf,
  type Bundle,
  type BundleTag,
  type Leg,
  type ScanAnswer,
  type bundleListQuerySchema,
} from '@armature/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../core/db/client.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { demandOrderLines, demandOrders } from '../planning/index.ts';
import { bundles, deliveryNotes, tasks } from './processing.table.ts';
import { heatsOfBundles } from './bundle-heats.query.ts';

type Reader = Db | Tx;

/** The columns of a bundle as lists show it (`bundleSchema`), over its task, order line, order and spec. */
const listColumns = {
  id: bundles.id,
  scanId: bundles.scanId,
  code: bundles.code,
  taskId: bundles.taskId,
  taskCode: tasks.code,
  orderLineId: bundles.orderLineId,
  orderCode: demandOrders.code,
  project: demandOrders.project,
  mark: demandOrderLines.mark,
  grade: rebars.grade,
  diameter: rebars.diameter,
  length: bundles.length,
  number: bundles.number,
  count: bundles.count,
  pieces: bundles.pieces,
  weightGrams: bundles.weightGrams,
  status: bundles.status,
  producedAt: bundles.producedAt,
  deliveryNoteId: bundles.deliveryNoteId,
  deliveryNoteCode: deliveryNotes.code,
  supersededAt: bundles.supersededAt,
};

type ListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['notNull'] extends true
    ? (typeof listColumns)[K]['_']['data']
    : (typeof listColumns)[K]['_']['data'] | null;
};

/** Every bundle read joins the same records; `columns` picks what it needs of them. */
const joined = <S extends Record<string, unknown>>(db: Reader, columns: S) =>
  db
    .select(columns as never)
    .from(bundles)
    .innerJoin(tasks, eq(tasks.id, bundles.taskId))
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
    .leftJoin(deliveryNotes, eq(deliveryNotes.id, bundles.deliveryNoteId));

const toBundle = (row: ListRow): Bundle => ({
  id: row.id,
  scanId: row.scanId,
  code: row.code,
  taskId: row.taskId,
  taskCode: row.taskCode,
  orderLineId: row.orderLineId,
  orderCode: row.orderCode,
  project: row.project,
  mark: row.mark,
  spec: bundleSpec(row.grade, row.diameter),
  length: row.length,
  number: row.number,
  count: row.count,
  pieces: row.pieces,
  weight: row.weightGrams / 1000,
  status: row.status,
  producedAt: toIso(row.producedAt),
  deliveryNoteId: row.deliveryNoteId,
  deliveryNoteCode: row.deliveryNoteCode,
  supersededAt: row.supersededAt === null ? null : toIso(row.supersededAt),
});

const BUNDLE_LIST: ListSpec = {
  searchable: [
    demandOrders.code,
    demandOrders.project,
    demandOrderLines.mark,
    tasks.code,
    bundles.scanId,
    bundles.code,
  ],
  sortable: {
    producedAt: bundles.producedAt,
    orderCode: demandOrders.code,
    mark: demandOrderLines.mark,
    length: bundles.length,
    status: bundles.status,
  },
  defaultOrder: [desc(bundles.producedAt), asc(demandOrders.code), asc(bundles.number), asc(bundles.id)],
};

export type BundleListQuery = z.output<typeof bundleListQuerySchema>;

/** `GET /api/bundle`: the product's bundles, produced ones unless another status is asked for. */
export async function listBundles(db: Reader, productId: string, query: BundleListQuery) {
  const conditions: (SQL | undefined)[] = [
    eq(bundles.productId, productId),
    eq(bundles.status, query.status ?? 'produced'),
    query.orderId ? eq(demandOrderLines.orderId, query.orderId) : undefined,
    query.taskId ? eq(bundles.taskId, query.taskId) : undefined,
    query.superseded === undefined
      ? undefined
      : query.superseded
        ? isNotNull(bundles.supersededAt)
        : isNull(bundles.supersededAt),
  ];
  const page = await fetchPage(
    joined(db, listColumns).$dynamic(),
    joined(db, { value: count() }).$dynamic(),
    listClauses(query, BUNDLE_LIST, conditions),
  );
  return { items: (page.items as unknown as ListRow[]).map(toBundle), totalCount: page.totalCount };
}

/** The bundles a task made, line by line, in their numbers. */
export async function bundlesOfTask(db: Reader, taskId: string): Promise<Bundle[]> {
  const rows = (await joined(db, listColumns)
    .where(eq(bundles.taskId, taskId))
    .orderBy(
      asc(demandOrders.code),
      asc(demandOrderLines.lineNo),
      asc(bundles.length),
      asc(bundles.number),
    )) as unknown as ListRow[];
  return rows.map(toBundle);
}

/** The bundles of a delivery note, in the order they were picked up by order and mark. */
export async function bundlesOfNote(db: Reader, noteId: string): Promise<Bundle[]> {
  const rows = (await joined(db, listColumns)
    .where(eq(bundles.deliveryNoteId, noteId))
    .orderBy(asc(demandOrders.code), asc(demandOrderLines.mark), asc(bundles.number))) as unknown as ListRow[];
  return rows.map(toBundle);
}

const tagColumns = {
  ...listColumns,
  companyName: clients.companyName,
  productName: products.name,
  timeZone: products.timeZone,
  shapeCode: demandOrderLines.shapeCode,
  geometry: demandOrderLines.geometry,
  mandrel: demandOrderLines.mandrel,
  drawing: demandOrderLines.drawing,
  productId: bundles.productId,
};

type TagRow = ListRow & {
  productId: string;
  companyName: string;
  productName: string;
  timeZone: string | null;
  shapeCode: string | null;
  geometry: Leg[];
  mandrel: number | null;
  drawing: string | null;
};

/**
 * A tag to print: what it shows, plus its scan id (the QR code), its typeable code (under the QR) and
 * the line's BVBS record (PDF417).
 */
export type PrintableTag = { tag: BundleTag; scanId: string; code: string; status: Bundle['status']; bvbs: string };

const tagsFrom = (db: Reader) =>
  joined(db, tagColumns)
    .innerJoin(products, eq(products.id, bundles.productId))
    .innerJoin(clients, eq(clients.id, bundles.clientId));

/** The tag rows read, each made printable with its heats (one heat look-up per task). */
async function printables(db: Reader, rows: readonly TagRow[]): Promise<PrintableTag[]> {
  const heats = await heatsOfBundles(db, rows);
  return rows.map((row) => printable(row, heats.get(row.id) ?? []));
}

function printable(row: TagRow, heatNos: string[]): PrintableTag {
  const geometry = row.geometry.length > 0 ? row.geometry : [{ length: row.length, angle: 0 }];
  const tag: BundleTag = {
    plant: `${row.companyName} ${row.productName}`,
    project: row.project,
    orderCode: row.orderCode,
    mark: row.mark,
    spec: bundleSpec(row.grade, row.diameter),
    shapeCode: row.shapeCode,
    geometry,
    cutLength: row.length,
    pieces: row.pieces,
    weight: row.weightGrams / 1000,
    bundleNo: row.number,
    bundleCount: row.count,
    productionDate: plantDayOf(Date.parse(toIso(row.producedAt)), row.timeZone ?? DEFAULT_TIME_ZONE),
    superseded: row.supersededAt !== null,
    heatNos,
  };
  const bvbs = bvbsRecord({
    project: row.project,
    drawing: row.drawing,
    mark: row.mark,
    length: row.length,
    quantity: row.pieces,
    weightPerPiece: row.pieces > 0 ? row.weightGrams / row.pieces / 1000 : null,
    diameter: row.diameter,
    grade: row.grade,
    mandrel: row.mandrel,
    legs: row.geometry.length > 1 ? row.geometry : [],
    coupler: false,
    privateBlock: null,
  });
  return { tag, scanId: row.scanId, code: row.code, status: row.status, bvbs };
}

const tagOrder = [asc(demandOrders.code), asc(demandOrderLines.mark), asc(bundles.length), asc(bundles.number)];

/** The tags of the product's bundles that meet `condition` (over bundles, tasks, order lines and orders). */
export async function tagsWhere(db: Reader, productId: string, condition: SQL | undefined): Promise<PrintableTag[]> {
  const rows = (await tagsFrom(db)
    .where(and(eq(bundles.productId, productId), condition))
    .orderBy(...tagOrder)) as unknown as TagRow[];
  return printables(db, rows);
}

/** The tags of a task's bundles (404 for a task outside the product; none yet: an empty list). */
export async function tagsOfTask(db: Reader, productId: string, taskId: string): Promise<PrintableTag[]> {
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.productId, productId)));
  if (!task) throw new AppError('not_found');
  return tagsWhere(db, productId, eq(bundles.taskId, taskId));
}

/** The tags of these bundles; 404 when any of them is not a bundle of the product. */
export async function tagsOfBundles(db: Reader, productId: string, ids: readonly string[]): Promise<PrintableTag[]> {
  const wanted = [...new Set(ids)];
  const tags = await tagsWhere(db, productId, inArray(bundles.id, wanted));
  if (tags.length !== wanted.length) throw new AppError('not_found');
  return tags;
}

/** The public scan answer: the tag and the bundle's status, for any product; null for an unknown id. */
export async function scanAnswer(db: Reader, scanId: string): Promise<ScanAnswer | null> {
  const rows = (await tagsFrom(db).where(eq(bundles.scanId, scanId))) as unknown as TagRow[];
  const [printed] = await printables(db, rows);
  return printed ? { ...printed.tag, status: printed.status } : null;
}

/** The tags of bundles by id (ids not found are absent), for pages that show them without a login. */
export async function tagAnswersOf(db: Reader, ids: readonly string[]): Promise<Map<string, ScanAnswer>> {
  if (ids.length === 0) return new Map();
  const rows = (await tagsFrom(db).where(inArray(bundles.id, [...ids]))) as unknown as TagRow[];
  const printed = await printables(db, rows);
  return new Map(rows.map((row, index) => [row.id, { ...printed[index]!.tag, status: printed[index]!.status }]));
}
