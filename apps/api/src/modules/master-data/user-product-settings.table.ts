import { integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { products } from '../../core/crud/resources.table.ts';
import { ownerUserId } from '../../core/auth/users.table.ts';

/** A user's own overrides of their product's settings (null: the product's value applies). */
export const userProductSettings = pgTable(
  'user_product_settings',
  {
    ...idColumn,
    userId: ownerUserId(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    wasteLength: integer(),
    ...auditColumns,
  },
  (table) => [uniqueIndex('user_product_settings_user_product_key').on(table.userId, table.productId)],
);
