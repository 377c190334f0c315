import { boolean, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../db/audit-columns.ts';
import { ownerUserId } from './users.table.ts';

export const roles = pgTable('roles', {
  ...idColumn,
  name: varchar({ length: 32 }).notNull().unique(),
  description: varchar({ length: 256 }),
  /** The built-in `admin` role: cannot be renamed, deleted or have its grants edited. */
  isStatic: boolean().notNull().default(false),
  ...auditColumns,
});

export const userRoles = pgTable(
  'user_roles',
  {
    ...idColumn,
    userId: ownerUserId(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    ...auditColumns,
  },
  (table) => [uniqueIndex('user_roles_user_role_key').on(table.userId, table.roleId)],
);

/** Grants by role (provider `R`); the key is the role id so a rename keeps them. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    ...idColumn,
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    name: varchar({ length: 128 }).notNull(),
    ...auditColumns,
  },
  (table) => [uniqueIndex('role_permissions_role_name_key').on(table.roleId, table.name)],
);

/** Grants to one user (provider `U`), added to what their roles grant. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    ...idColumn,
    userId: ownerUserId(),
    name: varchar({ length: 128 }).notNull(),
    ...auditColumns,
  },
  (table) => [uniqueIndex('user_permissions_user_name_key').on(table.userId, table.name)],
);
