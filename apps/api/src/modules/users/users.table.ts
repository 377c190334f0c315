import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { ownerUserId } from '../../core/auth/users.table.ts';

export const passwordResetTokens = pgTable('password_reset_tokens', {
  ...idColumn,
  userId: ownerUserId(),
  tokenHash: varchar({ length: 64 }).notNull().unique(),
  expiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'string' }),
  ...auditColumns,
});
