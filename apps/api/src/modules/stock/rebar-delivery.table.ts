import { date, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';

/**
 * A mill's delivery note: one truck, several lines. Each line is a receipt (`rebar_receive` with this
 * `delivery_id`), so a heat is inspected, held, certified and reversed on its own line; the note only
 * groups them. Never edited, like its receipts.
 */
export const rebarDeliveries = pgTable(
  'rebar_delivery',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    supplier: varchar({ length: 100 }).notNull(),
    deliveryNoteNo: varchar({ length: 50 }),
    receiveDate: date({ mode: 'string' }).notNull(),
    remark: varchar({ length: 500 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('rebar_delivery_code_unique').on(table.productId, table.code),
    index('rebar_delivery_product_date_idx').on(table.productId, table.receiveDate),
  ],
);
