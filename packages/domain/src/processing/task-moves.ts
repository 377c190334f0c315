import type { BarSource } from '../planning/index.ts';
import type { StockReason } from '../stock/index.ts';
import type { ScheduleJobKind } from './schedule.schema.ts';

/** What a task makes for one order line, and how many good pieces it made so far. */
export type TaskMoveOutput = {
  orderLineId: string;
  length: number;
  /** Pieces per repetition (per bar cut; 1 for a bend task). */
  perRepetition: number;
  stage: 'finished' | 'wip';
  produced: number;
};

/** A task's progress as reported: repetitions done (bars cut, pieces bent) and pieces scrapped. */
export type TaskProgress = { done: number; scrap: number };

export type TaskMovesInput = {
  kind: ScheduleJobKind;
  /** A cut task's bar: where it comes from, its length and the offcut each bar leaves. */
  bar: { source: BarSource; length: number; offcut: number } | null;
  /** Offcuts at least this long are reusable tails; shorter ones are waste. */
  minTailLength: number;
  outputs: readonly TaskMoveOutput[];
  before: TaskProgress;
  after: TaskProgress;
};

/** A stock change a report causes, besides the bars consumed. `orderLineId`: finished pieces only. */
export type TaskStockMove = {
  kind: 'finished' | 'tail' | 'waste';
  direction: 'in' | 'out';
  length: number;
  quantity: number;
  reason: StockReason;
  orderLineId: string | null;
};

export type TaskMoves = {
  /** Bars newly cut: taken out of the bar's stock (a cut task; 0 for a bend task). */
  bars: number;
  moves: TaskStockMove[];
  /** Per output (same order): the change of its good pieces (negative when pieces made earlier are scrapped). */
  produced: number[];
};

/** Pieces a progress has processed for each output (good and scrapped). */
const processedOf = (outputs: readonly TaskMoveOutput[], done: number) =>
  outputs.map((output) => output.perRepetition * done);

/** Every piece a task processes at `done`: what `scrap` may not exceed. */
export function piecesProcessed(outputs: readonly Pick<TaskMoveOutput, 'perRepetition'>[], done: number): number {
  return outputs.reduce((sum, output) => sum + output.perRepetition * done, 0);
}

/**
 * What a report (or a completion) moves for the work newly done between `before` and `after`, both
 * cumulative: each bar newly cut leaves its offcut (a tail at or above `minTailLength`, else waste);
 * the pieces newly cut or bent are good unless scrapped; newly scrapped pieces go to waste (reason
 * `scrap`), taken from each output in turn as far as its processed pieces allow — from pieces made
 * earlier too, which leave finished stock again. Finished outputs add their good pieces to finished
 * stock of their order line; `wip` outputs (cut for a bender) only count them. Nothing is moved twice:
 * a report equal to the last one answers no moves. The caller checks that progress never goes back and
 * that scrap stays within the pieces processed.
 */
export function taskMoves(input: TaskMovesInput): TaskMoves {
  const { outputs, before, after } = input;
  const newBars = input.kind === 'cut' ? after.done - before.done : 0;
  const processedBefore = processedOf(outputs, before.done);
  const processedAfter = processedOf(outputs, after.done);
  const scrappedBefore = outputs.map((output, index) => processedBefore[index]! - output.produced);

  let scrapLeft = after.scrap - before.scrap;
  const newlyScrapped = outputs.map((_, index) => {
    const room = processedAfter[index]! - scrappedBefore[index]!;
    const taken = Math.max(0, Math.min(room, scrapLeft));
    scrapLeft -= taken;
    return taken;
  });
  const produced = outputs.map((_, index) => processedAfter[index]! - processedBefore[index]! - newlyScrapped[index]!);

  const moves: TaskStockMove[] = [];
  outputs.forEach((output, index) => {
    const change = produced[index]!;
    const finished = output.stage === 'finished';
    if (finished && change !== 0)
      moves.push({
        kind: 'finished',
        direction: change > 0 ? 'in' : 'out',
        length: output.length,
        quantity: Math.abs(change),
        reason: change > 0 ? 'production' : 'scrap',
        orderLineId: output.orderLineId,
      });
    if (newlyScrapped[index]! > 0)
      moves.push({
        kind: 'waste',
        direction: 'in',
        length: output.length,
        quantity: newlyScrapped[index]!,
        reason: 'scrap',
        orderLineId: null,
      });
  });
  if (input.bar && newBars > 0 && input.bar.offcut > 0)
    moves.push({
      kind: input.bar.offcut >= input.minTailLength ? 'tail' : 'waste',
      direction: 'in',
      length: input.bar.offcut,
      quantity: newBars,
      reason: 'production',
      orderLineId: null,
    });
  return { bars: newBars, moves, produced };
}

/** A stock row bars of one length may be taken from (raw bars of one heat number), oldest first. */
export type BarLot = { heatNo: string; available: number };

/**
 * Bars to take for purchased-length patterns, which reserved no row of their own: from the lots in the order given
 * (oldest first), each as far as it has bars available. Null when they have fewer than `bars` in all.
 */
export function takeBars<L extends BarLot>(
  lots: readonly L[],
  bars: number,
): (Omit<L, 'available' | 'quantity'> & { quantity: number })[] | null {
  const taken: (Omit<L, 'available' | 'quantity'> & { quantity: number })[] = [];
  let left = bars;
  for (const lot of lots) {
    if (left <= 0) break;
    const quantity = Math.min(lot.available, left);
    // The lot's own fields (its stock row) go with what is taken of it.
    const { available: _available, ...rest } = lot;
    if (quantity > 0) taken.push({ ...(rest as Omit<L, 'available' | 'quantity'>), quantity });
    left -= quantity;
  }
  return left > 0 ? null : taken;
}
