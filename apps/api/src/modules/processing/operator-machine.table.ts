import { pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { ownerUserId } from '../../core/auth/users.table.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { equipment } from '../equipment/equipment.table.ts';

/**
 * The machine an operator works in a product, kept on the server so that any phone or plant PC they
 * sign in on opens its queue (chosen once on the operator page, or bound by whoever administers them).
 */
export const operatorMachines = pgTable(
  'operator_machine',
  {
    ...idColumn,
    ...scopeColumns(),
    userId: ownerUserId(),
    equipmentId: uuid()
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    ...auditColumns,
  },
  (table) => [uniqueIndex('operator_machine_user_product_unique').on(table.userId, table.productId)],
);
