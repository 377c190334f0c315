import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { documentSequences } from './document-sequence.table.ts';

/** `20261121`: documents are numbered per UTC day, whatever the server's time zone. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The next human code of a document, `RC20261121-0001`: per product, prefix and day. One upsert takes
 * the number and locks the counter row until the transaction ends, so concurrent writers queue for it
 * and never share a code; a rolled-back write gives its number back.
 */
export async function nextDocumentCode(tx: Tx, productId: string, prefix: string, at = new Date()): Promise<string> {
  const day = dayOf(at);
  const [taken] = await tx
    .insert(documentSequences)
    .values({ productId, prefix, day, lastValue: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.productId, documentSequences.prefix, documentSequences.day],
      set: { lastValue: sql`${documentSequences.lastValue} + 1` },
    })
    .returning({ value: documentSequences.lastValue });
  if (!taken) throw new Error('document sequence upsert returned no row');
  return `${prefix}${day}-${String(taken.value).padStart(4, '0')}`;
}
