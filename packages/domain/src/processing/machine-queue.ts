import type { SetupState } from '../equipment/index.ts';
import type { ScheduleMachine } from './schedule.schema.ts';
import type { MachineTimeline } from './machine-timeline.ts';
import { changeoverMs, initialSetup } from './setup-time.ts';

/** A job's work on a machine, on the machine's shift-time axis: [start, end). */
export type Block = { jobId: string; diameter: number; family: string | null; start: number; end: number };

/**
 * The jobs placed on one machine so far, in time order. Between two blocks set up differently the
 * machine needs a changeover (its matrix), so each gap keeps room for the setups its neighbours need; the
 * setup slots are drawn in that room at the end (`withSetupSlots`).
 */
export type MachineQueue = {
  machine: ScheduleMachine;
  timeline: MachineTimeline;
  blocks: Block[];
};

export function machineQueue(machine: ScheduleMachine, timeline: MachineTimeline): MachineQueue {
  return { machine, timeline, blocks: [] };
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

/** The changeover between work set up as `from` and work set up as `to` (null: none known, none charged). */
function changeoverBetween(queue: MachineQueue, from: SetupState | null, to: SetupState | null): number {
  return from === null || to === null ? 0 : changeoverMs(queue.machine, from, to);
}

/**
 * The earliest block of `durationMs` for a job set up as `setup` starting at shift time `earliest` or
 * later, in the first gap between placed jobs with room for it and for the changeovers on both sides;
 * null when none is left before the horizon ends. Only the gaps from `earliest` on are looked at.
 */
export function earliestBlock(
  queue: MachineQueue,
  setup: SetupState,
  durationMs: number,
  earliest: number,
): { start: number; end: number } | null {
  const { blocks } = queue;
  for (let gap = firstBlockEndingAfter(blocks, earliest); gap <= blocks.length; gap++) {
    const previous = gap === 0 ? null : blocks[gap - 1]!;
    const next = gap === blocks.length ? null : blocks[gap]!;
    const setUp = previous ?? initialSetup(queue.machine);
    const start = Math.max(earliest, (previous?.end ?? 0) + changeoverBetween(queue, setUp, setup));
    const room = (next?.start ?? queue.timeline.total) - changeoverBetween(queue, setup, next);
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
