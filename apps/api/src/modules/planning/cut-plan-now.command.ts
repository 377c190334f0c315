import { eq } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { approveCutPlan } from './cut-plan-approve.command.ts';
import { createCutPlan, type CutPlanBody } from './cut-plan-draft.command.ts';
import { startRun } from './cut-plan-run.command.ts';
import { findPlan, planLines } from './cut-plan.query.ts';
import { buildGroupInputs, solveInPlace, solvePlan, type GroupSolver } from './cut-plan.solve.ts';
import { cutPlanRuns } from './cut-plan.table.ts';

/**
 * A draft made, solved in this transaction (not by a background job: the caller waits for it, each spec
 * group searched for at most `solveSeconds`; in place by default, a seed's way — a request passes the
 * worker thread's solver so the event loop never blocks) and approved with that run, through the same commands as
 * the API's: the demo seed's plans, and a rush order's plan. The draft's refusals are
 * thrown before anything is written. A run the check finds unsound is kept on the draft, unapproved,
 * and its problems answered.
 */
export async function planAndApproveNow(
  tx: Tx,
  writer: Actor,
  body: CutPlanBody,
  options: { solveSeconds: number; solver?: GroupSolver },
): Promise<{ planId: string; problems: string[] }> {
  const planId = await createCutPlan(tx, writer, body);
  const { runId } = await startRun(tx, writer, planId, {}, { enqueue: false });
  const plan = await findPlan(tx, writer.scope.productId, planId);
  const lines = await planLines(tx, planId);
  const groups = await buildGroupInputs(tx, plan, lines, options.solveSeconds);
  const { result, problems, last } = await solvePlan(groups, plan, { solver: options.solver ?? solveInPlace });
  if (problems.length) return { planId, problems };
  await tx.update(cutPlanRuns).set({ result, progress: last, finishedTime: isoNow() }).where(eq(cutPlanRuns.id, runId));
  await approveCutPlan(tx, writer, planId, runId);
  return { planId, problems };
}
