import { and, count, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { DIGITAL_TWIN_PERMISSIONS } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { equipment, equipmentLive } from '../equipment/index.ts';
import { notify } from '../inbox/index.ts';
import { productSettings } from '../master-data/master-data.table.ts';
import { tasks } from './processing.table.ts';
import { applyFaultReplan } from './fault-replan.apply.ts';

/** Minutes of fault before a proposal when a product has no settings row (the setting's own default). */
export const DEFAULT_REPLAN_AFTER_FAULT_MINUTES = 10;
/** Arbitrary constant naming the fault scan among PostgreSQL advisory locks. */
const FAULT_REPLAN_LOCK = 727_035;

/** Where the scan reports a machine whose automatic re-plan failed (the app's logger). */
export type FaultScanLog = { warn: (context: object, message: string) => void };

/**
 * `faultReplan` for every machine of a line that has been in fault for its product's
 * `replanAfterFaultMinutes` or longer (by telemetry or set by hand: the live state's `since`) and still
 * holds tasks not started: to those who may re-plan (the task list's dispatch), linking to the machine's
 * re-plan proposal (`view: replan` on its digital twin). Nothing is moved: the proposal is applied by a
 * person — unless the product's `replanOnFault` is `apply`: then it is applied by itself
 * (`applyFaultReplan`), and they are told what moved or why it was not. Once per fault and user
 * (`faultReplan:<machine>:<fault start>`), so the scan of every API process each minute tells nobody twice; a process that finds another scanning skips (the advisory
 * lock). A machine whose automatic re-plan fails is rolled back alone (`log`), and tried again at the
 * next scan. `now` is the scan's clock (tests pass theirs). Returns how many notifications were written.
 */
export async function proposeFaultReplans(
  db: Db,
  now: Date = new Date(),
  log: FaultScanLog = { warn: () => undefined },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [locked] = (
      (await tx.execute(sql`select pg_try_advisory_xact_lock(${FAULT_REPLAN_LOCK}) as locked`)) as unknown as {
        rows: { locked: boolean }[];
      }
    ).rows;
    if (!locked?.locked) return 0;
    const minutes = sql`coalesce(${productSettings.replanAfterFaultMinutes}, ${DEFAULT_REPLAN_AFTER_FAULT_MINUTES})`;
    const waiting = await tx
      .select({
        id: equipment.id,
        name: equipment.name,
        serialNumber: equipment.serialNumber,
        clientId: equipment.clientId,
        productId: equipment.productId,
        since: equipmentLive.since,
        replanOnFault: productSettings.replanOnFault,
        tasks: count(tasks.id),
      })
      .from(equipmentLive)
      .innerJoin(equipment, eq(equipment.id, equipmentLive.equipmentId))
      .leftJoin(productSettings, eq(productSettings.productId, equipment.productId))
      .innerJoin(
        tasks,
        and(
          eq(tasks.equipmentId, equipment.id),
          eq(tasks.productId, equipment.productId),
          inArray(tasks.status, ['pending', 'dispatched']),
        ),
      )
      .where(
        and(
          eq(equipmentLive.state, 'fault'),
          isNotNull(equipment.productId),
          isNotNull(equipment.clientId),
          lte(equipmentLive.since, sql`${now.toISOString()}::timestamptz - make_interval(mins => ${minutes})`),
        ),
      )
      .groupBy(
        equipment.id,
        equipmentLive.since,
        productSettings.replanAfterFaultMinutes,
        productSettings.replanOnFault,
      );
    let told = 0;
    for (const machine of waiting) {
      const since = toIso(machine.since!);
      const minutes = Math.floor((now.getTime() - Date.parse(since)) / 60_000);
      const faulted = {
        ...machine,
        clientId: machine.clientId!,
        productId: machine.productId!,
        since,
        minutes,
        tasks: Number(machine.tasks),
      };
      if (machine.replanOnFault === 'apply') {
        // A savepoint per machine: one machine's re-plan that fails (a refusal, a row another writer
        // holds) must not undo the others' moves and notifications written in this scan.
        try {
          told += await tx.transaction((machineTx) => applyFaultReplan(machineTx, faulted));
        } catch (error) {
          log.warn({ err: error, equipmentId: machine.id }, 'the fault re-plan of a machine failed');
        }
        continue;
      }
      told += (
        await notify(tx, {
          kind: 'faultReplan',
          clientId: faulted.clientId,
          productId: faulted.productId,
          subject: { page: DIGITAL_TWIN_PERMISSIONS.read, id: machine.id, view: 'replan' },
          params: { machine: machine.name, serialNumber: machine.serialNumber, minutes, tasks: faulted.tasks },
          dedupeKey: `faultReplan:${machine.id}:${since}`,
        })
      ).length;
    }
    return told;
  });
}
