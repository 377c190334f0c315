import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../db/audit-columns.ts';
import { ownerUserId } from './users.table.ts';

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one sign-in and all its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...idColumn,
    userId: ownerUserId(),
    familyId: uuid().notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'string' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'string' }),
    ...auditColumns,
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

/** Failed sign-ins, counted per user name and per IP over a sliding window (shared by every instance). */
export const loginFailures = pgTable(
  'login_failures',
  {
    ...idColumn,
    /** `user:<lower-case name>` or `ip:<address>`. */
    subject: varchar({ length: 160 }).notNull(),
    ...auditColumns,
  },
  (table) => [index('login_failures_subject_time_idx').on(table.subject, table.creationTime)],
);
