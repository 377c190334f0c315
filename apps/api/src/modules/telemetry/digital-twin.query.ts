import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  MACHINE_MODES,
  RATE_WINDOW_MS,
  bucketsOf,
  clipIntervals,
  oeeOfWindows,
  plantDayBounds,
  plantDayOf,
  ratePerHour,
  shiftWindows,
  spansOf,
  type ShiftCalendar,
  type TimeWindow,
  type TwinBoard,
  type TwinCard,
  type TwinDetail,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { products } from '../../core/crud/resources.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { equipment, equipmentCredentials, equipmentLive } from '../equipment/index.ts';
import { runningTasks } from '../processing/index.ts';
import {
  alarmsOf,
  countsIn,
  intervalsOverlapping,
  type CountWindow,
  type StoredInterval,
} from './digital-twin.history.ts';
import { readCardJobs } from './digital-twin.jobs.ts';

/**
 * The digital twin's reads: the board of a product line (a card per machine installed on it), one
 * card afresh (the live stream), and a machine's day. A board takes the same six statements for
 * one machine or five hundred.
 */

type Machine = Awaited<ReturnType<typeof machinesOn>>[number];

const iso = (ms: number) => new Date(ms).toISOString();
const modeOf = (mode: string | null) =>
  (MACHINE_MODES as readonly string[]).includes(mode ?? '') ? (mode as (typeof MACHINE_MODES)[number]) : null;

/** The machines installed on a product line (only `equipmentIds` when given), with their live state. */
async function machinesOn(db: Db | Tx, productId: string, equipmentIds?: readonly string[]) {
  return db
    .select({
      id: equipment.id,
      serialNumber: equipment.serialNumber,
      name: equipment.name,
      spec: equipment.spec,
      idealRate: equipment.idealRate,
      shiftCalendar: equipment.shiftCalendar,
      state: equipmentLive.state,
      mode: equipmentLive.mode,
      since: equipmentLive.since,
      lastSeen: equipmentLive.lastSeen,
      alarmCode: equipmentLive.alarmCode,
      alarmText: equipmentLive.alarmText,
      alarmSeverity: equipmentLive.alarmSeverity,
      alarmSince: equipmentLive.alarmSince,
      telemetry: sql<boolean>`${equipmentCredentials.equipmentId} is not null`,
    })
    .from(equipment)
    .leftJoin(equipmentLive, eq(equipmentLive.equipmentId, equipment.id))
    .leftJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipment.id))
    .where(and(eq(equipment.productId, productId), equipmentIds ? inArray(equipment.id, [...equipmentIds]) : undefined))
    .orderBy(asc(equipment.serialNumber));
}

async function timeZoneOf(db: Db | Tx, productId: string): Promise<string> {
  const [product] = await db.select({ timeZone: products.timeZone }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError('not_found');
  return product.timeZone;
}

/** A machine's shifts in [from, to) of the plant's time (nothing when to ≤ from). */
const shiftsOf = (machine: Machine, window: TimeWindow, timeZone: string) =>
  shiftWindows(machine.shiftCalendar as ShiftCalendar, window.from, window.to, timeZone);

type Cards = { cards: TwinCard[]; day: string; timeZone: string };

/**
 * The cards of a line's machines (`equipmentIds` only, when given) as of `now`: live state, the rate
 * of the last quarter hour and the plant day's OEE so far over each machine's shifts.
 */
export async function readCards(
  db: Db | Tx,
  productId: string,
  now: number,
  equipmentIds?: readonly string[],
): Promise<Cards & { machines: Machine[] }> {
  const timeZone = await timeZoneOf(db, productId);
  const machines = await machinesOn(db, productId, equipmentIds);
  const day = plantDayOf(now, timeZone);
  const today = { from: plantDayBounds(day, timeZone).from, to: now };
  const ids = machines.map((machine) => machine.id);
  const intervals = groupByMachine(await intervalsOverlapping(db, ids, today));
  const shifts = machines.map((machine) => shiftsOf(machine, today, timeZone));
  // One list of windows to count: each machine's rate window, then its shifts.
  const windows: CountWindow[] = machines.flatMap((machine, index) => [
    { equipmentId: machine.id, from: now - RATE_WINDOW_MS, to: now },
    ...shifts[index]!.map((shift) => ({ equipmentId: machine.id, from: shift.from, to: shift.to })),
  ]);
  const counts = await countsIn(db, windows);
  const running = await runningTasks(db, ids);
  const jobs = await readCardJobs(db, productId, ids);
  let next = 0;
  const cards = machines.map((machine, index): TwinCard => {
    const rateCount = counts[next++]!;
    const shiftCounts = shifts[index]!.map(() => counts[next++]!);
    const spans = spansOf(clipIntervals(intervals.get(machine.id) ?? [], today, now), now);
    const { total } = oeeOfWindows(shifts[index]!, spans, shiftCounts, machine.idealRate);
    return {
      equipmentId: machine.id,
      serialNumber: machine.serialNumber,
      name: machine.name,
      spec: machine.spec,
      operationStatus: machine.state ?? 'offline',
      mode: modeOf(machine.mode),
      statusSince: toIso(machine.since),
      lastSeen: toIso(machine.lastSeen),
      rate: ratePerHour(rateCount.pieces),
      today: total,
      activeAlarm:
        machine.alarmCode && machine.alarmSeverity && machine.alarmSince
          ? {
              code: machine.alarmCode,
              text: machine.alarmText ?? '',
              severity: machine.alarmSeverity,
              since: toIso(machine.alarmSince),
            }
          : null,
      task: running.get(machine.id) ?? null,
      telemetry: machine.telemetry,
      ...(jobs.get(machine.id) ?? { job: null, queue: { items: [], count: 0 } }),
    };
  });
  return { cards, day, timeZone, machines };
}

function groupByMachine(intervals: readonly StoredInterval[]): Map<string, StoredInterval[]> {
  const byMachine = new Map<string, StoredInterval[]>();
  for (const interval of intervals) {
    const list = byMachine.get(interval.equipmentId);
    if (list) list.push(interval);
    else byMachine.set(interval.equipmentId, [interval]);
  }
  return byMachine;
}

export async function readBoard(db: Db | Tx, productId: string, now = Date.now()): Promise<TwinBoard> {
  const { cards, day } = await readCards(db, productId, now);
  return { items: cards, serverTime: iso(now), day };
}

/**
 * One machine of the line on a plant day (`day` defaults to today): its state intervals clipped to
 * the day, production in total and per quarter hour, the alarms, and OEE per shift and for the day.
 * 404 when the machine is not installed on the line.
 */
export async function readDetail(
  db: Db | Tx,
  productId: string,
  equipmentId: string,
  day: string | undefined,
  now = Date.now(),
): Promise<TwinDetail> {
  const { cards, timeZone, machines } = await readCards(db, productId, now, [equipmentId]);
  const [card] = cards;
  const [machine] = machines;
  if (!card || !machine) throw new AppError('not_found');
  const theDay = day ?? plantDayOf(now, timeZone);
  const bounds = plantDayBounds(theDay, timeZone);
  // What is known of the day: up to now for today, nothing for a day to come.
  const known = { from: bounds.from, to: Math.min(bounds.to, now) };
  const intervals = clipIntervals(await intervalsOverlapping(db, [equipmentId], bounds), bounds, now);
  const shifts = shiftsOf(machine, known, timeZone);
  const buckets = bucketsOf(known.from, known.to);
  const counts = await countsIn(db, [
    { equipmentId, ...known },
    ...shifts.map((shift) => ({ equipmentId, from: shift.from, to: shift.to })),
    ...buckets.map((bucket) => ({ equipmentId, ...bucket })),
  ]);
  const [dayCount, ...rest] = counts;
  const shiftCounts = rest.slice(0, shifts.length);
  const bucketCounts = rest.slice(shifts.length);
  const oee = oeeOfWindows(shifts, spansOf(intervals, now), shiftCounts, machine.idealRate);
  const alarms = await alarmsOf(db, equipmentId, bounds);
  return {
    card,
    day: theDay,
    timeZone,
    dayFrom: iso(bounds.from),
    dayTo: iso(bounds.to),
    intervals: intervals.map((interval) => ({
      state: interval.state,
      mode: modeOf(interval.mode),
      from: iso(interval.from),
      to: interval.to === null ? null : iso(interval.to),
      source: interval.source,
    })),
    counters: {
      pieces: dayCount!.pieces,
      good: dayCount!.good,
      scrap: dayCount!.scrap,
      resets: dayCount!.resets,
      buckets: buckets.map((bucket, index) => ({
        from: iso(bucket.from),
        pieces: bucketCounts[index]!.pieces,
        good: bucketCounts[index]!.good,
        scrap: bucketCounts[index]!.scrap,
      })),
    },
    alarms: alarms.map((alarm) => ({
      code: alarm.code,
      text: alarm.text,
      severity: alarm.severity,
      raisedAt: iso(alarm.raisedAt),
      clearedAt: alarm.clearedAt === null ? null : iso(alarm.clearedAt),
    })),
    shifts: oee.shifts.map((shift) => ({ ...shift, from: iso(shift.from), to: iso(shift.to) })),
    dayOee: oee.total,
  };
}
