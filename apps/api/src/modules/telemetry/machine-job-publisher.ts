import { and, asc, eq, inArray, isNotNull, isNull, not, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { machineJobTopic, type MachineJobMessage } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { equipment } from '../equipment/index.ts';
import { jobWaitsForCut, machineJobs } from '../processing/index.ts';

/** Jobs published per round; a longer outbox takes several rounds in a row. */
const BATCH = 200;
/** A round waits this long for the broker's acknowledgements before it gives up (the rows are sent again later). */
const ACK_TIMEOUT_MS = 10_000;

const lineClients = alias(clients, 'job_line_client');

/**
 * Where a test holds a round between the broker's acknowledgements and the marking of its rows sent: the
 * window in which a machine may subscribe again (`resend`) and must still get its jobs. Null in the product.
 */
export const publishRoundSeam: { beforeMark: ((taskIds: readonly string[]) => Promise<void>) | null } = {
  beforeMark: null,
};

/**
 * Sends the outbox of `machine_job` (written by dispatch, re-assignment and cancellation in their
 * transactions) down each machine's `…/job` topic with QoS 1, in sequence order, and marks each row sent
 * once the broker acknowledged it. It runs when woken (a commit announced new jobs, the broker connection
 * came up) and on a timer, so nothing waits for a lost wake-up. A round cut off by a dropped connection
 * leaves its unacknowledged rows to the next: a job may then arrive twice, as QoS 1 allows; machines know
 * a job by its task and sequence. With several API processes each may send a job before another marks it
 * sent — the same duplicate, never a loss. A bend job whose cut task has not ended waits (`jobWaitsForCut`); the
 * cut's end wakes the publishers.
 */
export class MachineJobPublisher {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  #client: MqttClient | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  /**
   * Machines that subscribed again (`resend`) since the running round began: what the round sent them may
   * have gone out before they listened, so it is not marked sent and the next round sends it again.
   */
  readonly #resentDuringRound = new Set<string>();

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

  /**
   * The machine subscribed to its jobs on the embedded broker, whose persistent sessions end with the process:
   * what it was sent and has not answered (not even `accepted`) is sent again in sequence order — the jobs,
   * and the withdrawals of jobs it had not started. A machine that had them all along drops the repeats (it
   * knows a job by its task and sequence), as QoS 1 asks of it anyway.
   */
  async resend(serialNumber: string): Promise<void> {
    // Before anything is cleared: a round running now must not mark this machine's jobs sent afterwards.
    this.#resentDuringRound.add(serialNumber);
    const [machine] = await this.#db
      .select({ id: equipment.id })
      .from(equipment)
      .where(eq(equipment.serialNumber, serialNumber));
    if (!machine) return;
    const unanswered = and(eq(machineJobs.equipmentId, machine.id), eq(machineJobs.state, 'sent'));
    await this.#db
      .update(machineJobs)
      .set({ sentAt: null })
      .where(and(unanswered, isNull(machineJobs.withdrawnAt), isNotNull(machineJobs.sentAt)));
    await this.#db
      .update(machineJobs)
      .set({ withdrawalSentAt: null })
      .where(
        and(
          eq(machineJobs.equipmentId, machine.id),
          inArray(machineJobs.state, ['sent', 'accepted']),
          isNotNull(machineJobs.withdrawalSentAt),
        ),
      );
    this.wake();
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
    this.#resentDuringRound.clear();
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
        or(
          and(isNull(machineJobs.sentAt), or(isNotNull(machineJobs.withdrawnAt), not(jobWaitsForCut))),
          and(isNotNull(machineJobs.withdrawnAt), isNull(machineJobs.withdrawalSentAt)),
        ),
      )
      .orderBy(asc(machineJobs.seq))
      .limit(BATCH);
    // Marked together once acknowledged (two statements a round, not one a job): a round that was over
    // sooner lets the next dispatch's jobs go sooner.
    const sent: string[] = [];
    const withdrawalsSent: string[] = [];
    const sends: Promise<unknown>[] = [];
    for (const row of rows) {
      // Withdrawn before it was ever sent: the machine never hears of it.
      if (!row.sentAt && row.withdrawnAt) {
        sent.push(row.id);
        withdrawalsSent.push(row.id);
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
          .then(() => (row.sentAt ? withdrawalsSent : sent).push(row.id)),
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
      await publishRoundSeam.beforeMark?.(rows.map((row) => row.taskId));
      // What the broker acknowledged is marked even when the rest failed or timed out — but not what went to
      // a machine that subscribed again meanwhile (its `resend` woke the next round, which sends it again).
      const resent = new Set(rows.filter((row) => this.#resentDuringRound.has(row.serialNumber)).map((row) => row.id));
      const kept = (ids: string[]) => ids.filter((id) => !resent.has(id));
      await this.#mark(kept(sent), { sentAt: isoNow() });
      await this.#mark(kept(withdrawalsSent), { withdrawalSentAt: isoNow() });
    }
    // Rows skipped (a machine on no line) come first again: only a round that sent something goes on.
    return rows.length === BATCH && sends.length > 0;
  }

  async #mark(ids: readonly string[], set: { sentAt?: string; withdrawalSentAt?: string }) {
    if (ids.length > 0)
      await this.#db
        .update(machineJobs)
        .set(set)
        .where(inArray(machineJobs.id, [...ids]));
  }
}
