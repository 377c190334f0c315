import { sql, type SQL } from 'drizzle-orm';
import type { AlarmSeverity, MACHINE_MODES, OperationStatus, TimeWindow } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';

/**
 * Reads of the machines' history tables for the digital twin, each one statement for any number of
 * machines or windows, each walking the (equipment, time) indexes. Instants go in and come out as UTC
 * milliseconds; lists go in as one JSON parameter (both drivers take it the same way).
 */

type Rows<T> = { rows: T[] };

const iso = (ms: number) => new Date(ms).toISOString();
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

export type StoredInterval = {
  equipmentId: string;
  state: OperationStatus;
  mode: (typeof MACHINE_MODES)[number] | null;
  source: 'telemetry' | 'will' | 'manual' | 'silence';
  from: number;
  /** Null while it lasts. */
  to: number | null;
};

/**
 * The state intervals of these machines that may overlap `window`: those starting in it and, per
 * machine, the last one started at or before its start (the state the window opened in).
 */
export async function intervalsOverlapping(
  db: Db | Tx,
  equipmentIds: readonly string[],
  window: TimeWindow,
): Promise<StoredInterval[]> {
  if (equipmentIds.length === 0 || window.to <= window.from) return [];
  const result = (await db.execute(intervalsStatement(equipmentIds, window))) as unknown as Rows<StoredInterval>;
  return result.rows;
}

/** The statement of `intervalsOverlapping` (the bench EXPLAINs it). */
export function intervalsStatement(equipmentIds: readonly string[], window: TimeWindow): SQL {
  return sql`
    select i.equipment_id as "equipmentId", i.state, i.mode, i.source,
      ${epochMs('i.started_at')} as "from", ${epochMs('i.ended_at')} as "to"
    from json_array_elements_text(${JSON.stringify(equipmentIds)}::json) as machine(id)
    cross join lateral (
      select coalesce(max(p.started_at), ${iso(window.from)}::timestamptz) as lower
      from equipment_state_interval p
      where p.equipment_id = machine.id::uuid and p.started_at <= ${iso(window.from)}::timestamptz
    ) opening
    join equipment_state_interval i
      on i.equipment_id = machine.id::uuid and i.started_at >= opening.lower
      and i.started_at < ${iso(window.to)}::timestamptz
    order by i.equipment_id, i.started_at
  `;
}

export type CountWindow = TimeWindow & { equipmentId: string };
export type WindowCounts = { pieces: number; good: number; scrap: number; resets: number };

/**
 * What each window's counter samples add up to (the deltas of samples taken in [from, to)), in order,
 * with the pieces failed production inspections of the machine scrapped in the window moved from good
 * to scrap (the machine's counters know nothing of them).
 * Without a reset after its first sample, a window's deltas telescope: they add up to its last
 * cumulative values less its first, plus the first's own delta — three index probes (first, last, and
 * the resets' partial index) whatever the number of samples. Only a window with a reset in it sums
 * its samples one by one.
 */
export async function countsIn(db: Db | Tx, windows: readonly CountWindow[]): Promise<WindowCounts[]> {
  const asked = windows
    .map((window, index) => ({ i: index, e: window.equipmentId, f: iso(window.from), t: iso(window.to) }))
    .filter((_, index) => windows[index]!.to > windows[index]!.from);
  const counts = windows.map(() => ({ pieces: 0, good: 0, scrap: 0, resets: 0 }));
  if (asked.length === 0) return counts;
  const result = (await db.execute(countsStatement(asked))) as unknown as Rows<WindowCounts & { i: number }>;
  for (const { i, ...values } of result.rows) counts[i] = values;
  return counts;
}

/** The statement of `countsIn` for windows given as `{ i, e: equipmentId, f: from, t: to }` (the bench EXPLAINs it). */
export function countsStatement(windows: readonly { i: number; e: string; f: string; t: string }[]): SQL {
  const inWindow = sql.raw('s.equipment_id = w.e and s.at >= w.f and s.at < w.t');
  const telescoped = (column: string) =>
    sql.raw(
      `coalesce(case when r.later = 0 then l.${column} - f.${column} + f.delta_${column} else every.${column} end, 0)::float8`,
    );
  return sql`
    select w.i, ${telescoped('pieces')} as pieces,
      greatest(${telescoped('good')} - inspected.scrap, 0) as good,
      ${telescoped('scrap')} + inspected.scrap as scrap,
      r.resets::int as resets
    from json_to_recordset(${JSON.stringify(windows)}::json) as w(i int, e uuid, f timestamptz, t timestamptz)
    left join lateral (
      select s.id, s.at, s.pieces, s.good, s.scrap, s.delta_pieces, s.delta_good, s.delta_scrap
      from equipment_counter_sample s where ${inWindow} order by s.at, s.id limit 1
    ) f on true
    left join lateral (
      select s.pieces, s.good, s.scrap
      from equipment_counter_sample s where ${inWindow} order by s.at desc, s.id desc limit 1
    ) l on true
    cross join lateral (
      select count(*) as resets, count(*) filter (where (s.at, s.id) > (f.at, f.id)) as later
      from equipment_counter_sample s where ${inWindow} and s.reset
    ) r
    left join lateral (
      select sum(s.delta_pieces) as pieces, sum(s.delta_good) as good, sum(s.delta_scrap) as scrap
      from equipment_counter_sample s where r.later > 0 and ${inWindow}
    ) every on true
    cross join lateral (
      select coalesce(sum(q.scrap_pieces), 0)::float8 as scrap
      from inspection q where q.equipment_id = w.e and q.inspected_at >= w.f and q.inspected_at < w.t
    ) inspected
  `;
}

export type StoredAlarm = {
  code: string;
  text: string;
  severity: AlarmSeverity;
  raisedAt: number;
  clearedAt: number | null;
};

/** A machine that flaps raises many alarms: the detail lists the newest this many of a day. */
export const MAX_ALARMS_OF_A_DAY = 500;

/** A machine's alarms raised in `window`, and those raised before it and still active, newest first. */
export async function alarmsOf(db: Db | Tx, equipmentId: string, window: TimeWindow): Promise<StoredAlarm[]> {
  const from = iso(window.from);
  const to = iso(window.to);
  const result = (await db.execute(sql`
    (select code, text, severity, ${epochMs('raised_at')} as "raisedAt", ${epochMs('cleared_at')} as "clearedAt"
      from equipment_alarm
      where equipment_id = ${equipmentId} and raised_at >= ${from}::timestamptz and raised_at < ${to}::timestamptz
      order by raised_at desc limit ${MAX_ALARMS_OF_A_DAY})
    union all
    (select code, text, severity, ${epochMs('raised_at')}, ${epochMs('cleared_at')}
      from equipment_alarm
      where equipment_id = ${equipmentId} and raised_at < ${from}::timestamptz and cleared_at is null)
    order by "raisedAt" desc
  `)) as unknown as Rows<StoredAlarm>;
  return result.rows;
}
