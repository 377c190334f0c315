import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { gramsToKg, STOCK_PERMISSIONS } from '@armature/domain';
import { rebars } from '../master-data/master-data.table.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { notify } from '../inbox/index.ts';
import type { stockLogs } from './stock.table.ts';
import { freeRawGramsBySpec } from './free-raw-stock.query.ts';

type Move = Pick<typeof stockLogs.$inferSelect, 'id' | 'kind' | 'held' | 'rebarId' | 'direction' | 'weightGrams'>;

/**
 * `lowStock` to the line's keepers (and whoever moved the bars) for each spec with a minimum whose free
 * raw stock — on hand, not on hold, less what approved plans reserved — these moves took from at or
 * above its minimum to below it. Called after the moves' balances are written, in their transaction:
 * the free stock before them is the stock after less what they moved, so one query serves both. Told
 * once per dip: nothing more while the stock stays below, and the next dip is another move (its key).
 */
export async function tellLowStock(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId'>,
  actorId: string | null,
  written: readonly Move[],
  known?: ReadonlyMap<string, { id: string; name: string; minStock: number | null }>,
): Promise<void> {
  // Moves of free raw bars change free raw stock; held rows are not free, and other kinds are not raw.
  const freeMoves = written.filter((move) => move.kind === 'raw' && !move.held);
  if (!freeMoves.length) return;
  const moved = new Map<string, { grams: number; firstMoveId: string }>();
  for (const move of freeMoves) {
    const spec = moved.get(move.rebarId) ?? { grams: 0, firstMoveId: move.id };
    spec.grams += move.direction === 'in' ? move.weightGrams : -move.weightGrams;
    moved.set(move.rebarId, spec);
  }
  // Only specs that lost free stock can cross their minimum downwards.
  const falling = [...moved].filter(([, spec]) => spec.grams < 0).map(([rebarId]) => rebarId);
  if (!falling.length) return;

  // The moves read their specs already (`known`): their minimums come with them, not read again.
  const specs = known
    ? falling.flatMap((id) => {
        const spec = known.get(id);
        return spec && spec.minStock !== null ? [spec] : [];
      })
    : await tx
        .select({ id: rebars.id, name: rebars.name, minStock: rebars.minStock })
        .from(rebars)
        .where(and(inArray(rebars.id, falling), eq(rebars.productId, scope.productId), isNotNull(rebars.minStock)));
  if (!specs.length) return;
  const free = await freeRawGramsBySpec(
    tx,
    scope.productId,
    specs.map((spec) => spec.id),
  );

  for (const spec of specs) {
    const minGrams = Number(spec.minStock) * 1000;
    const { grams, firstMoveId } = moved.get(spec.id)!;
    const freeGrams = free.get(spec.id)?.grams ?? 0;
    const before = freeGrams - grams;
    if (!(before >= minGrams && freeGrams < minGrams)) continue;
    await notify(tx, {
      kind: 'lowStock',
      clientId: scope.clientId,
      productId: scope.productId,
      subject: { page: STOCK_PERMISSIONS.raw.stock, id: null },
      params: {
        spec: spec.name,
        availableKg: gramsToKg(Math.round(freeGrams)),
        minStockKg: Number(spec.minStock),
      },
      actorId,
      dedupeKey: `lowStock:${spec.id}:${firstMoveId}`,
    });
  }
}
