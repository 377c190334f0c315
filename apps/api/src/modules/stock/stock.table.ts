import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  ReceiptQualityStatus,
  ReceiptStatus,
  StockDirection,
  StockKind,
  StockReason,
  StockSourceType,
} from '@armature/domain';
import { auditColumns, idColumn } from '../../core/db/audit-columns.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { stockLocations } from './stock-location.table.ts';
import { rebarDeliveries } from './rebar-delivery.table.ts';
import { offcutLots } from './offcut-lot.table.ts';

/**
 * A balance: one row per product, kind, rebar spec, length, (raw only, else '') heat number, (finished
 * only) order line, (offcuts only) lot, location and (raw only) quality hold: held bars sit in rows of their own, which cutting
 * plans and consumption never take from.
 * Only the stock-move service writes it, under a row lock, together with its ledger rows; the checks
 * are the database's last word should any other code try.
 */
export const stocks = pgTable(
  'stock',
  {
    ...idColumn,
    ...scopeColumns(),
    kind: varchar({ length: 16 }).$type<StockKind>().notNull(),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    length: integer().notNull(),
    heatNo: varchar({ length: 50 }).notNull().default(''),
    /**
     * Finished pieces are kept per order line (null for every other kind): the plant knows whose pieces
     * lie where. No foreign key: stock sits below planning, which refers to it.
     */
    orderLineId: uuid(),
    /** Raw bars on quality hold (a receipt failed its inspection): out of reach of planning until released. */
    held: boolean().notNull().default(false),
    /**
     * The rack or bin the bars lie at (raw and offcuts; null: not put away yet). Part of the identity:
     * moving bars between locations is an out-move of one row and an in-move of another.
     */
    locationId: uuid().references(() => stockLocations.id),
    /** Offcuts only: the lot the bars belong to (their heats, the task that kept them, their age). */
    lotId: uuid().references(() => offcutLots.id),
    quantity: integer().notNull().default(0),
    weightGrams: bigint({ mode: 'number' }).notNull().default(0),
    /** Ledger rows of this stock: counts a ledger page without scanning the ledger. */
    logCount: integer().notNull().default(0),
    lastMoveTime: timestamp({ withTimezone: true, mode: 'string' }),
    ...auditColumns,
  },
  (table) => [
    unique('stock_identity_unique')
      .on(
        table.productId,
        table.kind,
        table.rebarId,
        table.length,
        table.heatNo,
        table.orderLineId,
        table.held,
        table.locationId,
        table.lotId,
      )
      .nullsNotDistinct(),
    index('stock_product_kind_idx').on(table.productId, table.kind),
    check('stock_quantity_not_negative', sql`${table.quantity} >= 0`),
    check('stock_weight_not_negative', sql`${table.weightGrams} >= 0`),
  ],
);

/**
 * The ledger: append-only (a trigger refuses UPDATE and DELETE). `seq` orders rows as they were
 * written. Pages are read newest first by (time, seq): each filter a page commonly has (none, a spec,
 * a stock row, a reason, a direction) has an index ending in (creation_time, seq), so a time range is
 * an index range, a page's keys come from the index alone and filtered counts need no table scan.
 */
export const stockLogs = pgTable(
  'stock_log',
  {
    ...idColumn,
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    ...scopeColumns(),
    stockId: uuid()
      .notNull()
      .references(() => stocks.id),
    kind: varchar({ length: 16 }).$type<StockKind>().notNull(),
    direction: varchar({ length: 3 }).$type<StockDirection>().notNull(),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    length: integer().notNull(),
    heatNo: varchar({ length: 50 }).notNull().default(''),
    orderLineId: uuid(),
    held: boolean().notNull().default(false),
    locationId: uuid().references(() => stockLocations.id),
    lotId: uuid().references(() => offcutLots.id),
    quantity: integer().notNull(),
    weightGrams: bigint({ mode: 'number' }).notNull(),
    balanceAfter: integer().notNull(),
    balanceWeightGramsAfter: bigint({ mode: 'number' }).notNull(),
    reason: varchar({ length: 16 }).$type<StockReason>().notNull(),
    sourceType: varchar({ length: 32 }).$type<StockSourceType>().notNull(),
    sourceId: uuid(),
    sourceCode: varchar({ length: 32 }),
    remark: varchar({ length: 500 }),
    operatorId: uuid().references(() => users.id),
    /** The operator's name when the move was made: history does not change when a user is renamed. */
    operatorName: varchar({ length: 64 }),
    ...auditColumns,
  },
  (table) => [
    index('stock_log_product_kind_time_idx').on(table.productId, table.kind, table.creationTime, table.seq),
    index('stock_log_stock_time_idx').on(table.stockId, table.creationTime, table.seq),
    index('stock_log_product_kind_rebar_time_idx').on(
      table.productId,
      table.kind,
      table.rebarId,
      table.creationTime,
      table.seq,
    ),
    index('stock_log_product_kind_reason_time_idx').on(
      table.productId,
      table.kind,
      table.reason,
      table.creationTime,
      table.seq,
    ),
    index('stock_log_product_kind_direction_time_idx').on(
      table.productId,
      table.kind,
      table.direction,
      table.creationTime,
      table.seq,
    ),
    index('stock_log_source_idx').on(table.sourceId),
    // Document codes are searched by prefix (`like 'RC2026…%'`), which needs the pattern operator class.
    index('stock_log_product_kind_source_code_idx').on(
      table.productId,
      table.kind,
      table.sourceCode.op('varchar_pattern_ops'),
    ),
    check('stock_log_quantity_positive', sql`${table.quantity} > 0`),
    check('stock_log_direction', sql`${table.direction} in ('in', 'out')`),
  ],
);

/** Raw bars received from a supplier. Never edited: a wrong receipt is reversed. */
export const rebarReceives = pgTable(
  'rebar_receive',
  {
    ...idColumn,
    ...scopeColumns(),
    code: varchar({ length: 32 }).notNull(),
    rebarId: uuid()
      .notNull()
      .references(() => rebars.id),
    supplier: varchar({ length: 100 }).notNull(),
    heatNo: varchar({ length: 50 }).notNull(),
    length: integer().notNull(),
    bundles: integer().notNull(),
    barCount: integer().notNull(),
    weightGrams: bigint({ mode: 'number' }).notNull(),
    /** Grams on the weighbridge, null when not weighed; stock books the theoretical `weight_grams`. */
    weighedGrams: bigint({ mode: 'number' }),
    /** The delivery note this receipt is a line of; null for a receipt made alone (all before notes existed). */
    deliveryId: uuid().references(() => rebarDeliveries.id),
    /** Where the bars were put away when received (null: not put away); later moves are ledger rows. */
    locationId: uuid().references(() => stockLocations.id),
    receiveDate: date({ mode: 'string' }).notNull(),
    remark: varchar({ length: 500 }),
    status: varchar({ length: 16 }).$type<ReceiptStatus>().notNull().default('received'),
    qualityStatus: varchar({ length: 16 }).$type<ReceiptQualityStatus>().notNull().default('uninspected'),
    /** Bars of this receipt moved to held stock by a failed inspection and not yet released or returned. */
    heldQuantity: integer().notNull().default(0),
    reversedTime: timestamp({ withTimezone: true, mode: 'string' }),
    reversedBy: uuid().references(() => users.id),
    reverseReason: varchar({ length: 200 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('rebar_receive_code_unique').on(table.productId, table.code),
    index('rebar_receive_product_date_idx').on(table.productId, table.receiveDate),
    index('rebar_receive_delivery_idx').on(table.deliveryId),
  ],
);
