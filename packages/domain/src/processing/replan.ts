import { schedulingOrder, workSlotsOf } from './auto-schedule.ts';
import { jobDurationMs } from './job-duration.ts';
import { addBlock, earliestBlock, machineQueue, type MachineQueue } from './machine-queue.ts';
import { instantEndingAt, instantStartingAt, machineTimelines, shiftTimeAt } from './machine-timeline.ts';
import { orderLateness } from './schedule-metrics.ts';
import type { OrderLateness, ScheduleInput, ScheduleJob, ScheduleSlot, UnscheduledReason } from './schedule.schema.ts';
import { changeoverMs, initialSetup, setupOf } from './setup-time.ts';

/**
 * Re-planning released work: a machine breaks down, a task is moved by hand, an urgent order comes in.
 * The work already released is placed (`placements`: each job's machine and planned start and end);
 * only what the change touches is placed again, everything else keeps its machine and time.
 */
export type Placement = { jobId: string; machineId: string; start: number; end: number };

export type ReplanRequest = {
  input: ScheduleInput;
  placements: readonly Placement[];
  /** Jobs to place again. */
  moving: readonly string[];
  /** Jobs that cannot move (started): they keep their place whatever happens. */
  locked: readonly string[];
  /**
   * `fill`: the moving jobs go into the time the others leave (a breakdown, a move by hand);
   * `first`: they are placed first, at their earliest, and the others on the machines they take are
   * pushed later in their order (a rush order).
   */
  priority: 'fill' | 'first';
  /** The machines the moving jobs may go to (null: any eligible one). */
  machineIds: readonly string[] | null;
  /** Nothing is placed to start before this instant (now), nor a moving job before its planned start. */
  notBefore: number;
  /**
   * The moving jobs' earliest start instead of their planned one (a move to another day: that day's
   * start, earlier or later than planned); `notBefore` still holds.
   */
  from?: number;
};

export type ReplanMove = {
  jobId: string;
  fromMachineId: string | null;
  fromStart: number | null;
  machineId: string;
  start: number;
  end: number;
};

export type ReplanResult = {
  /** Jobs whose machine or time changes, the moving ones first. */
  moves: ReplanMove[];
  /** Moving jobs that found no place (and pushed jobs that no longer fit), with the reason. */
  unplaced: { jobId: string; reason: UnscheduledReason }[];
  before: ScheduleSlot[];
  after: ScheduleSlot[];
};

/**
 * Places the moving jobs again and pushes later what they displace. A job whose predecessor (a bend
 * after its cut) now ends later than it starts is placed again too, on its own machine, and so on down
 * the chain; a job whose predecessor found no place gets none either.
 */
export function replan(request: ReplanRequest): ReplanResult {
  const { input, placements, notBefore } = request;
  const timelines = machineTimelines(input);
  const jobsById = new Map(input.jobs.map((job) => [job.id, job]));
  const moving = new Set(request.moving);
  const queuesOf = () =>
    new Map(input.machines.map((machine) => [machine.id, machineQueue(machine, timelines.get(machine.id)!)]));
  const placedBy = new Map(placements.map((placement) => [placement.jobId, placement]));
  const blockOf = (queue: MachineQueue, job: ScheduleJob, placement: Placement) => ({
    jobId: job.id,
    ...setupOf(job),
    start: shiftTimeAt(queue.timeline, placement.start),
    end: shiftTimeAt(queue.timeline, placement.end),
  });

  const beforeQueues = queuesOf();
  for (const placement of placements) {
    const queue = beforeQueues.get(placement.machineId);
    const job = jobsById.get(placement.jobId);
    if (queue && job) addBlock(queue, blockOf(queue, job, placement));
  }

  const queues = queuesOf();
  const after = new Map<string, Placement>();
  const locked = new Set(request.locked);
  for (const placement of placements) {
    const queue = queues.get(placement.machineId);
    const job = jobsById.get(placement.jobId);
    if (!queue || !job || !locked.has(job.id)) continue;
    addBlock(queue, blockOf(queue, job, placement));
    after.set(job.id, placement);
  }
  const unplaced: ReplanResult['unplaced'] = [];
  /** Places `job` where it ends first; `keptMs`: the shift time it takes as planned (a job pushed on its machine). */
  const place = (
    job: ScheduleJob,
    candidates: readonly MachineQueue[],
    earliestAt: number,
    keptMs?: number,
  ): boolean => {
    let best: Placement | null = null;
    let eligible = false;
    for (const queue of candidates) {
      const durationMs = keptMs ?? jobDurationMs(job, queue.machine);
      if (durationMs === null) continue;
      eligible = true;
      const block = earliestBlock(queue, setupOf(job), durationMs, shiftTimeAt(queue.timeline, earliestAt));
      if (!block) continue;
      const placed = {
        jobId: job.id,
        machineId: queue.machine.id,
        start: instantStartingAt(queue.timeline, block.start),
        end: instantEndingAt(queue.timeline, block.end),
      };
      if (best === null || placed.end < best.end) best = placed;
    }
    if (best === null) {
      unplaced.push({ jobId: job.id, reason: eligible ? 'beyondHorizon' : 'noEligibleMachine' });
      return false;
    }
    const queue = queues.get(best.machineId)!;
    addBlock(queue, blockOf(queue, job, best));
    after.set(job.id, best);
    return true;
  };
  const predecessorEnd = (job: ScheduleJob): number | null => {
    // A predecessor not in the input is done: nothing to wait for.
    if (job.after === null || !jobsById.has(job.after)) return -Infinity;
    const placed = after.get(job.after) ?? (moving.has(job.after) ? undefined : placedBy.get(job.after));
    return placed ? placed.end : null;
  };
  const targets = input.machines
    .filter((machine) => request.machineIds === null || request.machineIds.includes(machine.id))
    .map((machine) => queues.get(machine.id)!);
  /** The moving jobs by due date, each after its predecessor when that one moves too. */
  const placeMoving = () => {
    const done = new Set<string>();
    const visit = (job: ScheduleJob) => {
      if (done.has(job.id)) return;
      done.add(job.id);
      if (job.after !== null && moving.has(job.after)) visit(jobsById.get(job.after)!);
      const end = predecessorEnd(job);
      if (end === null) unplaced.push({ jobId: job.id, reason: 'dependency' });
      // A task keeps at least its planned start (its material, its day) unless moved to another day; a rush
      // job has none.
      else place(job, targets, Math.max(notBefore, end, request.from ?? placedBy.get(job.id)?.start ?? -Infinity));
    };
    for (const job of schedulingOrder({ ...input, jobs: input.jobs.filter((j) => moving.has(j.id)) })) visit(job);
  };

  // Jobs that stay where they are unless a predecessor now ends after their start; `first` pushes them.
  const staying = placements
    .filter(
      (placement) => !moving.has(placement.jobId) && !locked.has(placement.jobId) && jobsById.has(placement.jobId),
    )
    .sort((a, b) => a.start - b.start);
  if (request.priority === 'fill') {
    for (const placement of staying) {
      const queue = queues.get(placement.machineId);
      if (queue) addBlock(queue, blockOf(queue, jobsById.get(placement.jobId)!, placement));
      if (queue) after.set(placement.jobId, placement);
    }
    placeMoving();
  } else placeMoving();

  // Walk the staying jobs in time order: a job keeps its place when nothing pushes it (`fill`: its
  // predecessor still ends before it; `first`: also its machine is free then), else it goes later.
  const touchedMachines = new Set([...moving].map((id) => after.get(id)?.machineId).filter((id) => id !== undefined));
  const pushed = new Set<string>();
  for (const placement of staying) {
    const job = jobsById.get(placement.jobId)!;
    const queue = queues.get(placement.machineId);
    if (!queue) continue;
    const end = predecessorEnd(job);
    const chainMoved = job.after !== null && (pushed.has(job.after) || moving.has(job.after));
    const late = end === null || end > placement.start;
    if (request.priority === 'fill') {
      if (!late) continue;
      queue.blocks.splice(
        queue.blocks.findIndex((block) => block.jobId === job.id),
        1,
      );
    } else if (!late && !touchedMachines.has(placement.machineId) && !chainMoved) {
      addBlock(queue, blockOf(queue, job, placement));
      after.set(job.id, placement);
      continue;
    }
    if (end === null) {
      after.delete(job.id);
      unplaced.push({ jobId: job.id, reason: 'dependency' });
      continue;
    }
    const kept = shiftTimeAt(queue.timeline, placement.end) - shiftTimeAt(queue.timeline, placement.start);
    if (!place(job, [queue], Math.max(placement.start, end), kept)) after.delete(job.id);
    const now = after.get(job.id);
    if (now && now.start !== placement.start) {
      pushed.add(job.id);
      // What comes after it on its machine is no longer sure of its time either.
      touchedMachines.add(placement.machineId);
    }
  }

  const moves: ReplanMove[] = [];
  for (const [jobId, placed] of after) {
    const from = placedBy.get(jobId);
    if (from && from.machineId === placed.machineId && from.start === placed.start) continue;
    moves.push({
      jobId,
      fromMachineId: from?.machineId ?? null,
      fromStart: from?.start ?? null,
      machineId: placed.machineId,
      start: placed.start,
      end: placed.end,
    });
  }
  moves.sort((a, b) => Number(moving.has(b.jobId)) - Number(moving.has(a.jobId)) || a.start - b.start);
  return {
    moves,
    unplaced,
    before: [...beforeQueues.values()].flatMap(workSlotsOf),
    after: [...queues.values()].flatMap(workSlotsOf),
  };
}

/**
 * What a re-plan costs: per order its days late before and after (its worst drop's) and the due date of the
 * drop they are counted from when it is late (null: none late, or not placed); per machine its changeovers
 * and load.
 */
export type ReplanCost = {
  orders: {
    orderId: string;
    daysLateBefore: number | null;
    daysLateAfter: number | null;
    lateDueBefore: string | null;
    lateDueAfter: string | null;
  }[];
  machines: {
    machineId: string;
    changeoversBefore: number;
    changeoversAfter: number;
    workMinutesBefore: number;
    workMinutesAfter: number;
  }[];
};

export function replanCost(input: ScheduleInput, result: Pick<ReplanResult, 'before' | 'after'>): ReplanCost {
  const lateDue = (order: OrderLateness) => ((order.daysLate ?? 0) > 0 ? order.dueDate : null);
  const lateBefore = new Map(orderLateness(input, result.before).map((order) => [order.orderId, order]));
  const orders = orderLateness(input, result.after)
    .map((order) => {
      const before = lateBefore.get(order.orderId);
      return {
        orderId: order.orderId,
        daysLateBefore: before?.daysLate ?? null,
        daysLateAfter: order.daysLate,
        lateDueBefore: before ? lateDue(before) : null,
        lateDueAfter: lateDue(order),
      };
    })
    .sort((a, b) => a.orderId.localeCompare(b.orderId));
  const jobsById = new Map(input.jobs.map((job) => [job.id, job]));
  const figures = (slots: readonly ScheduleSlot[], machineId: string) => {
    const machine = input.machines.find((m) => m.id === machineId)!;
    const mine = slots.filter((slot) => slot.machineId === machineId && slot.kind === 'work');
    const firsts = new Map<string, number>();
    for (const slot of mine) firsts.set(slot.jobId, Math.min(firsts.get(slot.jobId) ?? Infinity, slot.from));
    let setUp = initialSetup(machine);
    let changeovers = 0;
    for (const [jobId] of [...firsts].sort((a, b) => a[1] - b[1])) {
      const job = jobsById.get(jobId)!;
      if (changeoverMs(machine, setUp, setupOf(job)) > 0) changeovers++;
      setUp = setupOf(job);
    }
    const workMinutes = Math.round(mine.reduce((sum, slot) => sum + slot.to - slot.from, 0) / 60_000);
    return { changeovers, workMinutes };
  };
  const machines = input.machines.map((machine) => {
    const before = figures(result.before, machine.id);
    const after = figures(result.after, machine.id);
    return {
      machineId: machine.id,
      changeoversBefore: before.changeovers,
      changeoversAfter: after.changeovers,
      workMinutesBefore: before.workMinutes,
      workMinutesAfter: after.workMinutes,
    };
  });
  return { orders, machines };
}
