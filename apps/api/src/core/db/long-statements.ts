import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * The statement timeout of work known to be long (a cutting plan's result, a purge's batch): past the
 * requests' one, yet still bounded, so a hung statement of a job ends too.
 */
export const LONG_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/**
 * Lifts the session's statement timeout for the rest of this transaction only (`SET LOCAL`): the
 * connection goes back to the pool with the requests' timeout.
 */
export async function allowLongStatements(tx: Tx, timeoutMs = LONG_STATEMENT_TIMEOUT_MS): Promise<void> {
  // SET takes no bind parameters; the value is a whole number, never text from outside.
  await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(timeoutMs)}`));
}
