import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { PurchaseListStatus } from '@armature/domain';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';

/**
 * What an approved cutting plan buys, one list per plan. The plan is named by id and code without a
 * foreign key: stock sits below planning, which refers to it.
 */
export const purchaseLists = pgTable(
  'purchase_list',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    cutPlanId: uuid().notNull(),
    cutPlanCode: varchar({ length: 32 }).notNull(),
    status: varchar({ length: 16 }).$type<PurchaseListStatus>().notNull().default('open'),
    neededBy: date({ mode: 'string' }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('purchase_list_code_unique').on(table.productId, table.code),
    uniqueIndex('purchase_list_plan_unique').on(table.cutPlanId),
    index('purchase_list_status_idx').on(table.productId, table.status),
  ],
);

/** Bars of one spec and length a list buys, and how many were received against it. */
export const purchaseListLines = pgTable(
  'purchase_list_line',
  {
    ...idColumn,
    ...scopeColumns(),
    listId: uuid()
      .notNull()
      .references(() => purchaseLists.id, { onDelete: 'cascade' }),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    length: integer().notNull(),
    bars: integer().notNull(),
    weightGrams: bigint({ mode: 'number' }).notNull(),
    receivedBars: integer().notNull().default(0),
  },
  (table) => [
    index('purchase_list_line_list_idx').on(table.listId),
    check('purchase_list_line_bars_positive', sql`${table.bars} > 0`),
    check('purchase_list_line_received_not_negative', sql`${table.receivedBars} >= 0`),
  ],
);
