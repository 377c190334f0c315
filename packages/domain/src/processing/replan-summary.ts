import type { ReplanProposal } from './replan.schema.ts';

/** What a re-plan proposal costs, in the few figures its plain-words summary says. */
export type ReplanSummary = {
  /** Tasks (or rush jobs) asked to move that found a place. */
  moved: number;
  /** Tasks only pushed later (or re-timed) by them. */
  pushed: number;
  /** Work left without a place: the proposal cannot be applied. */
  unplaced: number;
  /** Orders whose days late grow, and by how many days in all. */
  ordersLater: number;
  daysLater: number;
  /** Orders whose days late shrink. */
  ordersSooner: number;
  /** Changeovers after minus before, over every machine. */
  changeovers: number;
  /** Machines whose work changes. */
  machines: number;
};

/**
 * The proposal's cost summed up: an order whose work finds no place counts as later (its days late
 * after are unknown), by nothing (no number to add); an order with no due date counts for nothing.
 */
export function replanSummary(proposal: ReplanProposal): ReplanSummary {
  let ordersLater = 0;
  let daysLater = 0;
  let ordersSooner = 0;
  for (const order of proposal.orders) {
    const { daysLateBefore: before, daysLateAfter: after } = order;
    if (before !== null && after !== null) {
      if (after > before) {
        ordersLater++;
        daysLater += after - before;
      } else if (after < before) ordersSooner++;
    } else if (before !== null && after === null) ordersLater++;
  }
  return {
    moved: proposal.moves.filter((move) => move.asked).length,
    pushed: proposal.moves.filter((move) => !move.asked).length,
    unplaced: proposal.unplaced.length,
    ordersLater,
    daysLater,
    ordersSooner,
    changeovers: proposal.machines.reduce((sum, m) => sum + m.changeoversAfter - m.changeoversBefore, 0),
    machines: proposal.machines.filter(
      (m) => m.workMinutesAfter !== m.workMinutesBefore || m.changeoversAfter !== m.changeoversBefore,
    ).length,
  };
}

/**
 * The drop date an order's days late are counted from (after the change, else as planned), when one is late
 * and it is not the order's own (earliest drop's) date the proposal already shows; else null.
 */
export function lateDropOf(order: ReplanProposal['orders'][number]): string | null {
  const late = order.lateDueAfter ?? order.lateDueBefore;
  return late !== null && late !== order.dueDate ? late : null;
}
