import type { ScheduleMachine } from './schedule.schema.ts';
import type { MachineTimeline } from './machine-timeline.ts';

/** A job's work on a machine, on the machine's shift-time axis: [start, end). */
export type Block = { jobId: string; diameter: number; start: number; end: number };

/**
 * The jobs placed on one machine so far, in time order. Between two blocks of different diameters the
 * machine needs its changeover time, so each gap keeps room for the setups its neighbours need; the
 * setup slots are drawn in that room at the end (`withSetupSlots`).
 */
export type MachineQueue = {
  machine: ScheduleMachine;
  timeline: MachineTimeline;
  changeoverMs: number;
  blocks: Block[];
};

export function machineQueue(machine: ScheduleMachine, timeline: MachineTimeline): MachineQueue {
  return { machine, timeline, changeoverMs: Math.round(machine.changeoverMinutes * 60_000), blocks: [] };
}

/** Index of the first block ending after shift time `at`. */
function firstBlockEndingAfter(blocks: readonly Block[], at: number): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]!.end > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The changeover a job of `diameter` needs after (or before) work of `neighbour` (null: none known). */
function changeoverBetween(queue: MachineQueue, diameter: number, neighbour: number | null | undefined): number {
  return neighbour !== null && neighbour !== undefined && neighbour !== diameter ? queue.changeoverMs : 0;
}

/**
 * The earliest block of `durationMs` for a job of `diameter` starting at shift time `earliest` or
 * later, in the first gap between placed jobs with room for it and for the changeovers on both sides;
 * null when none is left before the horizon ends. Only the gaps from `earliest` on are looked at.
 */
export function earliestBlock(
  queue: MachineQueue,
  diameter: number,
  durationMs: number,
  earliest: number,
): { start: number; end: number } | null {
  const { blocks } = queue;
  for (let gap = firstBlockEndingAfter(blocks, earliest); gap <= blocks.length; gap++) {
    const previous = gap === 0 ? null : blocks[gap - 1]!;
    const next = gap === blocks.length ? null : blocks[gap]!;
    const setUp = previous ? previous.diameter : queue.machine.setUpDiameter;
    const start = Math.max(earliest, (previous?.end ?? 0) + changeoverBetween(queue, diameter, setUp));
    const room = (next?.start ?? queue.timeline.total) - changeoverBetween(queue, diameter, next?.diameter);
    if (start + durationMs <= room) return { start, end: start + durationMs };
  }
  return null;
}

export function addBlock(queue: MachineQueue, block: Block): void {
  queue.blocks.splice(firstBlockEndingAfter(queue.blocks, block.start), 0, block);
}

/** Taking a job off only widens gaps, so the changeovers of the others still fit. */
export function removeBlock(queue: MachineQueue, jobId: string): void {
  const index = queue.blocks.findIndex((block) => block.jobId === jobId);
  if (index >= 0) queue.blocks.splice(index, 1);
}
