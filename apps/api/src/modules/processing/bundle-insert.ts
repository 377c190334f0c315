import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { newBundleCode } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { writeTogether } from '../../core/db/write-together.ts';
import { demandOrderLines } from '../planning/index.ts';
import { linkExpectedBundles } from './load-plan-expected.query.ts';
import { bundles } from './processing.table.ts';

type NewBundle = Omit<typeof bundles.$inferInsert, 'code' | 'supersededAt'>;

/** Draws before giving up: with 32⁶ codes per client, a second draw is already rare. */
const MAX_DRAWS = 8;

/**
 * Inserts bundles, each with a new code unique in its client, and links the load-plan rows that awaited
 * them (`linkExpectedBundles`). A code another bundle holds — already, or from a completion committing at
 * the same moment — is skipped by `on conflict do nothing` (which waits for that other transaction rather
 * than failing this one) and that bundle draws again. `draw` is the code generator (a test passes one that
 * collides on purpose); `alongside` are writes sent in the first insert's statement (`writeTogether`).
 */
export async function insertBundles(
  tx: Tx,
  rows: readonly NewBundle[],
  draw: () => string = () => newBundleCode(randomBytes),
  alongside: Record<string, SQL | null> = {},
): Promise<void> {
  if (!rows.length) {
    await writeTogether(tx, alongside);
    return;
  }
  let pending = rows;
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_DRAWS) throw new Error(`no free bundle code after ${MAX_DRAWS} draws`);
    const made = tx
      .insert(bundles)
      .values(pending.map((row) => ({ ...row, code: draw(), supersededAt: bornSuperseded(row) })))
      .onConflictDoNothing({ target: [bundles.clientId, bundles.code] })
      .returning({
        id: bundles.id,
        scanId: bundles.scanId,
        taskId: bundles.taskId,
        orderLineId: bundles.orderLineId,
        length: bundles.length,
        number: bundles.number,
      });
    const inserted = await writeTogether<{ scan_id: string }>(
      tx,
      { ...(round === 0 ? alongside : {}), made: made.getSQL(), linked: linkExpectedBundles(sql`made`) },
      sql`select scan_id from made`,
    );
    const done = new Set(inserted.map((row) => row.scan_id));
    pending = pending.filter((row) => !done.has(row.scanId));
  }
}

/**
 * A task already running when a revision superseded its line still finishes: its bundles are born superseded. Read
 * in the insert, after the line's order was locked (`recordProduction`), so a revision that superseded it first is seen.
 */
function bornSuperseded(row: NewBundle): SQL {
  return sql`(select ${row.producedAt}::timestamptz from ${demandOrderLines} l
    where l.id = ${row.orderLineId}::uuid and l.superseded_at is not null)`;
}
