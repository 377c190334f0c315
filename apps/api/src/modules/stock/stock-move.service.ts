import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  applyMove,
  hasHeatNo,
  specUnitWeight,
  type Balance,
  type StockDirection,
  type StockKind,
  type StockReason,
  type StockSourceType,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { rebars } from '../../core/crud/resources.table.ts';
import { stockLogs, stocks } from './stock.table.ts';
import { reservedByStock } from './stock-reservation.service.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';

/** The code prefix of moves recorded by hand (`MV20261121-0001`). */
export const MANUAL_MOVE_PREFIX = 'MV';

export type StockMove = {
  kind: StockKind;
  direction: StockDirection;
  rebarId: string;
  length: number;
  /** Raw stock only (required there); ignored for the other kinds. */
  heatNo?: string | null;
  quantity: number;
  reason: StockReason;
  remark?: string | null;
};

export type StockMoveCommand = {
  scope: Pick<Scope, 'clientId' | 'productId'>;
  operator: { id: string | null; name: string | null };
  /** The document that caused the moves; its code is shown on every ledger row. */
  source: { type: StockSourceType; id?: string | null; code: string };
  moves: readonly StockMove[];
  /** When the moves happened; now unless history is being loaded (the demo seed). */
  time?: string;
};

export type StockLogRecord = typeof stockLogs.$inferSelect;

type Identity = { kind: StockKind; rebarId: string; length: number; heatNo: string };

const identityKey = (identity: Identity) =>
  `${identity.kind}|${identity.rebarId}|${identity.length}|${identity.heatNo}`;

function identityOf(move: StockMove): Identity {
  if (hasHeatNo(move.kind) && !move.heatNo) throw invalidFields({ heatNo: ['required'] });
  const heatNo = hasHeatNo(move.kind) ? (move.heatNo ?? '') : '';
  return { kind: move.kind, rebarId: move.rebarId, length: move.length, heatNo };
}

/** The moves' specs in the product (locked against deletion), with the unit weight of their bars; 400 on `rebarId` for any other. */
export async function specsOf(tx: Tx, productId: string, rebarIds: readonly string[]) {
  const rows = await tx
    .select({ id: rebars.id, name: rebars.name, diameter: rebars.diameter, unitWeight: rebars.unitWeight })
    .from(rebars)
    .where(and(eq(rebars.productId, productId), inArray(rebars.id, [...rebarIds])))
    // Held until the move commits: a concurrent delete of the spec waits and then finds it in use (409),
    // or, when it came first, the spec is gone here (400) — never a foreign-key failure.
    .for('key share');
  const specs = new Map(rows.map((row) => [row.id, { ...row, unitWeight: specUnitWeight(row) }]));
  if (rebarIds.some((id) => !specs.has(id))) throw invalidFields({ rebarId: ['invalid'] });
  return specs;
}

/**
 * Applies `moves` atomically: the only code that writes `stock` and `stock_log`. Each balance row is
 * created if missing, then all of them are locked FOR UPDATE in one order (by id) — so transactions
 * moving several stocks take their locks in the same order and never deadlock, and concurrent moves
 * on one stock take turns. Every move is checked (`applyMove`) before any ledger row or balance is
 * written: one shortfall refuses the whole command with 409 `insufficient_stock` — or `stock_reserved`
 * when the bars are there but approved plans hold them (whoever cuts for a plan releases its
 * reservation first) — and the caller's
 * transaction rolling back takes the rows just created with it. Answers the ledger rows written, in
 * the moves' order.
 */
export async function applyStockMoves(tx: Tx, command: StockMoveCommand): Promise<StockLogRecord[]> {
  const { scope, operator, source, moves } = command;
  if (!moves.length) return [];
  const now = () => command.time ?? new Date().toISOString();
  const identities = moves.map(identityOf);
  const distinct = [...new Map(identities.map((identity) => [identityKey(identity), identity])).values()].sort(
    (a, b) => (identityKey(a) < identityKey(b) ? -1 : 1),
  );
  const specs = await specsOf(tx, scope.productId, [...new Set(identities.map((each) => each.rebarId))]);

  // Sorted, so two transactions creating the same new rows wait on each other in the same order.
  await tx
    .insert(stocks)
    .values(distinct.map((identity) => ({ ...identity, ...scope, creatorId: operator.id, creationTime: now() })))
    .onConflictDoNothing();
  const locked = await tx
    .select()
    .from(stocks)
    .where(
      and(
        eq(stocks.productId, scope.productId),
        or(
          ...distinct.map((identity) =>
            and(
              eq(stocks.kind, identity.kind),
              eq(stocks.rebarId, identity.rebarId),
              eq(stocks.length, identity.length),
              eq(stocks.heatNo, identity.heatNo),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(stocks.id))
    .for('update');
  // Taken under the locks: a move that waited for another's lock is later than it, so a stock's ledger
  // read by time shows its running balance in the order the balances were computed.
  const time = now();
  const rowOf = new Map(locked.map((row) => [identityKey(row), row]));
  const reserved = await reservedByStock(
    tx,
    locked.map((row) => row.id),
  );
  const balances = new Map(locked.map((row) => [row.id, { quantity: row.quantity, weightGrams: row.weightGrams }]));

  const entries = moves.map((move, index) => {
    const identity = identities[index] as Identity;
    const stock = rowOf.get(identityKey(identity));
    const spec = specs.get(move.rebarId);
    if (!stock || !spec) throw new Error(`stock row ${identityKey(identity)} vanished under its lock`);
    const balance = balances.get(stock.id) as Balance;
    const outcome = applyMove(balance, { ...move, lengthMm: move.length, unitWeight: spec.unitWeight });
    if (!outcome.ok) {
      const heat = identity.heatNo ? ` ${identity.heatNo}` : '';
      throw new AppError('insufficient_stock', {
        stock: `${spec.name} ${move.length}mm${heat}`,
        available: outcome.available,
        requested: move.quantity,
        shortfall: outcome.shortfall,
      });
    }
    const held = reserved.get(stock.id);
    if (move.direction === 'out' && held && outcome.after.quantity < held.quantity) {
      throw new AppError('stock_reserved', {
        stock: `${spec.name} ${move.length}mm${identity.heatNo ? ` ${identity.heatNo}` : ''}`,
        reserved: held.quantity,
        holders: held.holders.join(', '),
        available: Math.max(0, balance.quantity - held.quantity),
        requested: move.quantity,
      });
    }
    balances.set(stock.id, outcome.after);
    return {
      ...identity,
      ...scope,
      stockId: stock.id,
      direction: move.direction,
      quantity: move.quantity,
      weightGrams: outcome.weightGrams,
      balanceAfter: outcome.after.quantity,
      balanceWeightGramsAfter: outcome.after.weightGrams,
      reason: move.reason,
      sourceType: source.type,
      sourceId: source.id ?? null,
      sourceCode: source.code,
      remark: move.remark ?? null,
      operatorId: operator.id,
      operatorName: operator.name,
      creatorId: operator.id,
      creationTime: time,
    };
  });

  const written = await tx.insert(stockLogs).values(entries).returning();
  for (const stock of locked) {
    const count = entries.filter((entry) => entry.stockId === stock.id).length;
    const balance = balances.get(stock.id) as Balance;
    await tx
      .update(stocks)
      .set({
        quantity: balance.quantity,
        weightGrams: balance.weightGrams,
        logCount: sql`${stocks.logCount} + ${count}`,
        lastMoveTime: time,
        lastModifierId: operator.id,
        lastModificationTime: time,
      })
      .where(eq(stocks.id, stock.id));
  }
  return written.sort((a, b) => a.seq - b.seq);
}
