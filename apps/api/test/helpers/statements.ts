import type { Db, Tx } from '../../src/core/db/client.ts';

/**
 * The statements `work` sends through drizzle in one transaction: counted on that transaction's own session
 * (its savepoints share it), so the app's other work meanwhile (jobs, telemetry) counts nothing. Counted where
 * drizzle prepares them (either driver), the transaction's BEGIN and COMMIT aside.
 */
export async function countedStatements(db: Db, work: (tx: Tx) => Promise<unknown>) {
  let statements = 0;
  await db.transaction(async (tx) => {
    const session = (tx as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
    const prepare = session.prepareQuery.bind(session);
    session.prepareQuery = (...args: unknown[]) => {
      // node-postgres's session sends the transaction's COMMIT as a statement of its own; PGlite's does not.
      if (!/^(commit|rollback)$/i.test((args[0] as { sql?: string }).sql ?? '')) statements += 1;
      return prepare(...args);
    };
    await work(tx);
  });
  return statements;
}
