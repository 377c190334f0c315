import { boolean, index, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { UserPreferences } from '@armature/domain';
import { auditColumns, idColumn } from '../db/audit-columns.ts';
import { clients } from '../crud/resources.table.ts';

export const users = pgTable(
  'users',
  {
    ...idColumn,
    userName: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    email: varchar({ length: 128 }),
    telephone: varchar({ length: 32 }),
    status: varchar({ length: 16, enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** `scrypt$N$r$p$salt$hash`; never leaves the server. */
    passwordHash: varchar({ length: 256 }).notNull(),
    usesDemoPassword: boolean().notNull().default(false),
    passwordResetRequested: boolean().notNull().default(false),
    remark: varchar({ length: 256 }),
    /**
     * The client (company) the user works for; null for the equipment maker's staff. Only admins manage
     * maker staff; a non-admin user manager manages the users of their own client only.
     */
    clientId: uuid().references(() => clients.id),
    /** Theme, density and muted notification kinds (UserPreferences); absent keys take the defaults. */
    preferences: jsonb().$type<Partial<UserPreferences>>().notNull().default({}),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${table.userName})`),
    index('users_client_id_idx').on(table.clientId),
  ],
);

/** A row that belongs to one user and goes with them when the user is deleted. */
export function ownerUserId() {
  return uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}
