import {
  JOB_REJECTION_CODES,
  STOPPING_WITHDRAWALS,
  fieldValue,
  jobDurationMs,
  nominalUnitWeight,
  parseBvbsLine,
  type MachineJob,
  type MachineJobMessage,
  type MachineJobStatusMessage,
  type ThroughputBand,
} from '@armature/domain';

/**
 * A simulated machine's controller for the job protocol (docs/telemetry.md "Jobs"), without the MQTT: it
 * queues the jobs it is sent in sequence order, runs the first at its model's speed (the schedule's own
 * job-duration rule, sped up by `speed`), and says what it did as job-status messages. Time is given,
 * never read, so a test drives it step by step. Its whole state is `memory`, a plain object a machine
 * keeps across a restart (a PLC's retentive memory): the simulator started again on the same memory
 * resumes the job it was running, and the counts it reports are cumulative, so nothing books twice.
 */

/** What the machine model can do (the equipment's plant fields) and the work kinds it takes. */
export type JobCapability = {
  kinds: readonly MachineJob['work']['kind'][];
  diameterMin: number | null;
  diameterMax: number | null;
  /** Pieces per hour for diameters no band covers. */
  idealRate: number | null;
  throughput: readonly ThroughputBand[];
};

/** A job-status without the machine's clock (the sender stamps it). */
export type JobAnswer = MachineJobStatusMessage extends infer M
  ? M extends MachineJobStatusMessage
    ? Omit<M, 'ts'>
    : never
  : never;

/** A job held by the machine: queued (`workedMs` 0, not started), running or paused by a fault. */
export type HeldJob = {
  job: MachineJob;
  /** Simulated work it takes, ms. */
  durationMs: number;
  /** Simulated work done, ms. */
  workedMs: number;
  started: boolean;
  /** Repetitions reported done (bars cut through their pattern, pieces bent). */
  good: number;
};

export type JobMemory = {
  queue: HeldJob[];
  /** `taskId#seq` of the jobs it finished, rejected or dropped (a redelivery of one is ignored); the newest kept. */
  ended: string[];
  /** Its production counters (the telemetry `counters`), which only grow. */
  counters: { pieces: number; good: number; scrap: number };
  /** A fault holds the machine until this instant (real ms), or null. */
  faultUntil: number | null;
};

export const emptyJobMemory = (): JobMemory => ({
  queue: [],
  ended: [],
  counters: { pieces: 0, good: 0, scrap: 0 },
  faultUntil: null,
});

/** Jobs remembered as ended; far more than a machine's queue ever holds. */
const ENDED_KEPT = 2000;
/** A running job reports its pieces at most this often (real ms), and always at the end. */
const REPORT_EVERY_MS = 250;

const keyOf = (job: { taskId: string; seq: number }) => `${job.taskId}#${job.seq}`;

/** Pieces a job makes: a cut job's pieces per bar × bars, a bend job's pieces. */
export function jobPieces(job: MachineJob): { perRepetition: number; repetitions: number } {
  const work = job.work;
  if (work.kind === 'cut')
    return { perRepetition: work.cuts.reduce((sum, cut) => sum + cut.count, 0), repetitions: work.repetitions };
  return { perRepetition: 1, repetitions: work.pieces };
}

/** Developed length of a bend job's bar (mm), from its first BVBS record's `l` field. */
function bentLength(bvbs: readonly string[]): number {
  const line = parseBvbsLine(bvbs[0] ?? '', 1);
  const length = line.kind === 'record' ? Number(fieldValue(line.header, 'l')) : NaN;
  return Number.isFinite(length) && length > 0 ? length : 1000;
}

/**
 * How long the machine works on the job (simulated ms), by the rule the schedule places jobs with
 * (`jobDurationMs`: the machine's throughput band for the diameter, in pieces or kg per hour, else its
 * ideal rate); or the reason code it rejects the job with.
 */
export function jobWorkMs(job: MachineJob, capability: JobCapability): number | { reject: string; text: string } {
  const { kind } = job.work;
  if (!capability.kinds.includes(kind))
    return { reject: JOB_REJECTION_CODES.technique, text: `this machine does not ${kind}` };
  const { diameterMin: min, diameterMax: max } = capability;
  if ((min !== null && job.diameter < min) || (max !== null && job.diameter > max))
    return {
      reject: JOB_REJECTION_CODES.diameterRange,
      text: `Φ${job.diameter} is outside Φ${min ?? '…'}–${max ?? '…'} of the tooling fitted`,
    };
  const { perRepetition, repetitions } = jobPieces(job);
  const barLength = job.work.kind === 'cut' ? job.work.stock.length : bentLength(job.work.bvbs);
  const weightKg = (barLength / 1000) * nominalUnitWeight(job.diameter) * repetitions;
  const ms = jobDurationMs(
    { techniqueId: kind, diameter: job.diameter, pieces: perRepetition * repetitions, weightKg },
    {
      techniqueIds: [kind],
      diameterMin: min,
      diameterMax: max,
      idealRate: capability.idealRate,
      throughput: [...capability.throughput],
    },
  );
  return ms === null ? { reject: JOB_REJECTION_CODES.noThroughput, text: `no speed known for Φ${job.diameter}` } : ms;
}

/**
 * The pieces of a job scrapped once it has processed `pieces`: a share of them, rounded down, so the count
 * only grows and a job of few pieces may scrap none. Cumulative, as the protocol's counts are.
 */
export function scrappedOf(pieces: number, scrapRate: number): number {
  return Math.floor(pieces * scrapRate + 1e-9);
}

export class JobRunner {
  #lastAt: number | null = null;
  #reportedAt = -Infinity;

  constructor(
    private readonly capability: JobCapability,
    /** Simulated ms per real ms (100: a 10-minute job takes 6 s). */
    private readonly speed: number,
    readonly memory: JobMemory = emptyJobMemory(),
    /** The share of the pieces it processes that come out scrap (0–1; a worn blade, a misfeed). */
    private readonly scrapRate = 0,
  ) {}

  get current(): HeldJob | null {
    return this.memory.queue[0] ?? null;
  }

  get faulted(): boolean {
    return this.memory.faultUntil !== null;
  }

  /** `running` while it works a job, `fault` while a fault holds it, else `idle`. */
  get state(): 'running' | 'idle' | 'fault' {
    if (this.faulted) return 'fault';
    return this.current ? 'running' : 'idle';
  }

  /** A job or a withdrawal from `…/job`. */
  receive(message: MachineJobMessage): JobAnswer[] {
    const key = keyOf(message);
    const held = this.memory.queue.find((each) => keyOf(each.job) === key);
    const ids = { taskId: message.taskId, seq: message.seq };
    if (message.type === 'withdrawal') {
      // A started job goes on, unless its task failed or was completed by hand: then what it makes is not wanted.
      if (held?.started && !STOPPING_WITHDRAWALS.includes(message.reason)) return [{ status: 'started', ...ids }];
      if (held) this.memory.queue.splice(this.memory.queue.indexOf(held), 1);
      // Already ended here (completed): it had started; never heard of: nothing to drop, say so.
      if (!held && this.memory.ended.includes(key)) return [];
      this.#end(key);
      return [{ status: 'withdrawn', ...ids }];
    }
    // A redelivery (QoS 1, a reconnection) of a job it holds or ended changes nothing.
    if (held || this.memory.ended.includes(key)) return [];
    const work = jobWorkMs(message, this.capability);
    if (typeof work !== 'number') {
      this.#end(key);
      return [{ status: 'rejected', ...ids, code: work.reject, text: work.text }];
    }
    this.memory.queue.push({ job: message, durationMs: work, workedMs: 0, started: false, good: 0 });
    this.memory.queue.sort((a, b) => a.job.seq - b.job.seq);
    return [{ status: 'accepted', ...ids }];
  }

  /** Lets time run to `now` (real ms): the head job starts, makes pieces, completes; the next one follows. */
  advance(now: number): JobAnswer[] {
    const out: JobAnswer[] = [];
    let real = this.#lastAt === null ? 0 : Math.max(0, now - this.#lastAt);
    this.#lastAt = now;
    if (this.memory.faultUntil !== null) {
      if (now < this.memory.faultUntil) return out;
      real = Math.max(0, now - this.memory.faultUntil);
      out.push(...this.clearFault());
    }
    let budget = real * this.speed;
    for (let held = this.current; held; held = this.current) {
      const ids = { taskId: held.job.taskId, seq: held.job.seq };
      if (!held.started) {
        held.started = true;
        out.push({ status: 'started', ...ids });
      }
      const step = Math.min(budget, held.durationMs - held.workedMs);
      held.workedMs += step;
      budget -= step;
      const { perRepetition, repetitions } = jobPieces(held.job);
      const finished = held.workedMs >= held.durationMs;
      const good = finished ? repetitions : Math.floor((held.workedMs / held.durationMs) * repetitions);
      if (good > held.good) {
        this.#count(held.good * perRepetition, good * perRepetition);
        held.good = good;
        if (!finished && now - this.#reportedAt >= REPORT_EVERY_MS) {
          this.#reportedAt = now;
          out.push({ status: 'pieces', ...ids, good, scrap: this.#scrapOf(held) });
        }
      }
      if (!finished) break;
      this.memory.queue.shift();
      this.#end(keyOf(ids));
      out.push({ status: 'completed', ...ids, good: repetitions, scrap: this.#scrapOf(held) });
    }
    return out;
  }

  /** Real ms until the running job next makes a repetition (or ends); null when nothing runs. */
  nextEventIn(): number | null {
    const held = this.current;
    if (!held || this.faulted) return null;
    const { repetitions } = jobPieces(held.job);
    const perRepetition = held.durationMs / Math.max(1, repetitions);
    const next = Math.min(held.durationMs, (held.good + 1) * perRepetition);
    return Math.max(0, (next - held.workedMs) / this.speed);
  }

  /** A fault stops the machine until `until` (real ms): the running job pauses. */
  fault(until: number): JobAnswer[] {
    const wasFaulted = this.faulted;
    this.memory.faultUntil = Math.max(until, this.memory.faultUntil ?? 0);
    const held = this.current;
    return !wasFaulted && held?.started ? [{ status: 'paused', taskId: held.job.taskId, seq: held.job.seq }] : [];
  }

  /** The fault cleared: a paused job runs on. */
  clearFault(): JobAnswer[] {
    if (!this.faulted) return [];
    this.memory.faultUntil = null;
    const held = this.current;
    return held?.started ? [{ status: 'started', taskId: held.job.taskId, seq: held.job.seq }] : [];
  }

  /**
   * After a restart: what it says again of the job it was running (started, its pieces so far), so the
   * task shows it whatever was lost with the old connection. Counts are cumulative: a repeat adds nothing.
   */
  resumeAnswers(now: number): JobAnswer[] {
    this.#lastAt = now;
    const held = this.current;
    if (!held?.started) return [];
    const ids = { taskId: held.job.taskId, seq: held.job.seq };
    return [
      ...(this.faulted ? [] : [{ status: 'started' as const, ...ids }]),
      ...(held.good > 0 ? [{ status: 'pieces' as const, ...ids, good: held.good, scrap: this.#scrapOf(held) }] : []),
    ];
  }

  /** The job's scrapped pieces so far (cumulative). */
  #scrapOf(held: HeldJob): number {
    return scrappedOf(held.good * jobPieces(held.job).perRepetition, this.scrapRate);
  }

  /** Its counters after the job's processed pieces went from `before` to `after`: scrap counts apart. */
  #count(before: number, after: number) {
    const scrap = scrappedOf(after, this.scrapRate) - scrappedOf(before, this.scrapRate);
    this.memory.counters.pieces += after - before;
    this.memory.counters.good += after - before - scrap;
    this.memory.counters.scrap += scrap;
  }

  #end(key: string) {
    this.memory.ended.push(key);
    if (this.memory.ended.length > ENDED_KEPT) this.memory.ended.splice(0, this.memory.ended.length - ENDED_KEPT);
  }
}
