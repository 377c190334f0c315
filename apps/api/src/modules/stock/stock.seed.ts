import { and, eq, inArray } from 'drizzle-orm';
import type { StockKind } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { stockLogs } from './stock.table.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { createReceipt } from './rebar-receive.service.ts';
import { MANUAL_MOVE_PREFIX, applyStockMoves, type StockMove, type StockMoveCommand } from './stock-move.service.ts';
import { fromOldestLots } from './offcut-lot.service.ts';
import { users } from '../../core/auth/users.table.ts';
import { DEMO_ADMIN, DEMO_KEEPER, KEEPER_PRODUCT_CODE } from '../users/index.ts';
import { DEMO_LOCATIONS, DEMO_STOCK_HISTORY, demoLocationOf } from './stock.demo.ts';
import { stockLocations } from './stock-location.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The event's instant: `daysAgo` days before today (UTC) at `hour` o'clock, Beijing time. */
function instantOf(event: { daysAgo: number; hour: number }): Date {
  const midnight = new Date(new Date().toISOString().slice(0, 10));
  return new Date(midnight.getTime() - event.daysAgo * DAY_MS + (event.hour - 8) * 60 * 60 * 1000);
}

/**
 * A demo product's stock history, when its ledger is empty: every receipt and move goes through the
 * same services as the API's (so balances, weights and codes follow the same rules), backdated.
 * Products whose demo specs were deleted get nothing rather than half a history.
 */
async function seedStock(
  tx: Tx,
  product: { id: string; clientId: string },
  operator: StockMoveCommand['operator'],
): Promise<void> {
  // Any row will do: counting a large ledger at every start would be waste.
  const [anyRow] = await tx
    .select({ seq: stockLogs.seq })
    .from(stockLogs)
    .where(eq(stockLogs.productId, product.id))
    .limit(1);
  if (anyRow) return;
  const specs = await tx
    .select({ id: rebars.id, grade: rebars.grade, diameter: rebars.diameter })
    .from(rebars)
    .where(and(eq(rebars.productId, product.id), inArray(rebars.grade, ['HRB400E', 'HRB500E'])));
  const specOf = new Map(specs.map((spec) => [`${spec.grade} ${spec.diameter}`, spec.id]));
  const idOf = (spec: { grade: string; diameter: number }) => specOf.get(`${spec.grade} ${spec.diameter}`);
  const needed = DEMO_STOCK_HISTORY.flatMap((event): { grade: string; diameter: number }[] =>
    'receipt' in event ? [event.receipt] : event.moves,
  );
  if (needed.some((spec) => !idOf(spec))) return;

  const scope = { clientId: product.clientId, productId: product.id };
  const locations = await tx
    .insert(stockLocations)
    .values(DEMO_LOCATIONS.map((location) => ({ ...location, ...scope, creationTime: new Date().toISOString() })))
    .returning({ id: stockLocations.id, code: stockLocations.code });
  const locationOf = (move: { kind?: StockKind; diameter: number }) =>
    locations.find((location) => location.code === demoLocationOf(move))?.id ?? null;
  for (const event of DEMO_STOCK_HISTORY) {
    const at = instantOf(event);
    if ('receipt' in event) {
      const { grade, diameter, ...receipt } = event.receipt;
      const rebarId = idOf({ grade, diameter }) as string;
      const receiveDate = at.toISOString().slice(0, 10);
      const locationId = locationOf({ diameter });
      await createReceipt(
        tx,
        scope,
        operator,
        { ...receipt, rebarId, receiveDate, locationId, remark: null },
        at.toISOString(),
      );
      continue;
    }
    const moves: StockMove[] = [];
    for (const { grade, diameter, ...move } of event.moves) {
      const each = {
        ...move,
        rebarId: idOf({ grade, diameter }) as string,
        locationId: locationOf({ kind: move.kind, diameter }),
        remark: event.remark,
      };
      // Offcuts are taken as the keeper would, from the oldest lot.
      moves.push(
        ...(each.kind === 'tail' && each.direction === 'out' ? await fromOldestLots(tx, product.id, each) : [each]),
      );
    }
    await applyStockMoves(tx, {
      scope,
      operator,
      source: { type: 'manual', code: await nextDocumentCode(tx, product.id, MANUAL_MOVE_PREFIX, at) },
      time: at.toISOString(),
      moves,
    });
  }
}

/** Each demo product's history, recorded by the keeper on their line and by the administrator elsewhere. */
export async function seedStockHistory(tx: Tx, products: readonly { id: string; code: string; clientId: string }[]) {
  const operators = await tx
    .select({ id: users.id, name: users.name, userName: users.userName })
    .from(users)
    .where(inArray(users.userName, [DEMO_ADMIN.userName, DEMO_KEEPER.userName]));
  const operatorOf = (userName: string) => {
    const user = operators.find((each) => each.userName === userName);
    return { id: user?.id ?? null, name: user?.name ?? null };
  };
  for (const product of products)
    await seedStock(
      tx,
      product,
      operatorOf(product.code === KEEPER_PRODUCT_CODE ? DEMO_KEEPER.userName : DEMO_ADMIN.userName),
    );
}
