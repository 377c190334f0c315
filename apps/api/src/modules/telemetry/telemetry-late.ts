import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { sampleDelta, type CounterValues, type OperationStatus } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { equipmentCounterSamples, equipmentStateIntervals } from '../equipment/index.ts';

/**
 * Messages a machine sent before ones already stored. With several API processes the broker deals one
 * machine's messages to different processes, whose flushes commit in any order: each message is put in
 * its place in the machine's time, never dropped and never taken for the newest.
 */

export type LateSample = { equipmentId: string; at: number; values: CounterValues };

type StoredSample = {
  id: number | null;
  at: number;
  values: CounterValues;
  delta: CounterValues;
  reset: boolean;
};

const iso = (value: number) => new Date(value).toISOString();

/**
 * Inserts late counters samples among the stored ones and gives them, and the sample after each, the
 * delta from the one before (`sampleDelta`). A sample whose time is stored already is the same one sent
 * again. Returns what the machines' running tasks gain (the deltas' change: nothing when no counter was
 * reset in between, the late sample splitting a step in two) and how many of them were resets.
 */
export async function placeLateSamples(
  tx: Tx,
  late: readonly LateSample[],
): Promise<{ pieces: { equipmentId: string; deltaPieces: number }[]; counterResets: number }> {
  const earliest = new Map<string, number>();
  for (const sample of late)
    earliest.set(sample.equipmentId, Math.min(sample.at, earliest.get(sample.equipmentId) ?? sample.at));
  const windows = sql.join(
    [...earliest].map(([equipmentId, at]) => sql`(${equipmentId}::uuid, ${iso(at)}::timestamptz)`),
    sql`, `,
  );
  // Per machine: the sample before its earliest late one, and every sample since.
  const { rows } = (await tx.execute(sql`
      select s.id, s.equipment_id, s.at, s.pieces, s.good, s.scrap, s.delta_pieces, s.delta_good, s.delta_scrap, s.reset
      from (values ${windows}) as w(equipment_id, since)
      join ${equipmentCounterSamples} s on s.equipment_id = w.equipment_id
      where s.at >= coalesce(
        (select max(p.at) from ${equipmentCounterSamples} p where p.equipment_id = w.equipment_id and p.at < w.since),
        w.since)
      order by s.equipment_id, s.at, s.id`)) as unknown as { rows: Record<string, unknown>[] };

  const timelines = new Map<string, StoredSample[]>();
  for (const row of rows) {
    const equipmentId = String(row.equipment_id);
    const timeline = timelines.get(equipmentId) ?? [];
    timeline.push({
      id: Number(row.id),
      at: new Date(row.at as string | Date).getTime(),
      values: { pieces: Number(row.pieces), good: Number(row.good), scrap: Number(row.scrap) },
      delta: { pieces: Number(row.delta_pieces), good: Number(row.delta_good), scrap: Number(row.delta_scrap) },
      reset: Boolean(row.reset),
    });
    timelines.set(equipmentId, timeline);
  }

  const inserts: (typeof equipmentCounterSamples.$inferInsert)[] = [];
  const updates: { id: number; delta: CounterValues; reset: boolean }[] = [];
  const gained = new Map<string, number>();
  let counterResets = 0;
  for (const sample of late) {
    const timeline = timelines.get(sample.equipmentId) ?? [];
    timelines.set(sample.equipmentId, timeline);
    // Sent again (or by two processes): the machine's time keys its samples.
    if (timeline.some((stored) => stored.at === sample.at)) continue;
    const place = timeline.findIndex((stored) => stored.at > sample.at);
    const index = place === -1 ? timeline.length : place;
    const { delta, reset } = sampleDelta(timeline[index - 1]?.values ?? null, sample.values);
    timeline.splice(index, 0, { id: null, at: sample.at, values: sample.values, delta, reset });
    let change = delta.pieces;
    if (reset) counterResets++;
    const next = timeline[index + 1];
    if (next) {
      const again = sampleDelta(sample.values, next.values);
      change += again.delta.pieces - next.delta.pieces;
      next.delta = again.delta;
      next.reset = again.reset;
      if (next.id !== null) updates.push({ id: next.id, ...again });
    }
    gained.set(sample.equipmentId, (gained.get(sample.equipmentId) ?? 0) + change);
  }
  for (const [equipmentId, timeline] of timelines)
    for (const stored of timeline)
      if (stored.id === null)
        inserts.push({
          equipmentId,
          at: iso(stored.at),
          ...stored.values,
          deltaPieces: stored.delta.pieces,
          deltaGood: stored.delta.good,
          deltaScrap: stored.delta.scrap,
          reset: stored.reset,
        });

  if (inserts.length) await tx.insert(equipmentCounterSamples).values(inserts);
  if (updates.length) {
    // The last change of a sample wins (two late samples before one stored sample): one row per id.
    const latest = new Map(updates.map((update) => [update.id, update]));
    const values = sql.join(
      [...latest.values()].map(
        (update) =>
          sql`(${update.id}::bigint, ${update.delta.pieces}::integer, ${update.delta.good}::integer, ${update.delta.scrap}::integer, ${update.reset}::boolean)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${equipmentCounterSamples} as s set delta_pieces = next.pieces, delta_good = next.good,
        delta_scrap = next.scrap, reset = next.reset
      from (values ${values}) as next(id, pieces, good, scrap, reset)
      where s.id = next.id`);
  }
  return {
    pieces: [...gained].map(([equipmentId, deltaPieces]) => ({ equipmentId, deltaPieces })),
    counterResets,
  };
}

/**
 * Puts a state the machine sent before its current one began into its history: the interval it falls
 * in ends then and the late state lasts until that interval would have ended (before the first interval:
 * until it starts). A state equal to the one it falls in changes nothing.
 */
export async function placeLateState(
  tx: Tx,
  equipmentId: string,
  late: { state: OperationStatus; mode: string | null; at: number },
): Promise<void> {
  const at = iso(late.at);
  const [containing] = await tx
    .select()
    .from(equipmentStateIntervals)
    .where(and(eq(equipmentStateIntervals.equipmentId, equipmentId), lte(equipmentStateIntervals.startedAt, at)))
    .orderBy(desc(equipmentStateIntervals.startedAt), desc(equipmentStateIntervals.id))
    .limit(1);
  if (containing) {
    const same = containing.state === late.state && containing.mode === late.mode;
    if (same || Date.parse(containing.startedAt) === late.at) return;
    await tx.update(equipmentStateIntervals).set({ endedAt: at }).where(eq(equipmentStateIntervals.id, containing.id));
    await tx.insert(equipmentStateIntervals).values({
      equipmentId,
      state: late.state,
      mode: late.mode,
      startedAt: at,
      endedAt: containing.endedAt,
      source: 'telemetry',
    });
    return;
  }
  const [first] = await tx
    .select({ startedAt: equipmentStateIntervals.startedAt })
    .from(equipmentStateIntervals)
    .where(eq(equipmentStateIntervals.equipmentId, equipmentId))
    .orderBy(equipmentStateIntervals.startedAt)
    .limit(1);
  await tx.insert(equipmentStateIntervals).values({
    equipmentId,
    state: late.state,
    mode: late.mode,
    startedAt: at,
    endedAt: first?.startedAt ?? null,
    source: 'telemetry',
  });
}
