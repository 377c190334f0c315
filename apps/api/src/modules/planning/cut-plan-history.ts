import {
  CUT_PLAN_ACTION_LABELS,
  CUT_PLAN_STATUS_LABELS,
  type CutPlanAction,
  type CutPlanStatus,
  type Localized,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { cutPlanHistory } from './cut-plan.table.ts';
import type { PlanRow } from './cut-plan.query.ts';

/** 409 `cut_plan_transition`: the plan's status does not allow the action (named in every language). */
export function refuseTransition(plan: PlanRow, action: CutPlanAction | Localized): never {
  throw new AppError('cut_plan_transition', {
    code: plan.code,
    status: CUT_PLAN_STATUS_LABELS[plan.status],
    action: typeof action === 'string' ? CUT_PLAN_ACTION_LABELS[action] : action,
  });
}

type HistoryArgs = [
  writer: Actor,
  planId: string,
  from: CutPlanStatus | null,
  to: CutPlanStatus,
  note?: string | null,
  at?: string,
];

/** `recordHistory`'s insert, not sent: for a caller sending it with its other writes (`writeTogether`). */
export function historyInsert(tx: Tx, ...[writer, planId, from, to, note = null, at = isoNow()]: HistoryArgs) {
  return tx.insert(cutPlanHistory).values({
    ...writer.scope,
    planId,
    fromStatus: from,
    toStatus: to,
    userId: writer.user.id,
    userName: writer.user.name,
    note,
    time: at,
    creatorId: writer.user.id,
    creationTime: at,
  });
}

/** One row of the plan's status history: who moved it from what to what, when and why. */
export async function recordHistory(tx: Tx, ...row: HistoryArgs) {
  await historyInsert(tx, ...row);
}
