import { and, asc, eq, gte, inArray, lt, ne, sql, type AnyColumn } from 'drizzle-orm';
import {
  DEMAND_ORDER_PERMISSIONS,
  DIGITAL_TWIN_PERMISSIONS,
  STOCK_PERMISSIONS,
  TASK_PERMISSIONS,
  gramsToKg,
  isoWeekday,
  nextDay,
  plantDayBounds,
  plantDayOf,
  type Dashboard,
  type DemandOrderStatus,
} from '@armature/domain';
import { holds, type Principal } from '../../core/auth/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { equipment } from '../equipment/index.ts';
import { demandOrderLines, demandOrders, nextDropDue } from '../planning/index.ts';
import { tasks, timeZoneOf } from '../processing/index.ts';
import { stockLogs } from '../stock/stock.table.ts';
import { readBoard } from '../telemetry/index.ts';
import { stockByDiameter } from './stock-figures.query.ts';

/** How many plant days the waste trend covers, today included. */
export const WASTE_TREND_DAYS = 30;

/** Orders still to be made: confirmed, planned or in production (not drafts, done or cancelled ones). */
const OPEN_ORDERS: readonly DemandOrderStatus[] = ['confirmed', 'planned', 'producing'];

const iso = (ms: number) => new Date(ms).toISOString();
const grams = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * Today's output per machine of the line: finished pieces machine tasks put into stock (the ledger's
 * `task` rows of finished stock), so a bar cut and then bent counts once, when it is finished.
 */
async function production(db: Db, productId: string, today: { from: number; to: number }) {
  const machines = await db
    .select({ id: equipment.id, name: equipment.name, serialNumber: equipment.serialNumber })
    .from(equipment)
    .where(eq(equipment.productId, productId))
    .orderBy(asc(equipment.serialNumber));
  const output = await db
    .select({
      equipmentId: tasks.equipmentId,
      pieces: sql<number>`coalesce(sum(${stockLogs.quantity}), 0)`.mapWith(Number),
      grams: grams(stockLogs.weightGrams),
    })
    .from(stockLogs)
    .innerJoin(tasks, eq(tasks.id, stockLogs.sourceId))
    .where(
      and(
        eq(stockLogs.productId, productId),
        eq(stockLogs.kind, 'finished'),
        eq(stockLogs.direction, 'in'),
        eq(stockLogs.sourceType, 'task'),
        gte(stockLogs.creationTime, iso(today.from)),
        lt(stockLogs.creationTime, iso(today.to)),
      ),
    )
    .groupBy(tasks.equipmentId);
  const rows = machines.map((machine) => {
    const made = output.find((row) => row.equipmentId === machine.id);
    return {
      equipmentId: machine.id,
      name: machine.name,
      serialNumber: machine.serialNumber,
      pieces: made?.pieces ?? 0,
      kg: gramsToKg(made?.grams ?? 0),
    };
  });
  return {
    pieces: rows.reduce((sum, row) => sum + row.pieces, 0),
    kg: gramsToKg(output.reduce((sum, row) => sum + row.grams, 0)),
    machines: rows,
  };
}

/** Each machine's OEE today so far: the digital twin's own figures (its board). */
async function oee(db: Db, productId: string, now: number) {
  const board = await readBoard(db, productId, now);
  return board.items.map((card) => ({
    equipmentId: card.equipmentId,
    name: card.name,
    serialNumber: card.serialNumber,
    operationStatus: card.operationStatus,
    availability: card.today.availability,
    performance: card.today.performance,
    quality: card.today.quality,
    oee: card.today.oee,
  }));
}

/**
 * Open orders due from today to the end of the plant's week (Sunday) — by their drops: the first drop
 * from today on — with their planned and produced shares.
 */
async function ordersDue(db: Db, productId: string, today: string) {
  const sunday = nextDay(today, 7 - isoWeekday(today));
  const dueDate = nextDropDue({ from: sql`${today}::date` });
  const share = (column: AnyColumn) =>
    sql<number>`coalesce(least(1, sum(${column})::float8 / nullif(sum(${demandOrderLines.quantity}), 0)), 0)`.mapWith(
      Number,
    );
  return db
    .select({
      id: demandOrders.id,
      code: demandOrders.code,
      name: demandOrders.project,
      dueDate: sql<string>`${dueDate}`,
      status: demandOrders.status,
      planned: share(demandOrderLines.plannedQuantity),
      produced: share(demandOrderLines.producedQuantity),
    })
    .from(demandOrders)
    .leftJoin(demandOrderLines, eq(demandOrderLines.orderId, demandOrders.id))
    .where(
      and(
        eq(demandOrders.productId, productId),
        inArray(demandOrders.status, [...OPEN_ORDERS]),
        sql`${dueDate}::date <= ${sunday}::date`,
      ),
    )
    .groupBy(demandOrders.id)
    .orderBy(sql`${dueDate}`, asc(demandOrders.code));
}

/**
 * The last 30 plant days: kilograms produced (finished stock in, reason production) against waste
 * that came in (waste stock in, stock-take adjustments left out), per day of the plant's clock.
 */
async function wasteTrend(db: Db, productId: string, today: string, timeZone: string) {
  const first = nextDay(today, 1 - WASTE_TREND_DAYS);
  const day = sql<string>`to_char(${stockLogs.creationTime} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      producedGrams:
        sql<number>`coalesce(sum(${stockLogs.weightGrams}) filter (where ${stockLogs.kind} = 'finished'), 0)`.mapWith(
          Number,
        ),
      wasteGrams:
        sql<number>`coalesce(sum(${stockLogs.weightGrams}) filter (where ${stockLogs.kind} = 'waste'), 0)`.mapWith(
          Number,
        ),
    })
    .from(stockLogs)
    .where(
      and(
        eq(stockLogs.productId, productId),
        eq(stockLogs.direction, 'in'),
        gte(stockLogs.creationTime, iso(plantDayBounds(first, timeZone).from)),
        lt(stockLogs.creationTime, iso(plantDayBounds(today, timeZone).to)),
        sql`((${stockLogs.kind} = 'finished' and ${stockLogs.reason} = 'production') or (${stockLogs.kind} = 'waste' and ${ne(stockLogs.reason, 'adjustment')}))`,
      ),
    )
    // By position: the time zone is a parameter, and a repeated expression would be another one.
    .groupBy(sql`1`);
  return Array.from({ length: WASTE_TREND_DAYS }, (_, index) => {
    const date = nextDay(first, index);
    const row = rows.find((candidate) => candidate.day === date);
    const producedKg = gramsToKg(row?.producedGrams ?? 0);
    const wasteKg = gramsToKg(row?.wasteGrams ?? 0);
    const total = producedKg + wasteKg;
    return { date, producedKg, wasteKg, rate: total > 0 ? wasteKg / total : null };
  });
}

/**
 * `GET /api/dashboard`: the plant user's home for the current product, each tile only for whoever may
 * open the page it links to (null otherwise).
 */
export async function dashboard(db: Db, principal: Principal, productId: string, now = Date.now()): Promise<Dashboard> {
  const timeZone = await timeZoneOf(db, productId);
  const today = plantDayOf(now, timeZone);
  const may = (permission: string) => holds(principal, permission);
  return {
    date: today,
    production: may(TASK_PERMISSIONS.read) ? await production(db, productId, plantDayBounds(today, timeZone)) : null,
    oee: may(DIGITAL_TWIN_PERMISSIONS.read) ? await oee(db, productId, now) : null,
    ordersDue: may(DEMAND_ORDER_PERMISSIONS.read) ? await ordersDue(db, productId, today) : null,
    stock: may(STOCK_PERMISSIONS.raw.stock) ? await stockByDiameter(db, productId) : null,
    wasteTrend: may(STOCK_PERMISSIONS.waste.stock) ? await wasteTrend(db, productId, today, timeZone) : null,
  };
}
