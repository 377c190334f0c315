import { and, arrayContains, asc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { bundleCodeFromText, type BackwardTrace, type ForwardTrace } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { storedFiles } from '../../core/files/files.table.ts';
import { toAttachment } from '../../core/files/stored-files.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { equipment } from '../equipment/equipment.table.ts';
import { cutPlans } from '../planning/cut-plan.table.ts';
import { demandOrderLines, demandOrders } from '../planning/planning.table.ts';
import {
  bundles,
  dailyPlanJobs,
  dailyPlans,
  deliveryNotes,
  taskEvents,
  tasks,
} from '../processing/processing.table.ts';
import { rebarReceives, stockLogs } from '../stock/stock.table.ts';
import { offcutLots } from '../stock/offcut-lot.table.ts';
import { heatsCutBy } from '../stock/index.ts';
import { steelTasksOf } from '../processing/index.ts';
import { CERTIFICATE_OWNER, inspections } from './quality.table.ts';

type Reader = Db | Tx;
type TraceScope = Pick<Scope, 'clientId' | 'productId'>;
type TracedReceipt = BackwardTrace['receipts'][number];

/** The task events that name who ran a task (dispatching is the shift lead's, not an operator's). */
const OPERATOR_ACTIONS = ['start', 'resume', 'report', 'complete'];

const inProduct = (scope: TraceScope) => and(eq(tasks.clientId, scope.clientId), eq(tasks.productId, scope.productId));

/** The product's receipts matching `where`, each with its certificates and receipt inspections (three queries). */
async function tracedReceipts(db: Reader, scope: TraceScope, where: SQL | undefined): Promise<TracedReceipt[]> {
  const receipts = await db
    .select({
      id: rebarReceives.id,
      code: rebarReceives.code,
      supplier: rebarReceives.supplier,
      heatNo: rebarReceives.heatNo,
      rebarName: rebars.name,
      receiveDate: rebarReceives.receiveDate,
      barCount: rebarReceives.barCount,
      qualityStatus: rebarReceives.qualityStatus,
    })
    .from(rebarReceives)
    .innerJoin(rebars, eq(rebars.id, rebarReceives.rebarId))
    .where(
      and(
        eq(rebarReceives.clientId, scope.clientId),
        eq(rebarReceives.productId, scope.productId),
        ne(rebarReceives.status, 'reversed'),
        where,
      ),
    )
    .orderBy(asc(rebarReceives.receiveDate), asc(rebarReceives.code));
  if (!receipts.length) return [];
  const ids = receipts.map((receipt) => receipt.id);
  const files = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.productId, scope.productId),
        eq(storedFiles.ownerType, CERTIFICATE_OWNER),
        inArray(storedFiles.ownerId, ids),
      ),
    )
    .orderBy(asc(storedFiles.creationTime), asc(storedFiles.id));
  const checks = await db
    .select({
      receiptId: inspections.rebarReceiveId,
      id: inspections.id,
      code: inspections.code,
      result: inspections.result,
      inspectedAt: inspections.inspectedAt,
      inspectorName: inspections.inspectorName,
    })
    .from(inspections)
    .where(and(eq(inspections.productId, scope.productId), inArray(inspections.rebarReceiveId, ids)))
    .orderBy(asc(inspections.inspectedAt), asc(inspections.code));
  return receipts.map((receipt) => ({
    ...receipt,
    receiveDate: String(receipt.receiveDate),
    certificates: files.filter((file) => file.ownerId === receipt.id).map(toAttachment),
    inspections: checks
      .filter((check) => check.receiptId === receipt.id)
      .map(({ receiptId: _receipt, ...check }) => ({ ...check, inspectedAt: toIso(check.inspectedAt) })),
  }));
}

/** The trace's tasks with their machine, plans and operators, in `ids` order. */
async function tracedTasks(db: Reader, scope: TraceScope, ids: readonly string[]): Promise<BackwardTrace['tasks']> {
  const rows = await db
    .select({
      id: tasks.id,
      code: tasks.code,
      kind: tasks.kind,
      status: tasks.status,
      equipment: { id: equipment.id, name: equipment.name, serialNumber: equipment.serialNumber },
      startedAt: tasks.startedAt,
      finishedAt: tasks.finishedAt,
      cutPlan: { id: cutPlans.id, code: cutPlans.code },
      dailyPlan: { id: dailyPlans.id, code: dailyPlans.code },
    })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .innerJoin(dailyPlans, eq(dailyPlans.id, tasks.dailyPlanId))
    .innerJoin(cutPlans, eq(cutPlans.id, dailyPlanJobs.cutPlanId))
    .innerJoin(equipment, eq(equipment.id, tasks.equipmentId))
    .where(and(inProduct(scope), inArray(tasks.id, [...ids])));
  const events = await db
    .select({ taskId: taskEvents.taskId, userName: taskEvents.userName })
    .from(taskEvents)
    .where(and(inArray(taskEvents.taskId, [...ids]), inArray(taskEvents.action, OPERATOR_ACTIONS)))
    .orderBy(asc(taskEvents.seq));
  return ids.flatMap((id) => {
    const row = rows.find((each) => each.id === id);
    if (!row) return [];
    const operators = [
      ...new Set(events.flatMap((event) => (event.taskId === id && event.userName ? [event.userName] : []))),
    ];
    return [{ ...row, operators, startedAt: toIso(row.startedAt), finishedAt: toIso(row.finishedAt) }];
  });
}

/**
 * `GET /api/inspection/trace/bundle/{scanId}` (its scan id or its printed code): the bundle; the task that made it and, for a bent piece,
 * the cut task of its schedule that fed the bender (the bend job's `afterKey`); the heats that cut task
 * took from raw stock, their receipts of the bundle's spec with certificates and inspections; and the
 * production inspections of the tasks. 404 `trace_bundle_not_found` outside the caller's product.
 */
export async function traceBundle(db: Reader, scope: TraceScope, scanId: string): Promise<BackwardTrace> {
  const [found] = await db
    .select({
      id: bundles.id,
      scanId: bundles.scanId,
      mark: demandOrderLines.mark,
      rebarId: demandOrderLines.rebarId,
      rebarName: rebars.name,
      length: bundles.length,
      pieces: bundles.pieces,
      status: bundles.status,
      orderCode: demandOrders.code,
      project: demandOrders.project,
      taskId: tasks.id,
    })
    .from(bundles)
    .innerJoin(tasks, eq(tasks.id, bundles.taskId))
    .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
    .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
    .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
    .where(
      and(
        // The tag's scan id, or the code printed under its QR as someone typed it.
        or(eq(bundles.scanId, scanId), eq(bundles.code, bundleCodeFromText(scanId) ?? scanId)),
        eq(bundles.clientId, scope.clientId),
        eq(bundles.productId, scope.productId),
      ),
    );
  if (!found) throw new AppError('trace_bundle_not_found');
  const { taskId, rebarId, ...bundle } = found;
  // A bend task's pieces were cut by the job it waits for, in the same schedule.
  const taskIds = (await steelTasksOf(db, [taskId])).get(taskId) ?? [taskId];
  const heatNos = await heatsCutBy(db, scope.productId, taskIds);
  const tracedTaskList = await tracedTasks(db, scope, taskIds);
  const receipts = heatNos.length
    ? await tracedReceipts(db, scope, and(eq(rebarReceives.rebarId, rebarId), inArray(rebarReceives.heatNo, heatNos)))
    : [];
  const checks = await db
    .select({
      id: inspections.id,
      code: inspections.code,
      result: inspections.result,
      inspectedAt: inspections.inspectedAt,
      pieceNo: inspections.pieceNo,
    })
    .from(inspections)
    .where(and(eq(inspections.productId, scope.productId), inArray(inspections.taskId, taskIds)))
    .orderBy(asc(inspections.inspectedAt), asc(inspections.code));
  return {
    bundle,
    tasks: tracedTaskList,
    heatNos,
    receipts,
    productionInspections: checks.map((check) => ({ ...check, inspectedAt: toIso(check.inspectedAt) })),
  };
}

/**
 * `GET /api/inspection/trace/heat/{heatNo}`: the recall list of a heat — its receipts, and every bundle
 * made of it: those of the cut tasks that took its bars from raw stock or re-used offcuts of its steel
 * (lots, through any number of re-uses), and those of the bend tasks
 * those cuts fed — each with its task, machine, finish time and delivery note. A fixed number of
 * queries, whatever the number of bundles.
 */
export async function traceHeat(db: Reader, scope: TraceScope, heatNo: string): Promise<ForwardTrace> {
  // The tasks that cut the heat's raw bars or re-used an offcut lot of its steel.
  const ofHeatLots = db
    .select({ id: offcutLots.id })
    .from(offcutLots)
    .where(and(eq(offcutLots.productId, scope.productId), arrayContains(offcutLots.heatNos, [heatNo])));
  const consumers = db
    .selectDistinct({ id: stockLogs.sourceId })
    .from(stockLogs)
    .where(
      and(
        eq(stockLogs.productId, scope.productId),
        eq(stockLogs.direction, 'out'),
        eq(stockLogs.sourceType, 'task'),
        or(
          and(eq(stockLogs.kind, 'raw'), eq(stockLogs.heatNo, heatNo)),
          and(eq(stockLogs.kind, 'tail'), inArray(stockLogs.lotId, ofHeatLots)),
        ),
      ),
    );
  const cuts = await db
    .select({ id: tasks.id, dailyPlanId: tasks.dailyPlanId, key: dailyPlanJobs.key })
    .from(tasks)
    .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
    .where(and(inProduct(scope), inArray(tasks.id, consumers)));
  const fed = cuts.length
    ? await db
        .select({ id: tasks.id })
        .from(tasks)
        .innerJoin(dailyPlanJobs, eq(dailyPlanJobs.id, tasks.jobId))
        .where(
          and(
            inProduct(scope),
            or(...cuts.map((cut) => and(eq(tasks.dailyPlanId, cut.dailyPlanId), eq(dailyPlanJobs.afterKey, cut.key)))),
          ),
        )
    : [];
  const taskIds = [...cuts, ...fed].map((task) => task.id);
  const receipts = await tracedReceipts(db, scope, eq(rebarReceives.heatNo, heatNo));
  const rows = taskIds.length
    ? await db
        .select({
          id: bundles.id,
          scanId: bundles.scanId,
          mark: demandOrderLines.mark,
          rebarName: rebars.name,
          length: bundles.length,
          pieces: bundles.pieces,
          status: bundles.status,
          orderCode: demandOrders.code,
          project: demandOrders.project,
          taskCode: tasks.code,
          equipmentName: equipment.name,
          serialNumber: equipment.serialNumber,
          finishedAt: tasks.finishedAt,
          deliveryId: deliveryNotes.id,
          deliveryCode: deliveryNotes.code,
          site: deliveryNotes.site,
          deliveredAt: deliveryNotes.deliveredAt,
        })
        .from(bundles)
        .innerJoin(tasks, eq(tasks.id, bundles.taskId))
        .innerJoin(equipment, eq(equipment.id, tasks.equipmentId))
        .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
        .innerJoin(demandOrders, eq(demandOrders.id, demandOrderLines.orderId))
        .innerJoin(rebars, eq(rebars.id, demandOrderLines.rebarId))
        .leftJoin(deliveryNotes, eq(deliveryNotes.id, bundles.deliveryNoteId))
        .where(and(eq(bundles.productId, scope.productId), inArray(bundles.taskId, taskIds)))
        .orderBy(asc(demandOrders.code), asc(demandOrderLines.mark), asc(tasks.code), asc(bundles.number))
    : [];
  return {
    heatNo,
    receipts,
    bundles: rows.map(({ deliveryId, deliveryCode, site, deliveredAt, finishedAt, ...bundle }) => ({
      ...bundle,
      finishedAt: toIso(finishedAt),
      delivery:
        deliveryId && deliveryCode && site && deliveredAt
          ? { id: deliveryId, code: deliveryCode, site, deliveredAt: toIso(deliveredAt) }
          : null,
    })),
  };
}
