import type { FastifyBaseLogger } from 'fastify';
import { MAX_JOB_STATUS_BYTES, machineJobStatusSchema, type IngestRejection } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { applyJobStatus } from '../processing/index.ts';
import type { IngestCounter } from './ingest-stats.ts';
import type { MachineDirectory } from './machine-directory.ts';

/** A dropped message is logged at most once a minute per machine and reason; all are counted. */
const LOG_EVERY_MS = 60_000;

/**
 * The machines' `…/job-status` messages: checked as telemetry is (size, JSON, schema, a known machine with
 * credentials on the line of the topic), counted in the ingest stats, and applied to the task one after the
 * other (`applyJobStatus`, one transaction each), so a machine's answers keep their order.
 */
export class JobStatusIntake {
  readonly #db: Db;
  readonly #directory: MachineDirectory;
  readonly #counter: IngestCounter;
  readonly #log: FastifyBaseLogger;
  #chain: Promise<void> = Promise.resolve();
  readonly #logged = new Map<string, number>();

  constructor(options: { db: Db; directory: MachineDirectory; counter: IngestCounter; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#directory = options.directory;
    this.#counter = options.counter;
    this.#log = options.log;
  }

  receive(topic: { clientCode: string; productCode: string; serialNumber: string; raw: string }, payload: Buffer) {
    this.#chain = this.#chain
      .then(() => this.#apply(topic, payload))
      .catch((error: unknown) => this.#log.error({ err: error, topic: topic.raw }, 'job status could not be applied'));
  }

  async #apply(topic: { clientCode: string; productCode: string; serialNumber: string; raw: string }, payload: Buffer) {
    const { serialNumber } = topic;
    this.#counter.count('received');
    if (payload.length > MAX_JOB_STATUS_BYTES)
      return this.#drop('invalidPayload', topic.raw, serialNumber, 'too large');
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.#drop('invalidPayload', topic.raw, serialNumber, 'not JSON');
    }
    const parsed = machineJobStatusSchema.safeParse(json);
    if (!parsed.success)
      return this.#drop(
        'invalidPayload',
        topic.raw,
        serialNumber,
        parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; '),
      );
    const machine = await this.#directory.bySerial(serialNumber);
    if (!machine?.passwordHash || !machine.productId)
      return this.#drop('unknownEquipment', topic.raw, serialNumber, 'no such machine');
    if (machine.clientCode !== topic.clientCode || machine.productCode !== topic.productCode)
      return this.#drop('wrongScope', topic.raw, serialNumber, 'not the machine’s client and line');
    const reporting = { equipmentId: machine.equipmentId, productId: machine.productId, serialNumber };
    // One retry: a transaction that lost a race (serialization, deadlock) succeeds the second time.
    const outcome = await applyJobStatus(this.#db, reporting, parsed.data).catch(() =>
      applyJobStatus(this.#db, reporting, parsed.data),
    );
    this.#counter.count('accepted');
    if (outcome === 'unknownJob' || outcome === 'refused')
      this.#note(`${outcome}:${serialNumber}`, { topic: topic.raw, serialNumber, outcome, seq: parsed.data.seq });
  }

  #drop(reason: IngestRejection, topic: string, serialNumber: string, detail: string) {
    this.#counter.count(reason, 1, topic, serialNumber);
    this.#note(`${reason}:${serialNumber}`, { reason, topic: topic.slice(0, 300), serialNumber, detail });
  }

  #note(key: string, details: Record<string, unknown>) {
    const now = Date.now();
    if ((this.#logged.get(key) ?? 0) > now - LOG_EVERY_MS) return;
    if (this.#logged.size > 10_000) this.#logged.clear();
    this.#logged.set(key, now);
    this.#log.warn(details, 'job status not applied');
  }

  /** Everything received so far applied (tests, shutdown). */
  async drain(): Promise<void> {
    let chain;
    do {
      chain = this.#chain;
      await chain;
    } while (chain !== this.#chain);
  }
}
