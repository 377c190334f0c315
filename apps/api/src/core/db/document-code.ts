import { eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@armature/domain';
import type { Tx } from './client.ts';
import { documentSequences } from './document-sequence.table.ts';
import { products } from '../crud/resources.table.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `20261121`: the calendar day of `at` in `timeZone` (IANA). A plant numbers its documents by its own
 * day: at 01:30 in Shanghai it is already the 22nd there while UTC still says the 21st.
 */
export function dayIn(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}`;
}

/** The product's time zone (its plant's), Asia/Shanghai when the product has none. */
async function timeZoneOf(tx: Tx, productId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, productId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The statement that takes the next human code of a document, `RC20261121-0001` (column `code`): per
 * product, prefix and the product's own day (in its time zone, which the statement reads: one statement,
 * not two). The upsert takes the number and locks the counter row until the transaction ends, so
 * concurrent writers queue for it and never share a code; a rolled-back write gives its number back. A
 * writer takes its number as late in its transaction as it can: the row is held from then to the commit.
 * `when` (SQL) takes it only when it holds: a statement creating its document only in some case (a
 * data-modifying CTE) takes no number and no lock otherwise.
 */
export function takeDocumentCode(productId: string, prefix: string, at: Date, when: SQL = sql`true`): SQL {
  // PostgreSQL's zone rules agree with Intl's (`dayIn`) for every plant time zone (a test keeps this true).
  const timeZone = sql`coalesce((select ${products.timeZone} from ${products} where ${products.id} = ${productId}::uuid), ${DEFAULT_TIME_ZONE}::text)`;
  return sql`insert into ${documentSequences} (product_id, prefix, day, last_value)
    select ${productId}::uuid, ${prefix}::varchar, to_char(${at.toISOString()}::timestamptz at time zone ${timeZone}, 'YYYYMMDD'), 1
    where ${when}
    on conflict (product_id, prefix, day) do update set last_value = ${documentSequences.lastValue} + 1
    returning prefix || day || '-' || lpad(last_value::text, greatest(4, length(last_value::text)), '0') as code`;
}

/** The next human code of a document (`takeDocumentCode`), now unless the document is of another time. */
export async function nextDocumentCode(tx: Tx, productId: string, prefix: string, at = new Date()): Promise<string> {
  const { rows } = (await tx.execute(takeDocumentCode(productId, prefix, at))) as unknown as {
    rows: { code: string }[];
  };
  return rows[0]!.code;
}

/**
 * The next codes of several documents of one prefix, in the order of `ats` (each numbered on its own
 * day): one upsert per day takes that day's whole block of numbers, so a writer of many documents (a
 * release of hundreds of tasks) holds each day's counter row for one statement's worth of work, not
 * for a statement per document.
 */
export async function nextDocumentCodes(
  tx: Tx,
  productId: string,
  prefix: string,
  ats: readonly Date[],
): Promise<string[]> {
  if (!ats.length) return [];
  const timeZone = await timeZoneOf(tx, productId);
  const days = ats.map((at) => dayIn(at, timeZone));
  const counts = new Map<string, number>();
  for (const day of days) counts.set(day, (counts.get(day) ?? 0) + 1);
  const next = new Map<string, number>();
  // Days in order: two writers spanning the same days lock their counter rows in one order.
  for (const day of [...counts.keys()].sort()) {
    const count = counts.get(day)!;
    const [taken] = await tx
      .insert(documentSequences)
      .values({ productId, prefix, day, lastValue: count })
      .onConflictDoUpdate({
        target: [documentSequences.productId, documentSequences.prefix, documentSequences.day],
        set: { lastValue: sql`${documentSequences.lastValue} + excluded.last_value` },
      })
      .returning({ value: documentSequences.lastValue });
    if (!taken) throw new Error('document sequence upsert returned no row');
    next.set(day, taken.value - count + 1);
  }
  return days.map((day) => {
    const value = next.get(day)!;
    next.set(day, value + 1);
    return `${prefix}${day}-${String(value).padStart(4, '0')}`;
  });
}
