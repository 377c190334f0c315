import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_JOB_STATUS_BYTES,
  machineJobStatusSchema,
  type IngestRejection,
  type MachineJobStatusMessage,
} from '@armature/domain';
import { DEFAULT_POOL_SIZE, type DatabaseKind, type Db } from '../../core/db/client.ts';
import { isDatabaseTimeout, isDatabaseUnavailable, sqlStateOf } from '../../core/db/db-errors.ts';
import { applyJobStatus } from '../processing/index.ts';
import type { IngestCounter } from './ingest-stats.ts';
import type { MachineDirectory } from './machine-directory.ts';

/** A dropped message is logged at most once a minute per machine and reason; all are counted. */
const LOG_EVERY_MS = 60_000;
/** The waits between attempts at a message the database failed for a moment: doubled from the first, at most the last. */
const RETRY_FIRST_MS = 100;
const RETRY_MOST_MS = 2_000;

/**
 * A failure of the database, not of the message: unreachable (a restart, no connection within the pool's
 * timeout), stopped by a session timeout (a lock held past `lock_timeout` by a booking), or a lost race
 * (serialization, deadlock). The same message applies once the database is back.
 */
function passing(error: unknown): boolean {
  const state = sqlStateOf(error);
  return isDatabaseUnavailable(error) || isDatabaseTimeout(error) || state === '40001' || state === '40P01';
}
/**
 * How many machines' messages are applied at the same time. On PostgreSQL half the process's pool, so requests
 * and the job publisher keep connections while a fleet completes at once (each completion holds one for its
 * booking). On PGlite one: its one connection takes one transaction at a time, so more would only queue at its
 * lock — and, as it runs in this thread, transactions handed on from one to the next without a pause keep the
 * event loop from the sockets (the jobs going out to the machines, the broker's acknowledgements, requests): a
 * dispatched job waited seconds behind the bookings (docs/benchmarks.md, "Machines taking their work").
 */
export function parallelMachines(kind: DatabaseKind, poolSize: number = DEFAULT_POOL_SIZE): number {
  return kind === 'pglite' ? 1 : Math.max(1, Math.floor(poolSize / 2));
}

type JobTopic = { clientCode: string; productCode: string; serialNumber: string; raw: string };

/**
 * The machines' `…/job-status` messages: checked as telemetry is (size, JSON, schema, a known machine with
 * credentials on the line of the topic), counted in the ingest stats, and applied to the task
 * (`applyJobStatus`, one transaction each). Each machine's answers are applied one after the other, so they
 * keep their order; different machines' are applied side by side, at most `parallel` at once
 * (`parallelMachines`), each on a fresh turn of the event loop — one
 * chain for the whole process made 50 machines completing together wait for each other's bookings
 * (docs/benchmarks.md, "Machines taking their work"). A machine's message still waiting when a later one of the
 * same job does what it would do is passed over (`superseded`): a backlog (one embedded database serving every
 * machine) shrinks instead of booking each step. **Completions first**: a free slot goes to a machine whose
 * completion can be applied next (`completionFirst`) before the others' starts, counts and acceptances — a
 * completion is what books the stock, and the words of its own job waiting before it are passed over by it.
 */
export class JobStatusIntake {
  readonly #db: Db;
  readonly #directory: MachineDirectory;
  readonly #counter: IngestCounter;
  readonly #log: FastifyBaseLogger;
  /** Each machine's chain of messages not yet applied, by serial number; gone once it ran dry. */
  readonly #chains = new Map<string, Promise<void>>();
  /** Each machine's messages received and not yet taken up by its chain, in order, read once on receipt. */
  readonly #pending = new Map<string, JobStatusRead[]>();
  /** How many machines' messages may be applied at once. */
  readonly #parallel: number;
  /** Machines applying a message now, and those waiting for one of the `parallel` slots. */
  #busy = 0;
  readonly #waiting: { serialNumber: string; go: () => void }[] = [];
  readonly #logged = new Map<string, number>();
  /** Set when the process stops: a message the database keeps failing is then given up. */
  #stopped = false;

  constructor(options: {
    db: Db;
    directory: MachineDirectory;
    counter: IngestCounter;
    log: FastifyBaseLogger;
    /** `parallelMachines` of the database (one when not given). */
    parallel?: number;
  }) {
    this.#db = options.db;
    this.#parallel = options.parallel ?? 1;
    this.#directory = options.directory;
    this.#counter = options.counter;
    this.#log = options.log;
  }

  receive(topic: JobTopic, payload: Buffer) {
    const key = topic.serialNumber;
    const pending = this.#pending.get(key) ?? [];
    pending.push(readJobStatus(payload));
    this.#pending.set(key, pending);
    const chain = (this.#chains.get(key) ?? Promise.resolve())
      .then(() => this.#next(topic))
      .catch((error: unknown) => this.#log.error({ err: error, topic: topic.raw }, 'job status could not be applied'))
      .finally(() => {
        if (this.#chains.get(key) === chain) this.#chains.delete(key);
      });
    this.#chains.set(key, chain);
  }

  /**
   * Runs `work` when fewer than `parallel` machines' messages are being applied, on a fresh turn of the event
   * loop: a backlog applied message after message would otherwise run as one chain of promises, the sockets
   * unread and unwritten until it ran dry. A slot set free goes to the first waiting machine with a completion
   * to apply (`completionFirst`), else to the first waiting.
   */
  async #inSlot(serialNumber: string, work: () => Promise<void>) {
    if (this.#busy >= this.#parallel) await new Promise<void>((go) => this.#waiting.push({ serialNumber, go }));
    else this.#busy++;
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await work();
    } finally {
      // The slot passes straight to the next waiting machine, or is given back.
      const completing = this.#waiting.findIndex(
        (waiting) => completionFirst(this.#pending.get(waiting.serialNumber) ?? []) !== null,
      );
      const [next] = this.#waiting.splice(Math.max(0, completing), 1);
      if (next) next.go();
      else this.#busy--;
    }
  }

  /**
   * The machine's next message applied in a slot. Each message received makes one call, and each call takes at
   * least one message off the queue or finds it empty (its message went with an earlier one's), so none is left.
   * What is passed over needs no slot: looked at before waiting for one, and again once it is there (more may
   * have arrived meanwhile).
   */
  async #next(topic: JobTopic) {
    if (!this.#leftToApply(topic.serialNumber)) return;
    await this.#inSlot(topic.serialNumber, async () => {
      if (this.#leftToApply(topic.serialNumber)) await this.#apply(topic, this.#take(topic.serialNumber));
    });
  }

  /** Passes over the superseded messages at the head of the machine's queue; whether one is left to apply. */
  #leftToApply(serialNumber: string): boolean {
    const pending = this.#pending.get(serialNumber);
    while (pending?.length && superseded(pending[0]!, pending.slice(1))) {
      pending.shift();
      this.#passedOver();
    }
    if (pending?.length) return true;
    this.#pending.delete(serialNumber);
    return false;
  }

  #passedOver() {
    this.#counter.count('received');
    this.#counter.count('accepted');
  }

  /**
   * Takes the machine's message to apply off its queue: a completion that may go first (with the words of its job
   * waiting before it, which it passes over), else the oldest.
   */
  #take(serialNumber: string): JobStatusRead {
    const pending = this.#pending.get(serialNumber)!;
    const at = completionFirst(pending) ?? 0;
    const [read] = pending.splice(at, 1);
    const job = jobOf(read!);
    for (let index = at - 1; index >= 0; index--)
      if (job && jobOf(pending[index]!) === job) {
        pending.splice(index, 1);
        this.#passedOver();
      }
    if (pending.length === 0) this.#pending.delete(serialNumber);
    return read!;
  }

  async #apply(topic: JobTopic, read: JobStatusRead) {
    const { serialNumber } = topic;
    this.#counter.count('received');
    if ('invalid' in read) return this.#drop('invalidPayload', topic.raw, serialNumber, read.invalid);
    const { message } = read;
    const machine = await this.#directory.bySerial(serialNumber);
    if (!machine?.passwordHash || !machine.productId)
      return this.#drop('unknownEquipment', topic.raw, serialNumber, 'no such machine');
    if (machine.clientCode !== topic.clientCode || machine.productCode !== topic.productCode)
      return this.#drop('wrongScope', topic.raw, serialNumber, 'not the machine’s client and line');
    const reporting = { equipmentId: machine.equipmentId, productId: machine.productId, serialNumber };
    const outcome = await this.#applyThroughFailures(topic, reporting, message);
    this.#counter.count('accepted');
    if (outcome === 'unknownJob' || outcome === 'refused')
      this.#note(`${outcome}:${serialNumber}`, { topic: topic.raw, serialNumber, outcome, seq: message.seq });
  }

  /**
   * Applies the message, again and again while the database fails for a moment (`passing`): the broker
   * acknowledged it to the machine, which never sends it again, so a completion given up leaves its task running
   * for ever. On PostgreSQL at load 25–30 statements meet the lock timeout and new connections the connection
   * timeout. The machine's later messages wait behind it, in order. Another error is the message's own: tried
   * once more, as before, then thrown.
   */
  async #applyThroughFailures(
    topic: JobTopic,
    reporting: Parameters<typeof applyJobStatus>[1],
    message: MachineJobStatusMessage,
  ) {
    for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MOST_MS)) {
      try {
        return await applyJobStatus(this.#db, reporting, message);
      } catch (error) {
        if (!passing(error)) return applyJobStatus(this.#db, reporting, message);
        if (this.#stopped) throw error;
        this.#note(`retry:${reporting.serialNumber}`, {
          topic: topic.raw,
          serialNumber: reporting.serialNumber,
          seq: message.seq,
          status: message.status,
          err: error,
          retry: 'the database failed for a moment: the message is applied again',
        });
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
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

  /** The process stops: a message the database keeps failing is given up after its attempt under way. */
  stop(): void {
    this.#stopped = true;
  }

  /** Everything received so far applied (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.#chains.size > 0) await Promise.all(this.#chains.values());
  }
}

/** A job-status payload read and checked, or why it is not a valid one. */
type JobStatusRead = { message: MachineJobStatusMessage } | { invalid: string };

function readJobStatus(payload: Buffer): JobStatusRead {
  if (payload.length > MAX_JOB_STATUS_BYTES) return { invalid: 'too large' };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { invalid: 'not JSON' };
  }
  const parsed = machineJobStatusSchema.safeParse(json);
  if (parsed.success) return { message: parsed.data };
  return {
    invalid: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; '),
  };
}

/**
 * Whether a waiting message may be passed over because later ones of the same job, waiting behind it, do what
 * it would do:
 * - `pieces`: a later `pieces` counts at least as many good and scrap pieces, or the job's `completed` counts at
 *   least as much scrap (counts are cumulative; a completion books the rest);
 * - `accepted` and `started`: the job's `completed` waits, with nothing between but messages passed over
 *   themselves — a completion starts (or resumes) a task that is not running before it books and leaves the
 *   job completed, so the task's history and its booking are the same;
 * - `accepted`: the job's `started` waits — an `accepted` only records the job's state, which the start moves on
 *   to `started` (the task's history has no `accepted`), so a backlog of 6 jobs sent at once and the first begun
 *   costs one transaction fewer.
 */
function superseded(read: JobStatusRead, later: readonly JobStatusRead[]): boolean {
  if (!('message' in read)) return false;
  const { message } = read;
  const sameJob = (each: JobStatusRead): each is { message: MachineJobStatusMessage } =>
    'message' in each && each.message.taskId === message.taskId && each.message.seq === message.seq;
  if (message.status === 'pieces')
    return later.some((each) => {
      if (!sameJob(each)) return false;
      const next = each.message;
      if (next.status === 'completed') return next.scrap !== undefined && next.scrap >= message.scrap;
      return next.status === 'pieces' && next.good >= message.good && next.scrap >= message.scrap;
    });
  if (message.status !== 'accepted' && message.status !== 'started') return false;
  for (const [index, each] of later.entries()) {
    if (!sameJob(each)) continue;
    if (message.status === 'accepted' && each.message.status === 'started') return true;
    if (each.message.status === 'accepted' || each.message.status === 'started') continue;
    if (each.message.status === 'completed') return true;
    if (each.message.status !== 'pieces' || !superseded(each, later.slice(index + 1))) return false;
  }
  return false;
}

/** The job a message is about (`taskId#seq`), none for one that could not be read. */
function jobOf(read: JobStatusRead): string | null {
  return 'message' in read ? `${read.message.taskId}#${read.message.seq}` : null;
}

/**
 * Where in a machine's waiting messages a completion stands that may be applied before those waiting ahead of it,
 * or null: those ahead are all `accepted`s — of its own job (the completion passes them over) or of the machine's
 * other jobs (an `accepted` only records its job's state, so applied before or after another job's completion it
 * leaves the same) — or words of its own job it passes over (`superseded`). Anything else ahead (another job's
 * start, counts, pause, a rejection, a message that could not be read) keeps the machine's order.
 */
export function completionFirst(pending: readonly JobStatusRead[]): number | null {
  for (const [index, read] of pending.entries()) {
    if (!('message' in read)) return null;
    if (read.message.status === 'completed') return index;
    if (read.message.status !== 'accepted' && !superseded(read, pending.slice(index + 1))) return null;
  }
  return null;
}
