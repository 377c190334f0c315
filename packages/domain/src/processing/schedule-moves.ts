import type { Decoded, ScheduleModel, Sequences } from './schedule-decode.ts';

/** Where a job is in the sequences: machine index and position. */
export function locate(sequences: Sequences, job: number): { machine: number; position: number } | null {
  for (let m = 0; m < sequences.length; m++) {
    const position = sequences[m]!.indexOf(job);
    if (position >= 0) return { machine: m, position };
  }
  return null;
}

/** The sequences with `job` taken out and inserted on `machine` at `position`; only touched machines are copied. */
export function insertMove(sequences: Sequences, job: number, machine: number, position: number): Sequences | null {
  const from = locate(sequences, job);
  if (!from) return null;
  const result = sequences.slice();
  const source = sequences[from.machine]!.slice();
  source.splice(from.position, 1);
  result[from.machine] = source;
  const target = machine === from.machine ? source : sequences[machine]!.slice();
  target.splice(Math.min(position, target.length), 0, job);
  result[machine] = target;
  return result;
}

/** The sequences with the jobs at positions `a` and `b` of `machine` exchanged. */
export function swapMove(sequences: Sequences, machine: number, a: number, b: number): Sequences {
  const result = sequences.slice();
  const sequence = sequences[machine]!.slice();
  [sequence[a], sequence[b]] = [sequence[b]!, sequence[a]!];
  result[machine] = sequence;
  return result;
}

/** The machines able to do `job`. */
export function eligibleMachines(model: ScheduleModel, job: number): number[] {
  const machines: number[] = [];
  model.durations[job]!.forEach((duration, m) => {
    if (duration !== null) machines.push(m);
  });
  return machines;
}

/** The first position of `machine`'s sequence whose job starts at or after `at` (placed jobs only). */
export function positionAt(sequences: Sequences, decoded: Decoded, machine: number, at: number): number {
  const sequence = sequences[machine]!;
  for (let p = 0; p < sequence.length; p++) {
    const i = sequence[p]!;
    if (decoded.machine[i] === -1 || decoded.start[i]! >= at) return p;
  }
  return sequence.length;
}

/**
 * The job that decides when `job` can start: its predecessor when it starts right at the
 * predecessor's end (moving `job` earlier alone cannot help), else `job` itself.
 */
export function bindingJob(model: ScheduleModel, decoded: Decoded, job: number): number {
  const p = model.predecessor[job]!;
  if (p >= 0 && model.movable[p] && decoded.machine[p] !== -1 && decoded.start[job]! - decoded.end[p]! < 60_000) {
    return bindingJob(model, decoded, p);
  }
  return job;
}
