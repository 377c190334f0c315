import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  AlarmSeverity,
  ChangeoverMatrix,
  OperationStatus,
  SaleStatus,
  ShiftCalendar,
  ThroughputBand,
} from '@armature/domain';
import { auditColumns, idColumn, instant } from '../../core/db/audit-columns.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { productTypes } from '../master-data/master-data.table.ts';

/**
 * A machine the maker built: global (maker-side) data that records the client it went to and the line
 * it is installed on. Its live state is in `equipment_live`, its history in the telemetry tables.
 */
export const equipment = pgTable(
  'equipment',
  {
    ...idColumn,
    serialNumber: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    spec: varchar({ length: 100 }).notNull(),
    figureNo: varchar({ length: 64 }),
    productTypeId: uuid().references(() => productTypes.id),
    clientId: uuid().references(() => clients.id),
    productId: uuid().references(() => products.id),
    creatorName: varchar({ length: 50 }),
    productionDate: date({ mode: 'string' }),
    saleStatus: varchar({ length: 16 }).$type<SaleStatus>().notNull().default('inStock'),
    techniqueIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    diameterMin: integer(),
    diameterMax: integer(),
    idealRate: numeric({ precision: 10, scale: 2, mode: 'number' }),
    throughput: jsonb().$type<ThroughputBand[]>().notNull().default([]),
    /** Tasks it may run at once; starting one more is refused. */
    concurrentTasks: smallint().notNull().default(1),
    shiftCalendar: jsonb().$type<ShiftCalendar>().notNull(),
    /** Setup times between jobs (diameter, tool family, pairs of diameters): what the scheduler charges. */
    changeover: jsonb()
      .$type<ChangeoverMatrix>()
      .notNull()
      .default(sql`'{"diameterMinutes":15,"familyMinutes":0,"pairs":[]}'::jsonb`),
    remark: varchar({ length: 500 }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex('equipment_serial_number_unique').on(table.serialNumber),
    index('equipment_client_idx').on(table.clientId),
    index('equipment_product_idx').on(table.productId),
    check('equipment_sale_status', sql`${table.saleStatus} in ('inStock', 'sold', 'leased')`),
  ],
);

/**
 * A machine's MQTT login: user name = its serial number, password stored as a scrypt hash. Issuing
 * new credentials replaces the row (the old password stops working).
 */
export const equipmentCredentials = pgTable('equipment_credential', {
  equipmentId: uuid()
    .primaryKey()
    .references(() => equipment.id, { onDelete: 'cascade' }),
  username: varchar({ length: 64 }).notNull().unique(),
  passwordHash: varchar({ length: 256 }).notNull(),
  issuedAt: instant().notNull().defaultNow(),
  issuerId: uuid(),
});

/**
 * The current state of each machine: one small row, updated in place by the ingest (or by hand for a
 * machine without telemetry). The last counters are kept to turn the next cumulative values into deltas.
 */
export const equipmentLive = pgTable('equipment_live', {
  equipmentId: uuid()
    .primaryKey()
    .references(() => equipment.id, { onDelete: 'cascade' }),
  state: varchar({ length: 16 }).$type<OperationStatus>().notNull().default('offline'),
  mode: varchar({ length: 16 }),
  since: instant(),
  lastSeen: instant(),
  pieces: bigint({ mode: 'number' }),
  good: bigint({ mode: 'number' }),
  scrap: bigint({ mode: 'number' }),
  countersAt: instant(),
  alarmCode: varchar({ length: 32 }),
  alarmText: varchar({ length: 200 }),
  alarmSeverity: varchar({ length: 16 }).$type<AlarmSeverity>(),
  alarmSince: instant(),
});

/**
 * State history, one row per interval (`endedAt` null while it lasts): the timeline and OEE's run time.
 * Time-ordered by its bigint key, read by (equipment, start); the purge job deletes by `startedAt`.
 */
export const equipmentStateIntervals = pgTable(
  'equipment_state_interval',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    equipmentId: uuid()
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    state: varchar({ length: 16 }).$type<OperationStatus>().notNull(),
    mode: varchar({ length: 16 }),
    startedAt: instant().notNull(),
    endedAt: instant(),
    /** `telemetry`, `will` (the broker's last will), `manual`, or `silence` (no message for too long). */
    source: varchar({ length: 16 }).notNull(),
    /** Who set a manual status, and why (`changing the blade`); null for the other sources. */
    userId: uuid(),
    remark: varchar({ length: 200 }),
  },
  (table) => [
    index('equipment_state_interval_equipment_time_idx').on(table.equipmentId, table.startedAt),
    index('equipment_state_interval_time_idx').on(table.startedAt),
  ],
);

/** Every counters message: the cumulative values and what they add since the previous one. */
export const equipmentCounterSamples = pgTable(
  'equipment_counter_sample',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    equipmentId: uuid()
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    at: instant().notNull(),
    pieces: bigint({ mode: 'number' }).notNull(),
    good: bigint({ mode: 'number' }).notNull(),
    scrap: bigint({ mode: 'number' }).notNull(),
    deltaPieces: integer().notNull(),
    deltaGood: integer().notNull(),
    deltaScrap: integer().notNull(),
    /** The machine's counter went backwards: it was reset. */
    reset: boolean().notNull().default(false),
  },
  (table) => [
    index('equipment_counter_sample_equipment_time_idx').on(table.equipmentId, table.at),
    index('equipment_counter_sample_time_idx').on(table.at),
    // Resets are rare: with them found at once, the production of a window is its last cumulative
    // values less its first (two index probes) instead of a sum over every sample (the digital twin).
    index('equipment_counter_sample_reset_idx')
      .on(table.equipmentId, table.at)
      .where(sql`${table.reset}`),
  ],
);

/** Alarms as raised and cleared (`clearedAt` null while active). */
export const equipmentAlarms = pgTable(
  'equipment_alarm',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    equipmentId: uuid()
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    code: varchar({ length: 32 }).notNull(),
    text: varchar({ length: 200 }).notNull(),
    severity: varchar({ length: 16 }).$type<AlarmSeverity>().notNull(),
    raisedAt: instant().notNull(),
    clearedAt: instant(),
  },
  (table) => [
    index('equipment_alarm_equipment_time_idx').on(table.equipmentId, table.raisedAt),
    index('equipment_alarm_time_idx').on(table.raisedAt),
  ],
);

/**
 * What the ingest took and dropped, per reason (`accepted`, `counterReset`, and each rejection), summed
 * over every API process: each adds its counts every few seconds.
 */
export const telemetryIngestStats = pgTable('telemetry_ingest_stat', {
  reason: varchar({ length: 32 }).primaryKey(),
  count: numeric({ precision: 20, scale: 0, mode: 'number' }).notNull().default(0),
  lastAt: instant(),
  lastTopic: varchar({ length: 300 }),
  lastSerialNumber: varchar({ length: 64 }),
  since: instant().notNull().defaultNow(),
});
