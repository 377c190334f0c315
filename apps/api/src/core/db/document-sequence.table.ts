import { integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { products } from '../crud/resources.table.ts';

/**
 * Human document codes (`RC20261121-0001`): the last number used per product, prefix and day. Taking
 * a number is one upsert that locks the row, so concurrent writers never get the same code.
 */
export const documentSequences = pgTable(
  'document_sequence',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id),
    prefix: varchar({ length: 8 }).notNull(),
    day: varchar({ length: 8 }).notNull(),
    lastValue: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.prefix, table.day] })],
);
