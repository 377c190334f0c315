import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { demandOrders } from './planning.table.ts';

/**
 * An order's drops: each a stop on a site on a date (and a time window), carrying the marks it names.
 * A drop naming no mark carries every mark no other drop of the order names. The order's own date is
 * kept equal to its earliest drop, so the schedule, due warnings and planners' lists follow the drops.
 * `shareToken` is the site contact's unguessable link to the drop (null when revoked or never shared).
 */
export const orderDrops = pgTable(
  'order_drop',
  {
    ...idColumn,
    ...scopeColumns(),
    orderId: uuid()
      .notNull()
      .references(() => demandOrders.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    site: varchar({ length: 200 }).notNull(),
    dropDate: date({ mode: 'string' }).notNull(),
    /** `HH:MM` plant time, both or neither. */
    windowStart: varchar({ length: 5 }),
    windowEnd: varchar({ length: 5 }),
    marks: varchar({ length: 32 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    contact: varchar({ length: 100 }),
    shareToken: varchar({ length: 43 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('order_drop_order_seq_unique').on(table.orderId, table.seq),
    uniqueIndex('order_drop_share_token_unique').on(table.shareToken),
    index('order_drop_product_date_idx').on(table.productId, table.dropDate),
    check('order_drop_seq_positive', sql`${table.seq} > 0`),
  ],
);
