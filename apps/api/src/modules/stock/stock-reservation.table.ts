import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { stocks } from './stock.table.ts';

/**
 * Bars of a stock row promised to a document (an approved cutting plan) but not yet taken out: the
 * ledger is untouched until they are really cut. A stock row's available quantity is its balance less
 * its reservations. Written under the stock row's lock (`reserveStock`), deleted when released.
 */
export const stockReservations = pgTable(
  'stock_reservation',
  {
    ...idColumn,
    ...scopeColumns(),
    stockId: uuid()
      .notNull()
      .references(() => stocks.id),
    quantity: integer().notNull(),
    /** What holds them: `cutPlan`, and its id and code (named in messages). */
    sourceType: varchar({ length: 32 }).notNull(),
    sourceId: uuid().notNull(),
    sourceCode: varchar({ length: 32 }),
    ...auditColumns,
  },
  (table) => [
    index('stock_reservation_stock_idx').on(table.stockId),
    index('stock_reservation_source_idx').on(table.sourceId),
    check('stock_reservation_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
