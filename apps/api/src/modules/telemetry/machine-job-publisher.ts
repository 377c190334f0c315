import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { machineJobTopic, type MachineJobMessage } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { equipment } from '../equipment/index.ts';
import { machineJobs } from '../processing/index.ts';

/** Jobs published per round; a longer outbox takes several rounds in a row. */
const BATCH = 200;
/** A round waits this long for the broker's acknowledgements before it gives up (the rows are sent again later). */
const ACK_TIMEOUT_MS = 10_000;

const lineClients = alias(clients, 'job_line_client');

/**
 * Sends the outbox of `machine_job` (written by dispatch, re-assignment and cancellation in their
 * transactions) down each machine's `…/job` topic with QoS 1, in sequence order, and marks each row sent
 * once the broker acknowledged it. It runs when woken (a commit announced new jobs, the broker connection
 * came up) and on a timer, so nothing waits for a lost wake-up. A round cut off by a dropped connection
 * leaves its unacknowledged rows to the next: a job may then arrive twice, as QoS 1 allows; machines know
 * a job by its task and sequence. With several API processes each may send a job before another marks it
 * sent — the same duplicate, never a loss.
 */
export class MachineJobPublisher {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  #client: MqttClient | null = null;
  #running: Promise<void> | null = null;
  #again = false;

  constructor(options: { db: Db; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#log = options.log;
  }

  attach(client: MqttClient | null): void {
    this.#client = client;
  }

  /** Runs a round now, or right after the one running. */
  wake(): void {
    this.#again = true;
    this.#running ??= this.#rounds().finally(() => (this.#running = null));
  }

  /** Resolves when no round runs (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #rounds(): Promise<void> {
    while (this.#again) {
      this.#again = false;
      try {
        if (await this.#round()) this.#again = true;
      } catch (error) {
        this.#log.error({ err: error }, 'machine jobs could not be published: they are sent again later');
        return;
      }
    }
  }

  /** One batch sent; whether more may wait. */
  async #round(): Promise<boolean> {
    const client = this.#client;
    if (!client?.connected) return false;
    const rows = await this.#db
      .select({
        id: machineJobs.id,
        seq: machineJobs.seq,
        taskId: machineJobs.taskId,
        payload: machineJobs.payload,
        sentAt: machineJobs.sentAt,
        withdrawnAt: machineJobs.withdrawnAt,
        withdrawReason: machineJobs.withdrawReason,
        serialNumber: equipment.serialNumber,
        productCode: products.code,
        clientCode: lineClients.code,
      })
      .from(machineJobs)
      .innerJoin(equipment, eq(equipment.id, machineJobs.equipmentId))
      .leftJoin(products, eq(products.id, equipment.productId))
      .leftJoin(lineClients, eq(lineClients.id, products.clientId))
      .where(
        or(isNull(machineJobs.sentAt), and(isNotNull(machineJobs.withdrawnAt), isNull(machineJobs.withdrawalSentAt))),
      )
      .orderBy(asc(machineJobs.seq))
      .limit(BATCH);
    const sends: Promise<void>[] = [];
    for (const row of rows) {
      const at = isoNow();
      // Withdrawn before it was ever sent: the machine never hears of it.
      if (!row.sentAt && row.withdrawnAt) {
        sends.push(this.#mark(row.id, { sentAt: at, withdrawalSentAt: at }));
        continue;
      }
      // A machine taken off its line has no topic: its jobs wait until it is on one again.
      if (!row.clientCode || !row.productCode) continue;
      const topic = machineJobTopic(
        { clientCode: row.clientCode, productCode: row.productCode, serialNumber: row.serialNumber },
        'job',
      );
      const message: MachineJobMessage = row.sentAt
        ? {
            type: 'withdrawal',
            taskId: row.taskId,
            seq: row.seq,
            reason: row.withdrawReason ?? 'cancelled',
            issuedAt: toIso(row.withdrawnAt!),
          }
        : { ...row.payload, seq: row.seq };
      sends.push(
        client
          .publishAsync(topic, JSON.stringify(message), { qos: 1 })
          .then(() => this.#mark(row.id, row.sentAt ? { withdrawalSentAt: isoNow() } : { sentAt: isoNow() })),
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the broker did not acknowledge the jobs in time')), ACK_TIMEOUT_MS);
    });
    try {
      await Promise.race([Promise.all(sends), timeout]);
    } finally {
      clearTimeout(timer);
    }
    // Rows skipped (a machine on no line) come first again: only a round that sent something goes on.
    return rows.length === BATCH && sends.length > 0;
  }

  async #mark(id: string, set: { sentAt?: string; withdrawalSentAt?: string }) {
    await this.#db.update(machineJobs).set(set).where(eq(machineJobs.id, id));
  }
}
