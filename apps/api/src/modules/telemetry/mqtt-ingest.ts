import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_PAYLOAD_BYTES,
  parseTelemetryTopic,
  TELEMETRY_PAYLOAD_SCHEMAS,
  type IngestRejection,
  type TelemetryMessage,
} from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import type { IngestCounter } from './ingest-stats.ts';
import type { MachineDirectory } from './machine-directory.ts';
import { writeTelemetry, type QueuedMessage } from './telemetry-writer.ts';

/**
 * A flush starts this long after the first message waiting (or at once when a batch is full). Flushes run one
 * at a time, so while one writes the next batch gathers: under load batches grow by themselves, and the delay
 * only sets how long a message waits on a quiet ingest.
 */
export const FLUSH_DELAY_MS = 20;
export const BATCH_SIZE = 500;
/**
 * A flush takes at most this many: when the ingest is behind (a burst, a slow disk, a loaded machine), larger
 * batches cost barely more statements and time than a batch of 500, so it catches up instead of trailing.
 */
export const MAX_BATCH_SIZE = 2_000;
/** Past this many waiting messages the broker connection is not acknowledged further until a flush makes room. */
const MAX_WAITING = 10_000;
/** A rejection is logged at most once per minute per machine (or topic) and reason; all are counted. */
const LOG_EVERY_MS = 60_000;

/**
 * The ingest of one process: every message is counted, checked (topic, size, JSON, payload schema,
 * a known machine with credentials, its own client and line) and queued; queued messages are written
 * in batches (`writeTelemetry`), one transaction per flush. Nothing a device sends reaches the database
 * unchecked, and nothing it sends can throw out of here.
 */
export class MqttIngest {
  readonly #db: Db;
  readonly #directory: MachineDirectory;
  readonly #counter: IngestCounter;
  readonly #log: FastifyBaseLogger;
  #queue: QueuedMessage[] = [];
  #checking: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  #waitingForRoom: (() => void)[] = [];
  readonly #logged = new Map<string, number>();

  constructor(options: { db: Db; directory: MachineDirectory; counter: IngestCounter; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#directory = options.directory;
    this.#counter = options.counter;
    this.#log = options.log;
  }

  /**
   * Takes one message; `acknowledge` is called when the broker may be told it was received: at once,
   * or once a flush has made room when too many wait (back-pressure on the broker, not memory growth).
   * Messages are checked one after the other, so a machine's messages keep their order.
   */
  receive(topic: string, payload: Buffer, retained: boolean, acknowledge: () => void): void {
    const receivedAt = Date.now();
    this.#checking = this.#checking
      .then(() => this.#check(topic, payload, retained, receivedAt))
      .catch((error: unknown) => this.#log.error({ err: error }, 'telemetry message check failed'));
    if (this.#queue.length < MAX_WAITING) acknowledge();
    else this.#waitingForRoom.push(acknowledge);
  }

  async #check(topic: string, payload: Buffer, retained: boolean, receivedAt: number): Promise<void> {
    this.#counter.count('received');
    const parts = parseTelemetryTopic(topic);
    if (!parts) return this.#reject('invalidTopic', topic, null, 'not a telemetry topic');
    const { serialNumber, channel } = parts;
    if (payload.length > MAX_PAYLOAD_BYTES)
      return this.#reject('invalidPayload', topic, serialNumber, `${payload.length} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.#reject('invalidPayload', topic, serialNumber, 'not JSON');
    }
    const parsed = TELEMETRY_PAYLOAD_SCHEMAS[channel].safeParse(json);
    if (!parsed.success)
      return this.#reject(
        'invalidPayload',
        topic,
        serialNumber,
        parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; '),
      );
    const machine = await this.#directory.bySerial(serialNumber);
    // A machine without credentials sends no telemetry: its status is set by hand.
    if (!machine?.passwordHash) return this.#reject('unknownEquipment', topic, serialNumber, 'no such machine');
    if (machine.clientCode !== parts.clientCode || machine.productCode !== parts.productCode)
      return this.#reject('wrongScope', topic, serialNumber, 'not the machine’s client and line');
    this.#queue.push({
      equipmentId: machine.equipmentId,
      productId: machine.productId,
      serialNumber,
      topic,
      message: { channel, payload: parsed.data, retained } as TelemetryMessage,
      receivedAt,
    });
    if (this.#queue.length >= BATCH_SIZE) void this.#flush();
    else this.#timer ??= setTimeout(() => void this.#flush(), FLUSH_DELAY_MS);
  }

  #reject(reason: IngestRejection, topic: string, serialNumber: string | null, detail: string): void {
    this.#counter.count(reason, 1, topic, serialNumber);
    const key = `${reason}:${serialNumber ?? topic}`;
    const now = Date.now();
    if ((this.#logged.get(key) ?? 0) > now - LOG_EVERY_MS) return;
    if (this.#logged.size > 10_000) this.#logged.clear();
    this.#logged.set(key, now);
    this.#log.warn(
      { reason, topic: topic.slice(0, 300), serialNumber, detail: detail.slice(0, 500) },
      'telemetry message dropped',
    );
  }

  /** Writes what waits, one batch at a time. */
  #flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#flushing) return this.#flushing;
    const batch = this.#queue.splice(0, MAX_BATCH_SIZE);
    if (!batch.length) return Promise.resolve();
    this.#flushing = this.#write(batch).finally(() => {
      this.#flushing = null;
      while (this.#waitingForRoom.length && this.#queue.length < MAX_WAITING) this.#waitingForRoom.shift()!();
      if (this.#queue.length >= BATCH_SIZE) void this.#flush();
      else if (this.#queue.length) this.#timer ??= setTimeout(() => void this.#flush(), FLUSH_DELAY_MS);
    });
    return this.#flushing;
  }

  async #write(batch: QueuedMessage[]): Promise<void> {
    try {
      // One retry: a transaction that lost a race (serialization, deadlock) succeeds the second time.
      const outcome = await writeTelemetry(this.#db, batch).catch(() => writeTelemetry(this.#db, batch));
      this.#counter.count('accepted', outcome.accepted);
      this.#counter.count('counterReset', outcome.counterResets);
      for (const { reason, message } of outcome.rejected)
        this.#reject(
          reason,
          message.topic,
          message.serialNumber,
          reason === 'staleMessage' ? 'timestamp outside the tolerances' : 'the machine was deleted',
        );
    } catch (error) {
      this.#log.error({ err: error, messages: batch.length }, 'telemetry could not be stored: these messages are lost');
    }
  }

  /** Checks and writes everything received so far (at shutdown, and in tests). */
  async drain(): Promise<void> {
    await this.#checking;
    while (this.#queue.length || this.#flushing) await this.#flush();
  }
}
