import { jobDurationMs } from './job-duration.ts';
import { instantEndingAt, instantStartingAt, machineTimelines, shiftTimeAt } from './machine-timeline.ts';
import { addBlock, earliestBlock, machineQueue, type Block, type MachineQueue } from './machine-queue.ts';
import { setupOf } from './setup-time.ts';
import type { AutoScheduleResult, ScheduleInput, ScheduleJob, UnscheduledReason } from './schedule.schema.ts';

/**
 * What the optimiser works on, computed once: the jobs by index, each one's predecessor, its duration
 * on every machine (null: not eligible), the machines' timelines, and the blocks of pinned jobs as the
 * list schedule booked them (the optimiser never moves a pinned job). Jobs the list schedule could not
 * place for a reason no sequence can change (no eligible machine, an unknown or cyclic predecessor, an
 * unsuitable pin) stay `fixedOutcome`; every other job is `movable`.
 */
export type ScheduleModel = {
  input: ScheduleInput;
  jobs: ScheduleJob[];
  index: Map<string, number>;
  /** The predecessor's index, −1 without one, −2 when unknown. */
  predecessor: Int32Array;
  durations: (number | null)[][];
  queuesTemplate: MachineQueue[];
  movable: boolean[];
  fixedReason: (UnscheduledReason | null)[];
  /** Pinned jobs the list schedule placed: their machine index and block. */
  pinned: Map<number, { machine: number; block: Block }>;
};

/** One decoded schedule: per job its machine (−1: none), start and end instants, and the queues. */
export type Decoded = {
  machine: Int32Array;
  start: Float64Array;
  end: Float64Array;
  reason: (UnscheduledReason | null)[];
  queues: MachineQueue[];
};

/** A candidate: per machine (by index), the movable jobs it works through, in order. */
export type Sequences = number[][];

export function scheduleModel(input: ScheduleInput, seed: AutoScheduleResult): ScheduleModel {
  const timelines = machineTimelines(input);
  const jobs = input.jobs;
  const index = new Map(jobs.map((job, i) => [job.id, i]));
  const machineIndex = new Map(input.machines.map((machine, i) => [machine.id, i]));
  const predecessor = Int32Array.from(jobs, (job) => (job.after === null ? -1 : (index.get(job.after) ?? -2)));
  const durations = jobs.map((job) => input.machines.map((machine) => jobDurationMs(job, machine)));
  const queuesTemplate = input.machines.map((machine) => machineQueue(machine, timelines.get(machine.id)!));
  const seedReason = new Map(seed.unscheduled.map((u) => [u.jobId, u.reason]));

  const pinned = new Map<number, { machine: number; block: Block }>();
  const fixedReason: (UnscheduledReason | null)[] = jobs.map(() => null);
  const firstSlot = new Map<string, { machineId: string; from: number; to: number }>();
  for (const slot of seed.slots) {
    if (slot.kind !== 'work') continue;
    const seen = firstSlot.get(slot.jobId);
    if (!seen) firstSlot.set(slot.jobId, { machineId: slot.machineId, from: slot.from, to: slot.to });
    else seen.to = Math.max(seen.to, slot.to);
  }
  jobs.forEach((job, i) => {
    if (job.pinned === null) return;
    const placed = firstSlot.get(job.id);
    if (!placed) {
      fixedReason[i] = seedReason.get(job.id) ?? 'beyondHorizon';
      return;
    }
    const m = machineIndex.get(placed.machineId)!;
    const timeline = queuesTemplate[m]!.timeline;
    const block = {
      jobId: job.id,
      ...setupOf(job),
      start: shiftTimeAt(timeline, placed.from),
      end: shiftTimeAt(timeline, placed.to),
    };
    pinned.set(i, { machine: m, block });
    addBlock(queuesTemplate[m]!, block);
  });

  // Movable: not pinned, some machine can do it, and its chain of predecessors is known and acyclic.
  const movable: boolean[] = jobs.map(() => false);
  const state = new Int8Array(jobs.length); // 0 unknown, 1 visiting, 2 done
  const resolve = (i: number): boolean => {
    if (state[i] === 2) return movable[i]! || pinned.has(i);
    if (state[i] === 1) return false;
    state[i] = 1;
    const p = predecessor[i]!;
    const chainOk = p === -1 || (p >= 0 && p !== i && resolve(p));
    const job = jobs[i]!;
    if (job.pinned === null) {
      if (!durations[i]!.some((d) => d !== null)) fixedReason[i] = 'noEligibleMachine';
      else if (!chainOk) fixedReason[i] = 'dependency';
      else movable[i] = true;
    }
    state[i] = 2;
    return movable[i]! || pinned.has(i);
  };
  jobs.forEach((_, i) => resolve(i));
  return { input, jobs, index, predecessor, durations, queuesTemplate, movable, fixedReason, pinned };
}

/** A schedule's placement as sequences: each machine's movable jobs by start; the rest last. */
export function seedSequences(model: ScheduleModel, seed: AutoScheduleResult): Sequences {
  const machineIndex = new Map(model.input.machines.map((machine, i) => [machine.id, i]));
  const starts = new Map<number, { machine: number; from: number }>();
  for (const slot of seed.slots) {
    const i = model.index.get(slot.jobId);
    if (slot.kind !== 'work' || i === undefined || !model.movable[i]) continue;
    const seen = starts.get(i);
    if (!seen || slot.from < seen.from) starts.set(i, { machine: machineIndex.get(slot.machineId)!, from: slot.from });
  }
  const sequences: Sequences = model.input.machines.map(() => []);
  const byStart = [...starts].sort((a, b) => a[1].from - b[1].from);
  for (const [i, { machine }] of byStart) sequences[machine]!.push(i);
  // The jobs it left out go last, each after its predecessor, so that no machine waits on itself.
  const queued = new Set(starts.keys());
  const append = (i: number) => {
    if (!model.movable[i] || queued.has(i)) return;
    queued.add(i);
    if (model.predecessor[i]! >= 0) append(model.predecessor[i]!);
    sequences[model.durations[i]!.findIndex((d) => d !== null)]!.push(i);
  };
  model.jobs.forEach((_, i) => append(i));
  return sequences;
}

const PENDING = 0;
const PLACED = 1;
const UNPLACED = 2;

/**
 * Places the sequences' jobs: each machine works through its sequence in order, a job starting at the
 * earliest shift time after the machine's previous job, its predecessor's end, and the changeover from
 * the job before it, in the first gap with room before the pinned jobs; a job that no longer fits in
 * the horizon, or whose predecessor got no place, is unplaced. Null when the sequences deadlock (a job
 * waits for one queued after it on another machine) or a pinned job would start before its
 * predecessor ends.
 */
export function decode(model: ScheduleModel, sequences: Sequences): Decoded | null {
  const n = model.jobs.length;
  const machine = new Int32Array(n).fill(-1);
  const start = new Float64Array(n);
  const end = new Float64Array(n);
  const reason: (UnscheduledReason | null)[] = model.fixedReason.slice();
  const status = new Int8Array(n);
  const queues = model.queuesTemplate.map((q) => ({ ...q, blocks: q.blocks.slice() }));
  for (let i = 0; i < n; i++) if (reason[i] !== null) status[i] = UNPLACED;
  for (const [i, { machine: m, block }] of model.pinned) {
    status[i] = PLACED;
    machine[i] = m;
    start[i] = instantStartingAt(queues[m]!.timeline, block.start);
    end[i] = instantEndingAt(queues[m]!.timeline, block.end);
  }
  const next = new Int32Array(sequences.length);
  const lastEnd = new Float64Array(sequences.length);
  let left = sequences.reduce((sum, s) => sum + s.length, 0);
  while (left > 0) {
    let progressed = false;
    for (let m = 0; m < sequences.length; m++) {
      const sequence = sequences[m]!;
      const queue = queues[m]!;
      while (next[m]! < sequence.length) {
        const i = sequence[next[m]!]!;
        const p = model.predecessor[i]!;
        if (p >= 0 && status[p] === PENDING) break;
        next[m]!++;
        left--;
        progressed = true;
        if (p >= 0 && status[p] === UNPLACED) {
          status[i] = UNPLACED;
          reason[i] = 'dependency';
          continue;
        }
        const earliest = p >= 0 ? Math.max(lastEnd[m]!, shiftTimeAt(queue.timeline, end[p]!)) : lastEnd[m]!;
        const job = model.jobs[i]!;
        const block = earliestBlock(queue, setupOf(job), model.durations[i]![m]!, earliest);
        if (!block) {
          status[i] = UNPLACED;
          reason[i] = 'beyondHorizon';
          continue;
        }
        addBlock(queue, { jobId: job.id, ...setupOf(job), ...block });
        lastEnd[m] = block.end;
        status[i] = PLACED;
        machine[i] = m;
        start[i] = instantStartingAt(queue.timeline, block.start);
        end[i] = instantEndingAt(queue.timeline, block.end);
      }
    }
    if (!progressed) return null;
  }
  for (const [i] of model.pinned) {
    const p = model.predecessor[i]!;
    if (p >= 0 && (status[p] !== PLACED || end[p]! > start[i]!)) return null;
  }
  return { machine, start, end, reason, queues };
}
