import { autoSchedule, workSlotsOf } from './auto-schedule.ts';
import {
  decode,
  scheduleModel,
  seedSequences,
  type Decoded,
  type ScheduleModel,
  type Sequences,
} from './schedule-decode.ts';
import { machineDayLoads, orderLateness } from './schedule-metrics.ts';
import { bindingJob, eligibleMachines, insertMove, locate, positionAt, swapMove } from './schedule-moves.ts';
import { seededRandom } from '../core/seeded-random.ts';
import {
  compareCost,
  costModel,
  orderDaysLate,
  resultCost,
  scheduleCost,
  type CostModel,
  type ScheduleCost,
} from './schedule-objective.ts';
import type { AutoScheduleResult, ScheduleInput, UnscheduledJob } from './schedule.schema.ts';
import { orderByOrderSchedulingOrder } from './schedule-seeds.ts';
import { withSetupSlots } from './setup-slots.ts';

export type OptimiseOptions = {
  /** Wall-clock budget; the best schedule found by then is returned. */
  timeLimitMs: number;
  /** Most candidate schedules tried: with a generous time limit, a test gets the same answer every run. */
  maxEvaluations?: number;
  seed?: number;
};

/** Where a running search stands: reported between slices of work (`optimiseScheduleAsync`). */
export type OptimiseProgress = {
  /** 0…1 of the time limit (or of `maxEvaluations`, whichever is nearer). */
  fraction: number;
  evaluations: number;
  /** The list schedule's cost and the best found so far. */
  before: ScheduleCost;
  best: ScheduleCost;
};

export type OptimiseOutcome = {
  result: AutoScheduleResult;
  /** The list schedule's figures and the optimised schedule's. */
  before: ScheduleCost;
  after: ScheduleCost;
  evaluations: number;
};

const DAY_MS = 86_400_000;
/** Orders per batch of the seeds placing orders one (or a few) at a time: more grouping, more changeovers. */
const SEED_BATCHES = [1, 3, 8];

/**
 * The optimising mode: a local search seeded by the list schedule (`autoSchedule`). A candidate is,
 * per machine, the order it works through its jobs; `decode` places them under the same rules as the
 * list schedule (eligibility, diameter range, throughput, shifts, changeovers, a job after its
 * predecessor, pinned jobs kept). Moves take the job that makes a late order late (or the
 * predecessor it waits for) earlier, on its machine or another eligible one; push a job of an order
 * with room to spare later; put a job next to one of its diameter, saving a changeover; or swap two
 * neighbours. A candidate no worse than the current one (`compareCost`: lateness, then the jobs left
 * out, then changeovers, then makespan) is kept, so the search can cross plateaus; the best one seen
 * is returned, never worse than the list schedule.
 */
export function optimiseSchedule(input: ScheduleInput, options: OptimiseOptions): OptimiseOutcome {
  const steps = optimiseSteps(input, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Work done between two yields: short enough for a live page and other requests of the process. */
const SLICE_MS = 50;

/**
 * The search as a generator, for a caller that must give its event loop back (a background job in an
 * API process): it yields its progress every ~50 ms of work and stops early, with the best schedule
 * found so far, when resumed with `true`; its return value is the outcome.
 */
export function* optimiseSteps(
  input: ScheduleInput,
  options: OptimiseOptions,
): Generator<OptimiseProgress, OptimiseOutcome, boolean | undefined> {
  const started = Date.now();
  const seed = autoSchedule(input);
  const model = scheduleModel(input, seed);
  const costs = costModel(model);
  const before = resultCost(model, costs, seed);
  // Start from the better of the list schedule and the list schedule placing one order at a time.
  let sequences = seedSequences(model, seed);
  let decoded = decode(model, sequences);
  // Cannot happen (the list schedule's own order is consistent); were it to, the list schedule stands.
  if (!decoded) return { result: seed, before, after: before, evaluations: 0 };
  let cost = scheduleCost(model, costs, decoded);
  for (const batch of input.jobs.some((job) => job.pinned !== null) ? [] : SEED_BATCHES) {
    if (Date.now() - started > options.timeLimitMs) break;
    const grouped = autoSchedule(input, orderByOrderSchedulingOrder(input, batch));
    const groupedSequences = seedSequences(model, grouped);
    const groupedDecoded = decode(model, groupedSequences);
    const groupedCost = groupedDecoded && scheduleCost(model, costs, groupedDecoded);
    if (groupedCost && groupedCost.unscheduled <= before.unscheduled && compareCost(groupedCost, cost) < 0) {
      [sequences, decoded, cost] = [groupedSequences, groupedDecoded!, groupedCost];
    }
  }
  let best = { sequences, decoded, cost };
  const random = seededRandom(options.seed ?? 1);
  const maxEvaluations = options.maxEvaluations ?? Infinity;
  let evaluations = 0;
  // Never more jobs left out than the list schedule leaves: an order late anyway must not lose work.
  const mostUnscheduled = before.unscheduled;
  // The first 70 % of the work goes to lateness, guided by hours late; the rest also to changeovers.
  const guidedUntil = (elapsed: number, done: number) =>
    elapsed < 0.7 * options.timeLimitMs && done < 0.7 * maxEvaluations;
  let sliceEnd = Date.now() + SLICE_MS;
  while (evaluations < maxEvaluations && Date.now() - started < options.timeLimitMs) {
    if (Date.now() >= sliceEnd) {
      const fraction = Math.min(
        1,
        Math.max((Date.now() - started) / options.timeLimitMs, evaluations / maxEvaluations),
      );
      if (yield { fraction, evaluations, before, best: best.cost }) break;
      sliceEnd = Date.now() + SLICE_MS;
    }
    const guided = guidedUntil(Date.now() - started, evaluations);
    const candidate = propose(model, costs, sequences, decoded, random, guided);
    evaluations++;
    if (!candidate) continue;
    const next = decode(model, candidate);
    if (!next) continue;
    const nextCost = scheduleCost(model, costs, next);
    if (nextCost.unscheduled > mostUnscheduled || compareCost(nextCost, cost, guided) > 0) continue;
    sequences = candidate;
    decoded = next;
    cost = nextCost;
    if (compareCost(cost, best.cost) < 0) best = { sequences, decoded, cost };
  }
  const result = compareCost(best.cost, before) < 0 ? resultOf(model, best.decoded) : seed;
  return { result, before, after: compareCost(best.cost, before) < 0 ? best.cost : before, evaluations };
}

/** One random move from the current schedule, or null when the one drawn does not apply. */
function propose(
  model: ScheduleModel,
  costs: CostModel,
  sequences: Sequences,
  decoded: Decoded,
  random: () => number,
  guided: boolean,
): Sequences | null {
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  // Once lateness has had its share, half the moves are those that save a changeover.
  const draw = guided || random() < 0.5 ? random() : 0.8 + random() * 0.12;
  const daysLate = orderDaysLate(costs, decoded);
  const late = costs.orders.filter((_, o) => (daysLate[o] ?? 0) > 0);
  if (draw < 0.4) {
    // A late order's jobs all earlier (or an order's all later, making room), by up to a day each.
    const order = draw < 0.25 ? pick(late) : pick(costs.orders);
    if (!order) return null;
    const shift = (draw < 0.25 ? -1 : 1) * random() * DAY_MS;
    let moved: Sequences | null = sequences;
    for (const job of order.jobs) {
      if (!moved || !model.movable[job]) continue;
      const here = locate(moved, job)!;
      const from = decoded.machine[job] === -1 ? costs.midnights[costs.afterHorizonIndex]! : decoded.start[job]!;
      moved = insertMove(moved, job, here.machine, positionAt(moved, decoded, here.machine, from + shift));
    }
    return moved === sequences ? null : moved;
  }
  if (draw < 0.65) {
    const order = pick(late);
    if (!order) return null;
    // The job it finishes with (or one left without a place), else what that job waits for.
    let last = -1;
    for (const i of order.jobs) {
      if (!model.movable[i]) continue;
      if (
        last === -1 ||
        decoded.machine[i] === -1 ||
        (decoded.machine[last] !== -1 && decoded.end[i]! > decoded.end[last]!)
      )
        last = i;
    }
    if (last === -1) return null;
    const job = decoded.machine[last] === -1 ? last : bindingJob(model, decoded, last);
    const machines = eligibleMachines(model, job);
    const here = locate(sequences, job);
    const machine = here && random() < 0.5 ? here.machine : pick(machines)!;
    const from = decoded.machine[job] === -1 ? costs.midnights[costs.afterHorizonIndex]! : decoded.start[job]!;
    const position = positionAt(sequences, decoded, machine, from - random() * DAY_MS);
    return insertMove(sequences, job, machine, position);
  }
  const m = Math.floor(random() * sequences.length);
  const sequence = sequences[m]!;
  if (sequence.length < 2) return null;
  const p = Math.floor(random() * sequence.length);
  const job = sequence[p]!;
  if (draw < 0.8) {
    // Later, by up to a day: room for another order's job.
    if (decoded.machine[job] === -1) return null;
    const machine = pick(eligibleMachines(model, job))!;
    return insertMove(
      sequences,
      job,
      machine,
      positionAt(sequences, decoded, machine, decoded.start[job]! + random() * DAY_MS),
    );
  }
  if (draw < 0.92) {
    // Next to a job of its diameter nearby on the same machine: one changeover fewer.
    const diameter = model.jobs[job]!.diameter;
    const window = 12;
    const near: number[] = [];
    for (let q = Math.max(0, p - window); q < Math.min(sequence.length, p + window); q++) {
      if (q !== p && Math.abs(q - p) > 1 && model.jobs[sequence[q]!]!.diameter === diameter) near.push(q);
    }
    const q = pick(near);
    if (q === undefined) return null;
    return insertMove(sequences, job, m, q > p ? q : q + 1);
  }
  return swapMove(sequences, m, p, p + 1 < sequence.length ? p + 1 : p - 1);
}

/** The schedule a decoded candidate stands for, as `autoSchedule` answers. */
function resultOf(model: ScheduleModel, decoded: Decoded): AutoScheduleResult {
  const { input } = model;
  const timelines = new Map(decoded.queues.map((queue) => [queue.machine.id, queue.timeline]));
  const slots = withSetupSlots(input, timelines, decoded.queues.flatMap(workSlotsOf));
  const unscheduled: UnscheduledJob[] = [];
  model.jobs.forEach((job, i) => {
    if (decoded.machine[i] === -1) unscheduled.push({ jobId: job.id, reason: decoded.reason[i] ?? 'beyondHorizon' });
  });
  return {
    slots,
    unscheduled,
    lateness: orderLateness(input, slots),
    loads: machineDayLoads(input.horizon, timelines, slots),
  };
}
