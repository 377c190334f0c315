import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_TIME_ZONE,
  plantDayBounds,
  type DeliveryNote,
  type DeliveryNoteDetail,
  type deliveryNoteListQuerySchema,
} from '@armature/domain';
import type { z } from 'zod';
import { users } from '../../core/auth/users.table.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { bundlesOfNote } from './bundle.query.ts';
import { bundles, deliveryNotes } from './processing.table.ts';

type Reader = Db | Tx;

const creator = alias(users, 'delivery_creator');

/** The notes' totals from their bundles, over the product's delivered bundles only. */
const totals = (db: Reader, productId: string) =>
  db
    .select({
      noteId: bundles.deliveryNoteId,
      bundleCount: count().as('bundle_count'),
      pieces: sql<number>`coalesce(sum(${bundles.pieces}), 0)::int`.as('pieces'),
      weightGrams: sql<number>`coalesce(sum(${bundles.weightGrams}), 0)::bigint`.as('weight_grams'),
    })
    .from(bundles)
    .where(and(eq(bundles.productId, productId), isNotNull(bundles.deliveryNoteId)))
    .groupBy(bundles.deliveryNoteId)
    .as('note_totals');

const noteColumns = (sums: ReturnType<typeof totals>) => ({
  id: deliveryNotes.id,
  code: deliveryNotes.code,
  site: deliveryNotes.site,
  vehicle: deliveryNotes.vehicle,
  receiver: deliveryNotes.receiver,
  remark: deliveryNotes.remark,
  deliveredAt: deliveryNotes.deliveredAt,
  bundleCount: sql<number>`coalesce(${sums.bundleCount}, 0)::int`,
  pieces: sql<number>`coalesce(${sums.pieces}, 0)::int`,
  weightGrams: sql<number>`coalesce(${sums.weightGrams}, 0)::bigint`,
  creatorName: creator.name,
  creationTime: deliveryNotes.creationTime,
});

const notesFrom = <S extends Record<string, unknown>>(db: Reader, columns: S, sums: ReturnType<typeof totals>) =>
  db
    .select(columns as never)
    .from(deliveryNotes)
    .leftJoin(sums, eq(sums.noteId, deliveryNotes.id))
    .leftJoin(creator, eq(creator.id, deliveryNotes.creatorId));

type NoteRow = {
  id: string;
  code: string;
  site: string;
  vehicle: string | null;
  receiver: string | null;
  remark: string | null;
  deliveredAt: string;
  bundleCount: number;
  pieces: number;
  weightGrams: number | string;
  creatorName: string | null;
  creationTime: string;
};

const toNote = (row: NoteRow): DeliveryNote => ({
  id: row.id,
  code: row.code,
  site: row.site,
  vehicle: row.vehicle,
  receiver: row.receiver,
  remark: row.remark,
  deliveredAt: toIso(row.deliveredAt),
  bundleCount: Number(row.bundleCount),
  pieces: Number(row.pieces),
  weight: Number(row.weightGrams) / 1000,
  creatorName: row.creatorName,
  creationTime: toIso(row.creationTime),
});

const NOTE_LIST: ListSpec = {
  searchable: [deliveryNotes.code, deliveryNotes.site, deliveryNotes.vehicle, deliveryNotes.receiver],
  sortable: { code: deliveryNotes.code, site: deliveryNotes.site, deliveredAt: deliveryNotes.deliveredAt },
  defaultOrder: [desc(deliveryNotes.deliveredAt), desc(deliveryNotes.code), asc(deliveryNotes.id)],
};

export async function timeZoneOf(db: Reader, productId: string): Promise<string> {
  const [row] = await db.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, productId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** `GET /api/delivery`: the product's notes, newest first; `dayFrom`/`dayTo` are the plant's days. */
export async function listDeliveryNotes(
  db: Reader,
  productId: string,
  query: z.output<typeof deliveryNoteListQuerySchema>,
) {
  const conditions: (SQL | undefined)[] = [eq(deliveryNotes.productId, productId)];
  if (query.dayFrom || query.dayTo) {
    const timeZone = await timeZoneOf(db, productId);
    if (query.dayFrom)
      conditions.push(
        gte(deliveryNotes.deliveredAt, new Date(plantDayBounds(query.dayFrom, timeZone).from).toISOString()),
      );
    if (query.dayTo)
      conditions.push(lt(deliveryNotes.deliveredAt, new Date(plantDayBounds(query.dayTo, timeZone).to).toISOString()));
  }
  const sums = totals(db, productId);
  const page = await fetchPage(
    notesFrom(db, noteColumns(sums), sums).$dynamic(),
    notesFrom(db, { value: count() }, sums).$dynamic(),
    listClauses(query, NOTE_LIST, conditions),
  );
  return { items: (page.items as unknown as NoteRow[]).map(toNote), totalCount: page.totalCount };
}

/** `GET /api/delivery/{id}`: the note and its bundles; 404 outside the product. */
export async function deliveryNoteDetail(db: Reader, productId: string, id: string): Promise<DeliveryNoteDetail> {
  const sums = totals(db, productId);
  const [row] = (await notesFrom(db, noteColumns(sums), sums).where(
    and(eq(deliveryNotes.id, id), eq(deliveryNotes.productId, productId)),
  )) as unknown as NoteRow[];
  if (!row) throw new AppError('not_found');
  return { ...toNote(row), bundles: await bundlesOfNote(db, id) };
}

/** The plant's name on printed notes: the client's company and the line. */
export async function plantName(db: Reader, productId: string): Promise<string> {
  const [row] = await db
    .select({ company: clients.companyName, line: products.name })
    .from(products)
    .innerJoin(clients, eq(clients.id, products.clientId))
    .where(eq(products.id, productId));
  return row ? `${row.company} ${row.line}` : '';
}
