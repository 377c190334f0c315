import { pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './audit-columns.ts';
import { ownerUserId } from './users.table.ts';

export const clients = pgTable('clients', {
  ...idColumn,
  code: varchar({ length: 32 }).notNull().unique(),
  companyName: varchar({ length: 128 }).notNull(),
  legalRepresentative: varchar({ length: 64 }),
  companyAddress: varchar({ length: 256 }),
  telephone: varchar({ length: 32 }),
  status: varchar({ length: 16, enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  description: varchar({ length: 512 }),
  ...auditColumns,
});

export const products = pgTable('products', {
  ...idColumn,
  code: varchar({ length: 32 }).notNull().unique(),
  name: varchar({ length: 128 }).notNull(),
  clientId: uuid()
    .notNull()
    .references(() => clients.id),
  status: varchar({ length: 16, enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  description: varchar({ length: 512 }),
  ...auditColumns,
});

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
