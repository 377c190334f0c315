import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  foldTelemetry,
  SILENCE_AFTER_MS,
  type LiveMachine,
  type OperationStatus,
  type StateSource,
  type TelemetryEffect,
  type TelemetryMessage,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import {
  announceLiveChange,
  equipment,
  equipmentAlarms,
  equipmentCounterSamples,
  equipmentCredentials,
  equipmentLive,
  equipmentStateIntervals,
  tellMachineFaults,
} from '../equipment/index.ts';
import { addTelemetryPieces } from '../processing/index.ts';
import { placeLateSamples, placeLateState, type LateSample } from './telemetry-late.ts';

/** A validated message of a known machine, waiting for the next flush. */
export type QueuedMessage = {
  equipmentId: string;
  productId: string | null;
  serialNumber: string;
  topic: string;
  message: TelemetryMessage;
  receivedAt: number;
};

export type FlushOutcome = {
  accepted: number;
  counterResets: number;
  /** Dropped while folding (`staleMessage`), or because the machine was deleted meanwhile (`unknownEquipment`). */
  rejected: { reason: 'staleMessage' | 'unknownEquipment'; message: QueuedMessage }[];
};

type LiveRow = typeof equipmentLive.$inferSelect;

const ms = (value: string | null) => (value === null ? null : Date.parse(value));
const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

function liveMachineOf(row: LiveRow, stateSource: StateSource | null): LiveMachine {
  return {
    state: row.state,
    mode: row.mode,
    since: ms(row.since),
    stateSource,
    lastSeen: ms(row.lastSeen),
    counters:
      row.pieces === null || row.good === null || row.scrap === null
        ? null
        : { pieces: row.pieces, good: row.good, scrap: row.scrap },
    countersAt: ms(row.countersAt),
  };
}

/** The open interval ends and the next one begins (a state change, the last will, or silence). */
async function startInterval(
  tx: Tx,
  equipmentId: string,
  state: OperationStatus,
  mode: string | null,
  at: number,
  source: StateSource,
) {
  const startedAt = new Date(at).toISOString();
  await tx
    .update(equipmentStateIntervals)
    .set({ endedAt: sql`greatest(${equipmentStateIntervals.startedAt}, ${startedAt}::timestamptz)` })
    .where(and(eq(equipmentStateIntervals.equipmentId, equipmentId), isNull(equipmentStateIntervals.endedAt)));
  await tx.insert(equipmentStateIntervals).values({ equipmentId, state, mode, startedAt, source });
}

/** Raises an alarm (unless that code is active already) or clears it; then the live row shows the newest active one. */
async function applyAlarms(tx: Tx, equipmentId: string, effects: Extract<TelemetryEffect, { kind: 'alarm' }>[]) {
  for (const { at, alarm } of effects) {
    const time = new Date(at).toISOString();
    const open = and(
      eq(equipmentAlarms.equipmentId, equipmentId),
      eq(equipmentAlarms.code, alarm.code),
      isNull(equipmentAlarms.clearedAt),
    );
    if (alarm.active) {
      const [active] = await tx.select({ id: equipmentAlarms.id }).from(equipmentAlarms).where(open).limit(1);
      if (!active)
        await tx.insert(equipmentAlarms).values({
          equipmentId,
          code: alarm.code,
          text: alarm.text,
          severity: alarm.severity,
          raisedAt: time,
        });
    } else {
      await tx
        .update(equipmentAlarms)
        .set({ clearedAt: sql`greatest(${equipmentAlarms.raisedAt}, ${time}::timestamptz)` })
        .where(open);
    }
  }
  const [newest] = await tx
    .select()
    .from(equipmentAlarms)
    .where(and(eq(equipmentAlarms.equipmentId, equipmentId), isNull(equipmentAlarms.clearedAt)))
    .orderBy(desc(equipmentAlarms.raisedAt), desc(equipmentAlarms.id))
    .limit(1);
  return {
    alarmCode: newest?.code ?? null,
    alarmText: newest?.text ?? null,
    alarmSeverity: newest?.severity ?? null,
    alarmSince: newest?.raisedAt ?? null,
  };
}

/**
 * Writes one flush of messages in one transaction: the machines' live rows are locked (in id order,
 * so two processes flushing the same machines queue instead of deadlocking), each machine's messages
 * are folded in arrival order (`foldTelemetry`), and the state intervals, counter samples, alarms and
 * live rows follow; every line whose machines changed is told (`announceLiveChange`) at commit.
 */
export async function writeTelemetry(db: Db, batch: readonly QueuedMessage[]): Promise<FlushOutcome> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(batch.map((queued) => queued.equipmentId))].sort();
    const lockLive = () =>
      tx
        .select()
        .from(equipmentLive)
        .where(inArray(equipmentLive.equipmentId, ids))
        .orderBy(asc(equipmentLive.equipmentId))
        .for('update');
    let rows = await lockLive();
    // A machine's first message makes its live row (only then: every flush would otherwise pay a statement);
    // only machines that still exist: one deleted since it was looked up must not fail the whole flush.
    if (rows.length < ids.length) {
      await tx.execute(
        sql`insert into ${equipmentLive} (equipment_id) select ${equipment.id} from ${equipment} where ${inArray(equipment.id, ids)} on conflict do nothing`,
      );
      rows = await lockLive();
    }
    const sources = await currentStateSources(
      tx,
      batch.filter((queued) => queued.message.channel === 'state').map((queued) => queued.equipmentId),
    );
    const live = new Map(
      rows.map((row) => [row.equipmentId, { row, machine: liveMachineOf(row, sources.get(row.equipmentId) ?? null) }]),
    );

    const outcome: FlushOutcome = { accepted: 0, counterResets: 0, rejected: [] };
    const samples: (typeof equipmentCounterSamples.$inferInsert)[] = [];
    const lateSamples: LateSample[] = [];
    const alarms = new Map<string, Extract<TelemetryEffect, { kind: 'alarm' }>[]>();
    const changedByLine = new Map<string, string[]>();
    const faulted = new Set<string>();

    for (const queued of batch) {
      const current = live.get(queued.equipmentId);
      if (!current) {
        outcome.rejected.push({ reason: 'unknownEquipment', message: queued });
        continue;
      }
      const stateBefore = current.machine.state;
      const folded = foldTelemetry(current.machine, queued.message, queued.receivedAt);
      if ('rejected' in folded) {
        outcome.rejected.push({ reason: folded.rejected, message: queued });
        continue;
      }
      outcome.accepted++;
      current.machine = folded.live;
      const { effect } = folded;
      if (effect.kind === 'state')
        await startInterval(tx, queued.equipmentId, effect.state, effect.mode, effect.at, effect.source);
      if (effect.kind === 'lateState') await placeLateState(tx, queued.equipmentId, effect);
      if (effect.kind === 'lateCounters')
        lateSamples.push({ equipmentId: queued.equipmentId, at: effect.at, values: effect.values });
      // Into fault, not a repeated fault message: told once per fault.
      if (effect.kind === 'state' && effect.state === 'fault' && stateBefore !== 'fault')
        faulted.add(queued.equipmentId);
      if (effect.kind === 'counters') {
        if (effect.reset) outcome.counterResets++;
        samples.push({
          equipmentId: queued.equipmentId,
          at: new Date(effect.at).toISOString(),
          ...effect.values,
          deltaPieces: effect.delta.pieces,
          deltaGood: effect.delta.good,
          deltaScrap: effect.delta.scrap,
          reset: effect.reset,
        });
      }
      if (effect.kind === 'alarm') alarms.set(queued.equipmentId, [...(alarms.get(queued.equipmentId) ?? []), effect]);
      if (queued.productId) {
        const changed = changedByLine.get(queued.productId) ?? [];
        if (!changed.includes(queued.equipmentId)) changed.push(queued.equipmentId);
        changedByLine.set(queued.productId, changed);
      }
    }

    if (samples.length) await tx.insert(equipmentCounterSamples).values(samples);
    // After the batch's own samples: a late one may fall before one of them.
    const placed = lateSamples.length ? await placeLateSamples(tx, lateSamples) : { pieces: [], counterResets: 0 };
    outcome.counterResets += placed.counterResets;
    await addTelemetryPieces(tx, [...samples, ...placed.pieces]);
    const changedLive: (LiveValues & { equipmentId: string })[] = [];
    for (const [equipmentId, { row, machine }] of live) {
      const alarmEffects = alarms.get(equipmentId);
      // Alarms are rare: their live fields are written with them, row by row.
      if (alarmEffects)
        await tx
          .update(equipmentLive)
          .set(await applyAlarms(tx, equipmentId, alarmEffects))
          .where(eq(equipmentLive.equipmentId, equipmentId));
      const next = liveValuesOf(machine);
      if (!sameLive(row, next)) changedLive.push({ equipmentId, ...next });
    }
    await updateLiveRows(tx, changedLive);
    for (const [productId, equipmentIds] of changedByLine) await announceLiveChange(tx, productId, equipmentIds);
    // After the alarms are stored, so the notice names the machine's active alarm.
    await tellMachineFaults(tx, [...faulted]);
    return outcome;
  });
}

/**
 * Who started each machine's current state (its open interval), for the machines with a state message
 * in the batch: a state the machine sent before its current one is placed in the history only when the
 * current one began at the machine's own time (not at the server's: a last will, silence, a hand).
 */
async function currentStateSources(tx: Tx, equipmentIds: readonly string[]): Promise<Map<string, StateSource>> {
  if (!equipmentIds.length) return new Map();
  const rows = await tx
    .selectDistinctOn([equipmentStateIntervals.equipmentId], {
      equipmentId: equipmentStateIntervals.equipmentId,
      source: equipmentStateIntervals.source,
    })
    .from(equipmentStateIntervals)
    .where(
      and(
        inArray(equipmentStateIntervals.equipmentId, [...new Set(equipmentIds)]),
        isNull(equipmentStateIntervals.endedAt),
      ),
    )
    .orderBy(equipmentStateIntervals.equipmentId, desc(equipmentStateIntervals.startedAt));
  return new Map(rows.map((row) => [row.equipmentId, row.source as StateSource]));
}

type LiveValues = Pick<LiveRow, 'state' | 'mode' | 'since' | 'lastSeen' | 'pieces' | 'good' | 'scrap' | 'countersAt'>;

function liveValuesOf(machine: LiveMachine): LiveValues {
  return {
    state: machine.state,
    mode: machine.mode,
    since: iso(machine.since),
    lastSeen: iso(machine.lastSeen),
    pieces: machine.counters?.pieces ?? null,
    good: machine.counters?.good ?? null,
    scrap: machine.counters?.scrap ?? null,
    countersAt: iso(machine.countersAt),
  };
}

/**
 * Every changed live row in one statement (`update … from (values …)`): a flush of hundreds of machines
 * is one round trip, not hundreds.
 */
async function updateLiveRows(tx: Tx, rows: (LiveValues & { equipmentId: string })[]) {
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.equipmentId}::uuid, ${row.state}::varchar, ${row.mode}::varchar, ${row.since}::timestamptz, ${row.lastSeen}::timestamptz, ${row.pieces}::bigint, ${row.good}::bigint, ${row.scrap}::bigint, ${row.countersAt}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${equipmentLive} as live set
      state = next.state, mode = next.mode, since = next.since, last_seen = next.last_seen,
      pieces = next.pieces, good = next.good, scrap = next.scrap, counters_at = next.counters_at
    from (values ${values}) as next(equipment_id, state, mode, since, last_seen, pieces, good, scrap, counters_at)
    where live.equipment_id = next.equipment_id`);
}

const TIMES = new Set<string>(['since', 'lastSeen', 'countersAt', 'alarmSince']);

/** Whether the row already holds these values (times compared as instants: the database renders them its way). */
function sameLive(row: LiveRow, next: Partial<LiveRow>): boolean {
  return Object.entries(next).every(([key, value]) => {
    const stored = row[key as keyof LiveRow];
    return TIMES.has(key) ? ms(stored as string | null) === ms(value as string | null) : stored === value;
  });
}

/**
 * Machines with credentials that said nothing for `SILENCE_AFTER_MS` while not offline go offline
 * (source `silence`), from the moment they were last heard of. Rows another process holds are skipped:
 * its ingest is writing them, so they are not silent. Returns how many went offline.
 */
export async function markSilentMachines(db: Db, now = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const limit = new Date(now - SILENCE_AFTER_MS).toISOString();
    const heard = sql<string>`coalesce(${equipmentLive.lastSeen}, ${equipmentCredentials.issuedAt})`;
    const silent = await tx
      .select({
        equipmentId: equipmentLive.equipmentId,
        productId: equipment.productId,
        heard,
        since: equipmentLive.since,
      })
      .from(equipmentLive)
      .innerJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipmentLive.equipmentId))
      .innerJoin(equipment, eq(equipment.id, equipmentLive.equipmentId))
      .where(and(ne(equipmentLive.state, 'offline'), lt(heard, limit)))
      .orderBy(asc(equipmentLive.equipmentId))
      .for('update', { of: equipmentLive, skipLocked: true });
    const changedByLine = new Map<string, string[]>();
    for (const machine of silent) {
      const at = Math.max(Date.parse(machine.heard), ms(machine.since) ?? 0);
      await startInterval(tx, machine.equipmentId, 'offline', null, at, 'silence');
      await tx
        .update(equipmentLive)
        .set({ state: 'offline', mode: null, since: new Date(at).toISOString() })
        .where(eq(equipmentLive.equipmentId, machine.equipmentId));
      if (machine.productId)
        changedByLine.set(machine.productId, [...(changedByLine.get(machine.productId) ?? []), machine.equipmentId]);
    }
    for (const [productId, equipmentIds] of changedByLine) await announceLiveChange(tx, productId, equipmentIds);
    return silent.length;
  });
}
