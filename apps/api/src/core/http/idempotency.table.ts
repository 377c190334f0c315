import { integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../db/audit-columns.ts';
import { ownerUserId } from '../auth/users.table.ts';

/** Idempotency-Key records: the stored answer of a write, saved in the write's own transaction. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    ...idColumn,
    userId: ownerUserId(),
    key: varchar({ length: 128 }).notNull(),
    method: varchar({ length: 8 }).notNull(),
    url: varchar({ length: 2048 }).notNull(),
    /** SHA-256 of method, url and body: the same key with another request answers 422. */
    requestHash: varchar({ length: 64 }),
    /** Null while the first request is still in flight. */
    status: integer(),
    body: jsonb(),
    ...auditColumns,
  },
  (table) => [uniqueIndex('idempotency_keys_user_key').on(table.userId, table.key)],
);
