import { pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../db/audit-columns.ts';
import { clients, products } from '../crud/resources.table.ts';
import { ownerUserId } from '../auth/users.table.ts';

/** The products (plants) a non-admin user may work in. */
export const userProducts = pgTable(
  'user_products',
  {
    ...idColumn,
    userId: ownerUserId(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    ...auditColumns,
  },
  (table) => [uniqueIndex('user_products_user_product_key').on(table.userId, table.productId)],
);

/** Each user's current client and product, kept server-side so every API instance sees it. */
export const userSelections = pgTable('user_selections', {
  ...idColumn,
  userId: ownerUserId().unique(),
  clientId: uuid()
    .notNull()
    .references(() => clients.id),
  productId: uuid()
    .notNull()
    .references(() => products.id),
  ...auditColumns,
});
