import { boolean, pgTable, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../db/audit-columns.ts';
import { clients } from '../crud/resources.table.ts';
import { ownerUserId } from './users.table.ts';

export const roles = pgTable(
  'roles',
  {
    ...idColumn,
    name: varchar({ length: 32 }).notNull(),
    description: varchar({ length: 256 }),
    /** The built-in `admin` role: cannot be renamed, deleted or have its grants edited. */
    isStatic: boolean().notNull().default(false),
    /**
     * The client whose role it is; null for the maker's roles, which clients may assign as templates but
     * not edit. A client's roles go with the client.
     */
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    ...auditColumns,
  },
  // One name per client, templates (null) included; that a client's role does not take a template's
  // name is checked on write (roles.routes.ts), so a name resolves to one role for any client.
  (table) => [unique('roles_client_name_key').on(table.clientId, table.name).nullsNotDistinct()],
);

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
