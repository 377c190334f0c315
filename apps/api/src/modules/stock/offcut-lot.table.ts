import { index, integer, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { rebars } from '../master-data/master-data.table.ts';

/**
 * An offcut lot: the offcuts of one spec and exact length a task (or a revision, or a hand entry) kept
 * at one time. Its bars are the tail stock rows naming it (`stock.lot_id`, one per location), so the
 * ledger follows a lot through every move. The heat numbers are those of the steel it was cut from —
 * raw bars' heats, or the heats of the lot a re-used offcut came from — so a heat survives any number
 * of re-uses; empty: heat unknown (offcuts kept before lots existed, or entered by hand without one).
 */
export const offcutLots = pgTable(
  'offcut_lot',
  {
    ...idColumn,
    ...scopeColumns(),
    /** The short code printed under the label's QR (`OC20261130-0001`), typed when a scan fails. */
    code: varchar({ length: 32 }).notNull(),
    /** 128 random bits: the label's QR holds it, so it must not be guessable. */
    scanId: varchar({ length: 32 }).notNull(),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    length: integer().notNull(),
    heatNos: varchar({ length: 50 }).array().notNull().default([]),
    /**
     * The task that cut it (null: a revision, a hand entry or before lots existed). No foreign key:
     * stock sits below processing, which refers to it.
     */
    taskId: uuid(),
    /** The document that made it (the task's code, a revision's or a manual move's `MV…`). */
    sourceCode: varchar({ length: 32 }),
    /** When it was kept: its age, which the optimiser and the aging report go by. */
    madeAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('offcut_lot_code_unique').on(table.productId, table.code),
    uniqueIndex('offcut_lot_scan_unique').on(table.scanId),
    index('offcut_lot_task_idx').on(table.taskId),
  ],
);
