import { index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { stockLocations } from './stock-location.table.ts';
import { offcutLots } from './offcut-lot.table.ts';

/**
 * A count sheet posted for one location (`ST…`): kept as counted, never edited. Its differences went
 * into the ledger as `adjustment` rows under it (source type `manual`, its code and id).
 */
export const stockTakes = pgTable(
  'stock_take',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    locationId: uuid()
      .notNull()
      .references(() => stockLocations.id),
    remark: varchar({ length: 500 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('stock_take_code_unique').on(table.productId, table.code),
    index('stock_take_product_time_idx').on(table.productId, table.creationTime),
  ],
);

/** One row of a sheet: the book before the count, what was counted, and the difference posted. */
export const stockTakeLines = pgTable(
  'stock_take_line',
  {
    ...idColumn,
    stockTakeId: uuid()
      .notNull()
      .references(() => stockTakes.id),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    length: integer().notNull(),
    heatNo: varchar({ length: 50 }).notNull(),
    /** An offcut lot counted by its label (heat number ''); null: raw bars. */
    lotId: uuid().references(() => offcutLots.id),
    book: integer().notNull(),
    counted: integer().notNull(),
    difference: integer().notNull(),
  },
  (table) => [index('stock_take_line_take_idx').on(table.stockTakeId)],
);
