import { and, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { nextDay, plantDayBounds, shiftWindows, type TagSelection } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';
import { equipment } from '../equipment/index.ts';
import { demandOrderLines, demandOrders } from '../planning/index.ts';
import { tagsOfBundles, tagsWhere, type PrintableTag } from './bundle.query.ts';
import { timeZoneOf } from './daily-plan.query.ts';
import { bundles, dailyPlans, deliveryNotes, tasks } from './processing.table.ts';

type Reader = Db | Tx;

/**
 * The tags of a selection of the product's bundles, in print order: the chosen ones (404 when one is
 * not the product's), all of an order, all of a schedule's tasks, all of a delivery note, those of a
 * machine still in the plant (produced, not delivered: what may still need a tag), or those made in a
 * shift — on each machine of the line (or the one machine named), between the start and the end of its
 * shift of that name on that plant day. An order, schedule, note or machine outside the product is 404.
 */
export async function tagsOfSelection(db: Reader, productId: string, selection: TagSelection): Promise<PrintableTag[]> {
  if (selection.ids) return tagsOfBundles(db, productId, selection.ids);
  if (selection.orderId) {
    await mustExist(db, demandOrders, selection.orderId, productId);
    return tagsWhere(db, productId, eq(demandOrderLines.orderId, selection.orderId));
  }
  if (selection.dailyPlanId) {
    await mustExist(db, dailyPlans, selection.dailyPlanId, productId);
    return tagsWhere(db, productId, eq(tasks.dailyPlanId, selection.dailyPlanId));
  }
  if (selection.deliveryNoteId) {
    await mustExist(db, deliveryNotes, selection.deliveryNoteId, productId);
    return tagsWhere(db, productId, eq(bundles.deliveryNoteId, selection.deliveryNoteId));
  }
  if (selection.machineId) await mustExist(db, equipment, selection.machineId, productId);
  if (!selection.day)
    return tagsWhere(db, productId, and(eq(tasks.equipmentId, selection.machineId!), eq(bundles.status, 'produced')));
  const condition = await shiftCondition(db, productId, selection.day, selection.shift!, selection.machineId);
  return condition ? tagsWhere(db, productId, condition) : [];
}

type Scoped = typeof demandOrders | typeof dailyPlans | typeof deliveryNotes | typeof equipment;

async function mustExist(db: Reader, table: Scoped, id: string, productId: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table as typeof demandOrders)
    .where(and(eq(table.id, id), eq(table.productId, productId)));
  if (!row) throw new AppError('not_found');
}

/**
 * Bundles made on a machine of the line (or on `machineId` only) during its shift `name` of plant day
 * `day`; null when none worked it.
 */
async function shiftCondition(
  db: Reader,
  productId: string,
  day: string,
  name: string,
  machineId: string | undefined,
): Promise<SQL | null> {
  const timeZone = await timeZoneOf(db, productId);
  const machines = await db
    .select({ id: equipment.id, calendar: equipment.shiftCalendar })
    .from(equipment)
    .where(and(eq(equipment.productId, productId), machineId ? eq(equipment.id, machineId) : undefined));
  // A night shift of `day` ends on the next day: the range runs to the end of that one.
  const range = { from: plantDayBounds(day, timeZone).from, to: plantDayBounds(nextDay(day), timeZone).to };
  const spans = machines.flatMap((machine) =>
    shiftWindows(machine.calendar, range.from, range.to, timeZone)
      .filter((window) => window.day === day && window.name === name)
      .map((window) =>
        and(
          eq(tasks.equipmentId, machine.id),
          gte(bundles.producedAt, new Date(window.from).toISOString()),
          lt(bundles.producedAt, new Date(window.to).toISOString()),
        ),
      ),
  );
  return spans.length > 0 ? (or(...spans) ?? null) : null;
}
