import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  CUT_PLAN_PERMISSIONS,
  DEMAND_ORDER_PERMISSIONS,
  STOCK_PERMISSIONS,
  TASK_PERMISSIONS,
  gramsToKg,
  machineLabel,
  type MyTask,
  type MyTaskKind,
  type MyTasks,
  type TaskStatus,
} from '@armature/domain';
import { holds, type Principal } from '../../core/auth/principal.ts';
import { users } from '../../core/auth/users.table.ts';
import { rebars } from '../master-data/master-data.table.ts';
import type { Db } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { equipment } from '../equipment/index.ts';
import { cutPlanRuns, cutPlans, demandOrders } from '../planning/index.ts';
import { operatorMachineOf, tasks } from '../processing/index.ts';
import { managedUsers } from '../users/index.ts';
import { freeRawGramsBySpec } from '../stock/index.ts';

/** The personnel page and its button that answers a password-reset request. */
const PERSONNEL_PAGE = 'basicConfig.user.personnel';
const RESET_PASSWORD = `${PERSONNEL_PAGE}.resetPassword`;

/** What waits on an operator's machine: not started yet, or paused. */
const QUEUED: readonly TaskStatus[] = ['pending', 'dispatched', 'paused'];

/** `scope` is null when the caller has chosen no product yet: only work outside any product is offered then. */
type Caller = { principal: Principal; scope: Scope | null; machineId: string | undefined };
type InProduct = Caller & { scope: Scope };
/**
 * One kind of waiting work: whether the caller may do it, and its items (oldest first). Work of a
 * product (`inProduct`) is read in the current product only.
 */
type Source = { kind: MyTaskKind; offered: (caller: Caller) => boolean } & (
  | { inProduct: true; items: (db: Db, caller: InProduct) => Promise<MyTask[]> }
  | { inProduct: false; items: (db: Db, caller: Caller) => Promise<MyTask[]> }
);

const orderToConfirm: Source = {
  kind: 'orderToConfirm',
  inProduct: true,
  offered: ({ principal }) => holds(principal, DEMAND_ORDER_PERMISSIONS.confirm),
  items: async (db, { scope }) => {
    const rows = await db
      .select({
        id: demandOrders.id,
        code: demandOrders.code,
        project: demandOrders.project,
        demandDate: demandOrders.demandDate,
        since: demandOrders.creationTime,
      })
      .from(demandOrders)
      .where(and(eq(demandOrders.productId, scope.productId), eq(demandOrders.status, 'draft')))
      .orderBy(asc(demandOrders.creationTime), asc(demandOrders.code));
    return rows.map((row) => ({
      kind: 'orderToConfirm',
      id: row.id,
      label: row.code,
      params: { name: row.project, dueDate: row.demandDate },
      subject: { page: DEMAND_ORDER_PERMISSIONS.read, id: row.id },
      since: toIso(row.since),
    }));
  },
};

/** Draft plans whose current run finished with a result: approval takes that run. */
const planToApprove: Source = {
  kind: 'planToApprove',
  inProduct: true,
  offered: ({ principal }) => holds(principal, CUT_PLAN_PERMISSIONS.approve),
  items: async (db, { scope }) => {
    const rows = await db
      .select({
        id: cutPlans.id,
        code: cutPlans.code,
        wasteRate: sql<number | null>`(${cutPlanRuns.result} -> 'totals' ->> 'wasteRate')::float8`,
        since: cutPlanRuns.finishedTime,
      })
      .from(cutPlans)
      .innerJoin(cutPlanRuns, eq(cutPlanRuns.id, cutPlans.currentRunId))
      .where(
        and(
          eq(cutPlans.productId, scope.productId),
          eq(cutPlans.status, 'draft'),
          isNotNull(cutPlanRuns.finishedTime),
          isNotNull(cutPlanRuns.result),
        ),
      )
      .orderBy(asc(cutPlanRuns.finishedTime), asc(cutPlans.code));
    return rows.map((row) => ({
      kind: 'planToApprove',
      id: row.id,
      label: row.code,
      params: { wasteRate: row.wasteRate === null ? null : Number(row.wasteRate) },
      subject: { page: CUT_PLAN_PERMISSIONS.read, id: row.id },
      since: toIso(row.since!),
    }));
  },
};

/**
 * The queue of the machine the operator works at (`machineId`, else the one they chose on the operator
 * page, kept on the server): it must be a machine of the current line, else 404. Done on the operator
 * page when they have it, else on the task's own page.
 */
const queuedTask: Source = {
  kind: 'queuedTask',
  inProduct: true,
  offered: ({ principal }) => holds(principal, TASK_PERMISSIONS.operator) || holds(principal, TASK_PERMISSIONS.start),
  items: async (db, { principal, scope, machineId: asked }) => {
    const machineId = asked ?? (await operatorMachineOf(db, scope));
    if (!machineId) return [];
    const [machine] = await db
      .select({ id: equipment.id, name: equipment.name, serialNumber: equipment.serialNumber })
      .from(equipment)
      .where(and(eq(equipment.id, machineId), eq(equipment.productId, scope.productId)));
    if (!machine) throw new AppError('not_found');
    const onOperatorPage = holds(principal, TASK_PERMISSIONS.operator);
    const rows = await db
      .select({ id: tasks.id, code: tasks.code, since: tasks.creationTime })
      .from(tasks)
      .where(
        and(
          eq(tasks.productId, scope.productId),
          eq(tasks.equipmentId, machine.id),
          inArray(tasks.status, [...QUEUED]),
        ),
      )
      .orderBy(asc(tasks.creationTime), asc(tasks.plannedStart), asc(tasks.code));
    return rows.map((row) => ({
      kind: 'queuedTask',
      id: row.id,
      label: row.code,
      params: { machine: machineLabel(machine) },
      subject: onOperatorPage
        ? { page: TASK_PERMISSIONS.operator, id: null }
        : { page: TASK_PERMISSIONS.read, id: row.id },
      since: toIso(row.since),
    }));
  },
};

/** Active users who asked for a new password, among those the caller manages (admins: everybody). */
const passwordReset: Source = {
  kind: 'passwordReset',
  inProduct: false,
  offered: ({ principal }) => holds(principal, RESET_PASSWORD),
  items: async (db, { principal }) => {
    const since = sql<string>`coalesce(${users.lastModificationTime}, ${users.creationTime})`.mapWith(
      users.creationTime,
    );
    const rows = await db
      .select({ id: users.id, userName: users.userName, name: users.name, since })
      .from(users)
      .where(and(eq(users.passwordResetRequested, true), eq(users.status, 'active'), managedUsers(principal)))
      .orderBy(asc(since), asc(users.userName));
    return rows.map((row) => ({
      kind: 'passwordReset',
      id: row.id,
      label: row.userName,
      params: { name: row.name },
      subject: { page: PERSONNEL_PAGE, id: null },
      since: toIso(row.since),
    }));
  },
};

/** Specs of the line whose free raw stock (on hand, not held, not reserved) is below their minimum. */
const lowStock: Source = {
  kind: 'lowStock',
  inProduct: true,
  offered: ({ principal }) => holds(principal, STOCK_PERMISSIONS.raw.add),
  items: async (db, { scope }) => {
    const specs = await db
      .select({ id: rebars.id, name: rebars.name, minStock: rebars.minStock, since: rebars.creationTime })
      .from(rebars)
      .where(and(eq(rebars.productId, scope.productId), isNotNull(rebars.minStock)))
      .orderBy(asc(rebars.grade), asc(rebars.diameter));
    const free = await freeRawGramsBySpec(db, scope.productId);
    return specs
      .map((spec) => ({ spec, stock: free.get(spec.id), minStockKg: Number(spec.minStock) }))
      .filter(({ stock, minStockKg }) => gramsToKg(stock?.grams ?? 0) < minStockKg)
      .map(({ spec, stock, minStockKg }) => ({
        kind: 'lowStock' as const,
        id: spec.id,
        label: spec.name,
        params: { availableKg: gramsToKg(stock?.grams ?? 0), minStockKg },
        subject: { page: STOCK_PERMISSIONS.raw.stock, id: null },
        since: toIso(stock?.lastMoveTime ?? spec.since),
      }))
      .sort((a, b) => a.since.localeCompare(b.since));
  },
};

const SOURCES: readonly Source[] = [orderToConfirm, planToApprove, queuedTask, passwordReset, lowStock];

/**
 * `GET /api/my-tasks`: every kind of work the caller may do in the current product (and, before they
 * chose one, what is not a product's: password resets), and what waits of each.
 */
export async function myTasks(db: Db, caller: Caller): Promise<MyTasks> {
  const { scope } = caller;
  const items: MyTask[] = [];
  const counts: MyTasks['counts'] = {};
  for (const source of SOURCES) {
    if (!source.offered(caller)) continue;
    let found: MyTask[];
    if (!source.inProduct) found = await source.items(db, caller);
    else if (scope) found = await source.items(db, { ...caller, scope });
    else continue;
    items.push(...found);
    counts[source.kind] = found.length;
  }
  return { items, counts };
}
