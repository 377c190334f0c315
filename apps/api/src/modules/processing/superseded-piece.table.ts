import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Disposition } from '@armature/domain';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { demandOrderLines } from '../planning/planning.table.ts';

/**
 * What was done with the loose pieces of a superseded line at one cut length: pieces cut for a
 * bender and never bent, so never bundled and held by no stock row. Decided once per line and length, like
 * a superseded bundle: re-used for another mark (`targetLineId`), kept as an offcut lot or scrapped.
 */
export const supersededPieceDisposals = pgTable(
  'superseded_piece_disposal',
  {
    ...idColumn,
    ...scopeColumns(),
    orderLineId: uuid()
      .notNull()
      .references(() => demandOrderLines.id, { onDelete: 'cascade' }),
    length: integer().notNull(),
    pieces: integer().notNull(),
    weightGrams: bigint({ mode: 'number' }).notNull(),
    action: varchar({ length: 8 }).$type<Disposition>().notNull(),
    /** The mark the pieces were re-used for. */
    targetLineId: uuid().references(() => demandOrderLines.id, { onDelete: 'set null' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    userName: varchar({ length: 64 }),
    disposedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('superseded_piece_disposal_line_length').on(table.orderLineId, table.length),
    check('superseded_piece_disposal_action', sql`${table.action} in ('reuse', 'offcut', 'scrap')`),
    check('superseded_piece_disposal_pieces', sql`${table.pieces} > 0`),
  ],
);
