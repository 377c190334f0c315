import { DIGITAL_TWIN_PERMISSIONS, replanSummary, type ReplanProposal } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { notify } from '../inbox/index.ts';
import { applyReplan } from './task-replan.command.ts';
import { replanProposal } from './task-replan.query.ts';

/** A machine found by the fault scan: in fault since `since` (ISO), `minutes` so far, `tasks` waiting on it. */
export type FaultedMachine = {
  id: string;
  name: string;
  serialNumber: string;
  clientId: string;
  productId: string;
  since: string;
  minutes: number;
  tasks: number;
};

/** Days late of the orders a proposal touches, summed (an order with no due date or no place counts 0). */
const daysLate = (proposal: ReplanProposal, key: 'daysLateBefore' | 'daysLateAfter') =>
  proposal.orders.reduce((sum, order) => sum + (order[key] ?? 0), 0);

/**
 * Applies the machine's breakdown re-plan by itself (the product's `replanOnFault` at `apply`), through
 * the same `applyReplan` as a person's, inside the scan's transaction. Once applied, nothing waits on
 * the machine any more, so the next scan of the same fault finds nothing to apply again. A proposal that
 * leaves work without a place is not applied: those who may re-plan are told once per fault, and the
 * next scans try again (another machine may come back). The writer has no user: the events and jobs it
 * records read as the product's setting's doing. Returns how many notifications were written.
 */
export async function applyFaultReplan(tx: Tx, machine: FaultedMachine): Promise<number> {
  const writer: Actor = {
    scope: { clientId: machine.clientId, productId: machine.productId },
    user: { id: null, name: null },
    locale: 'en-US',
  };
  const request = { kind: 'breakdown', equipmentId: machine.id } as const;
  const { proposal } = await replanProposal(tx, machine.productId, request);
  const summary = replanSummary(proposal);
  const told = { machine: machine.name, serialNumber: machine.serialNumber, minutes: machine.minutes };
  const scope = { clientId: machine.clientId, productId: machine.productId };
  const onTwin = { page: DIGITAL_TWIN_PERMISSIONS.read, id: machine.id };
  if (summary.unplaced > 0 || summary.moved === 0) {
    const params = { ...told, tasks: machine.tasks, unplaced: summary.unplaced };
    const dedupeKey = `faultReplanNotApplied:${machine.id}:${machine.since}`;
    // It opens the proposal, for a person to decide.
    const subject = { ...onTwin, view: 'replan' as const };
    return (await notify(tx, { kind: 'faultReplanNotApplied', ...scope, subject, params, dedupeKey })).length;
  }
  await applyReplan(tx, writer, { ...request, stamp: proposal.stamp });
  const to = [...new Set(proposal.moves.filter((move) => move.asked).map((move) => move.machine))];
  const params = {
    ...told,
    moved: summary.moved,
    pushed: summary.pushed,
    to: to.join(', '),
    daysLateBefore: daysLate(proposal, 'daysLateBefore'),
    daysLateAfter: daysLate(proposal, 'daysLateAfter'),
  };
  // The stamp in the key: work placed later on the machine, still in fault, is moved and told again.
  const dedupeKey = `faultReplanApplied:${machine.id}:${machine.since}:${proposal.stamp}`;
  return (await notify(tx, { kind: 'faultReplanApplied', ...scope, subject: onTwin, params, dedupeKey })).length;
}
