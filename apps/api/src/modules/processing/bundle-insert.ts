import { randomBytes } from 'node:crypto';
import { newBundleCode } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { bundles } from './processing.table.ts';

type NewBundle = Omit<typeof bundles.$inferInsert, 'code'>;

/** Draws before giving up: with 32⁶ codes per client, a second draw is already rare. */
const MAX_DRAWS = 8;

/**
 * Inserts bundles, each with a new code unique in its client. A code another bundle holds — already,
 * or from a completion committing at the same moment — is skipped by `on conflict do nothing` (which
 * waits for that other transaction rather than failing this one) and that bundle draws again. `draw`
 * is the code generator (a test passes one that collides on purpose).
 */
export async function insertBundles(
  tx: Tx,
  rows: readonly NewBundle[],
  draw: () => string = () => newBundleCode(randomBytes),
): Promise<void> {
  let pending = rows;
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_DRAWS) throw new Error(`no free bundle code after ${MAX_DRAWS} draws`);
    const inserted = await tx
      .insert(bundles)
      .values(pending.map((row) => ({ ...row, code: draw() })))
      .onConflictDoNothing({ target: [bundles.clientId, bundles.code] })
      .returning({ scanId: bundles.scanId });
    const done = new Set(inserted.map((row) => row.scanId));
    pending = pending.filter((row) => !done.has(row.scanId));
  }
}
