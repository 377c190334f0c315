import { sql } from 'drizzle-orm';
import { INGEST_REJECTIONS, type IngestRejection, type IngestStats } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { telemetryIngestStats } from '../equipment/index.ts';

/** The rows of `telemetry_ingest_stat`: every message, the stored ones, counter resets, and each rejection. */
type Reason = 'received' | 'accepted' | 'counterReset' | IngestRejection;

type Pending = { count: number; at: string | null; topic: string | null; serialNumber: string | null };

/** How often a process adds its counts to the shared rows (and how stale `ingest-stats` may be across processes). */
export const STATS_FLUSH_MS = 5_000;

/**
 * What this process's ingest took and dropped since it last added its counts to the database. Counting
 * is in memory (messages arrive hundreds a second); every few seconds the counts are added to the rows
 * every process shares, so `GET /api/digitalTwin/ingest-stats` sums all of them.
 */
export class IngestCounter {
  #pending = new Map<Reason, Pending>();

  count(reason: Reason, by = 1, topic: string | null = null, serialNumber: string | null = null): void {
    const pending = this.#pending.get(reason) ?? { count: 0, at: null, topic: null, serialNumber: null };
    pending.count += by;
    if (topic !== null) Object.assign(pending, { at: isoNow(), topic: topic.slice(0, 300), serialNumber });
    this.#pending.set(reason, pending);
  }

  /** Adds the counts to the shared rows, in one statement; kept for the next try when the database fails. */
  async flush(db: Db): Promise<void> {
    if (!this.#pending.size) return;
    const taken = this.#pending;
    this.#pending = new Map();
    const now = isoNow();
    try {
      await db
        .insert(telemetryIngestStats)
        .values(
          [...taken].map(([reason, p]) => ({
            reason,
            count: p.count,
            lastAt: p.at,
            lastTopic: p.topic,
            lastSerialNumber: p.serialNumber,
            since: now,
          })),
        )
        .onConflictDoUpdate({
          target: telemetryIngestStats.reason,
          set: {
            count: sql`${telemetryIngestStats.count} + excluded.count`,
            lastAt: sql`coalesce(excluded.last_at, ${telemetryIngestStats.lastAt})`,
            lastTopic: sql`case when excluded.last_at is null then ${telemetryIngestStats.lastTopic} else excluded.last_topic end`,
            lastSerialNumber: sql`case when excluded.last_at is null then ${telemetryIngestStats.lastSerialNumber} else excluded.last_serial_number end`,
          },
        });
    } catch (error) {
      for (const [reason, p] of taken) this.count(reason, p.count, p.topic, p.serialNumber);
      throw error;
    }
  }

  /** The counts not yet added, so this process's answer includes its last seconds. */
  pending(): ReadonlyMap<Reason, Pending> {
    return this.#pending;
  }
}

/** The shared rows plus this process's pending counts, as `ingestStatsSchema`. */
export async function readIngestStats(
  db: Db,
  counter: IngestCounter | null,
  broker: { connected: boolean; kind: 'embedded' | 'external' },
): Promise<IngestStats> {
  const rows = await db.select().from(telemetryIngestStats);
  const totals = new Map<string, { count: number; at: string | null; topic: string | null; serial: string | null }>();
  for (const row of rows)
    totals.set(row.reason, {
      count: Number(row.count),
      at: toIso(row.lastAt),
      topic: row.lastTopic,
      serial: row.lastSerialNumber,
    });
  for (const [reason, p] of counter?.pending() ?? []) {
    const total = totals.get(reason) ?? { count: 0, at: null, topic: null, serial: null };
    total.count += p.count;
    if (p.at) Object.assign(total, { at: p.at, topic: p.topic, serial: p.serialNumber });
    totals.set(reason, total);
  }
  const countOf = (reason: Reason) => totals.get(reason)?.count ?? 0;
  const since = rows.reduce<string | null>((first, row) => {
    const at = toIso(row.since);
    return first === null || at < first ? at : first;
  }, null);
  return {
    received: countOf('received'),
    accepted: countOf('accepted'),
    rejected: Object.fromEntries(INGEST_REJECTIONS.map((reason) => [reason, countOf(reason)])) as Record<
      IngestRejection,
      number
    >,
    counterResets: countOf('counterReset'),
    lastRejections: INGEST_REJECTIONS.flatMap((reason) => {
      const total = totals.get(reason);
      return total?.at && total.topic ? [{ reason, at: total.at, topic: total.topic, serialNumber: total.serial }] : [];
    }),
    since: since ?? (counter?.pending().size ? isoNow() : null),
    connected: broker.connected,
    broker: broker.kind,
  };
}
