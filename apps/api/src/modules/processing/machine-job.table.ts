import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { MachineJob, MachineJobState, WithdrawalReason } from '@armature/domain';
import { idColumn, instant } from '../../core/db/audit-columns.ts';
import { scopeColumns } from '../../core/crud/resources.table.ts';
import { equipment } from '../equipment/equipment.table.ts';
import { tasks } from './processing.table.ts';

/**
 * A task sent to a machine over MQTT (docs/telemetry.md "Jobs"), written in the transaction that
 * dispatched it: the outbox the publisher sends from after commit (`sentAt` null until the broker took
 * it), and the job's state by the machine's last word. `seq` identifies the job in the protocol: a task
 * sent again (after a rejection, to another machine) is a new job with a new sequence. A withdrawal is
 * written on the job it withdraws and sent the same way.
 */
export const machineJobs = pgTable(
  'machine_job',
  {
    ...idColumn,
    ...scopeColumns(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    equipmentId: uuid()
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    payload: jsonb().$type<MachineJob>().notNull(),
    state: varchar({ length: 16 }).$type<MachineJobState>().notNull().default('sent'),
    /** The cumulative counts the machine last reported for the job. */
    good: integer().notNull().default(0),
    scrap: integer().notNull().default(0),
    createdAt: instant().notNull().defaultNow(),
    sentAt: instant(),
    stateAt: instant(),
    withdrawReason: varchar({ length: 16 }).$type<WithdrawalReason>(),
    withdrawnAt: instant(),
    withdrawalSentAt: instant(),
  },
  (table) => [
    uniqueIndex('machine_job_seq_unique').on(table.seq),
    index('machine_job_task_idx').on(table.taskId),
    // The publisher's outbox: what is still to be sent, by machine.
    index('machine_job_unsent_idx')
      .on(table.equipmentId, table.seq)
      .where(sql`${table.sentAt} is null or (${table.withdrawnAt} is not null and ${table.withdrawalSentAt} is null)`),
    check(
      'machine_job_state_check',
      sql`${table.state} in ('sent', 'accepted', 'started', 'paused', 'completed', 'rejected', 'withdrawn')`,
    ),
  ],
);
