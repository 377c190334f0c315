import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { OrderDrop, orderDropsInputSchema } from '@armature/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { orderDrops } from './order-drop.table.ts';
import { demandOrderLines, demandOrders } from './planning.table.ts';
import type { Author } from '../../core/tenancy/actor.ts';

type Scoped = Pick<Scope, 'clientId' | 'productId'>;

const dropColumns = {
  id: orderDrops.id,
  seq: orderDrops.seq,
  site: orderDrops.site,
  date: orderDrops.dropDate,
  windowStart: orderDrops.windowStart,
  windowEnd: orderDrops.windowEnd,
  marks: orderDrops.marks,
  contact: orderDrops.contact,
  shareToken: orderDrops.shareToken,
};

/** The order (of the product) or 404, locked when writing. */
async function orderOf(db: Db | Tx, productId: string, orderId: string, lock = false) {
  const query = db
    .select({ id: demandOrders.id, demandDate: demandOrders.demandDate })
    .from(demandOrders)
    .where(and(eq(demandOrders.id, orderId), eq(demandOrders.productId, productId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new AppError('not_found');
  return order;
}

/** An order's drops in route order, with its date (the earliest drop's, once it has drops). */
export async function orderDropsOf(db: Db | Tx, productId: string, orderId: string) {
  const order = await orderOf(db, productId, orderId);
  const drops: OrderDrop[] = await db
    .select(dropColumns)
    .from(orderDrops)
    .where(eq(orderDrops.orderId, orderId))
    .orderBy(asc(orderDrops.seq));
  return { orderId, demandDate: order.demandDate, drops };
}

/**
 * Replaces an order's drops. A mark must be one of the order's and in one
 * drop at most (400 naming `drops.N.marks`); a drop kept at the same place keeps its share link. The
 * order's date becomes its earliest drop's, which the schedule, due warnings and lists read.
 */
export async function replaceOrderDrops(
  tx: Tx,
  scope: Scoped,
  author: Author,
  orderId: string,
  input: z.output<typeof orderDropsInputSchema>,
): Promise<void> {
  await orderOf(tx, scope.productId, orderId, true);
  const marks = new Set(
    (
      await tx
        .select({ mark: demandOrderLines.mark })
        .from(demandOrderLines)
        .where(eq(demandOrderLines.orderId, orderId))
    ).map((line) => line.mark),
  );
  const seen = new Set<string>();
  const details: Record<string, string[]> = {};
  input.drops.forEach((drop, index) => {
    for (const mark of drop.marks) {
      if (!marks.has(mark)) details[`drops.${index}.marks`] = ['invalid'];
      else if (seen.has(mark)) details[`drops.${index}.marks`] = ['duplicate'];
      seen.add(mark);
    }
  });
  if (Object.keys(details).length > 0) throw invalidFields(details);

  const kept = new Map(
    (
      await tx
        .select({ seq: orderDrops.seq, shareToken: orderDrops.shareToken })
        .from(orderDrops)
        .where(and(eq(orderDrops.orderId, orderId), isNotNull(orderDrops.shareToken)))
    ).map((drop) => [drop.seq, drop.shareToken]),
  );
  const now = isoNow();
  await tx.delete(orderDrops).where(eq(orderDrops.orderId, orderId));
  await tx.insert(orderDrops).values(
    input.drops.map((drop, index) => ({
      ...scope,
      orderId,
      seq: index + 1,
      site: drop.site,
      dropDate: drop.date,
      windowStart: drop.windowStart ?? null,
      windowEnd: drop.windowEnd ?? null,
      marks: drop.marks,
      contact: drop.contact ?? null,
      shareToken: kept.get(index + 1) ?? null,
      creatorId: author.id,
      creationTime: now,
    })),
  );
  const first = input.drops.map((drop) => drop.date).sort()[0]!;
  await tx
    .update(demandOrders)
    .set({ demandDate: first, lastModifierId: author.id, lastModificationTime: now })
    .where(eq(demandOrders.id, orderId));
}

/** Gives a drop a new share link (revoking the old one), or revokes it (`share` false). Answers the token. */
export async function shareDrop(
  tx: Tx,
  productId: string,
  orderId: string,
  seq: number,
  share: boolean,
): Promise<string | null> {
  await orderOf(tx, productId, orderId, true);
  const token = share ? randomBytes(32).toString('base64url') : null;
  const updated = await tx
    .update(orderDrops)
    .set({ shareToken: token })
    .where(and(eq(orderDrops.orderId, orderId), eq(orderDrops.seq, seq)))
    .returning({ id: orderDrops.id });
  if (updated.length === 0) throw new AppError('not_found');
  return token;
}
