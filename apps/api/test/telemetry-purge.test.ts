import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Equipment, equipmentSchema, productResource, resourceItemSchema } from '@armature/domain';
import { backgroundJobs } from '../src/core/jobs/jobs.table.ts';
import { equipmentAlarms, equipmentCounterSamples, equipmentStateIntervals } from '../src/modules/equipment/index.ts';
import { purgeTelemetry, purgeTelemetryJob, schedulePurge } from '../src/modules/telemetry/telemetry-purge.job.ts';
import { loginAs, uniqueName } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf } from './helpers/inject.ts';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

describe.each(testDatabases())('telemetry retention on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  let machine: Equipment;

  beforeAll(async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const line1 = answerOf(
      await ctx.app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
      z.array(resourceItemSchema(productResource)),
    ).find((product) => product.code === 'LINE1')!;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/equipment',
      headers: admin,
      payload: {
        serialNumber: uniqueName('PG-'),
        name: '数控钢筋弯曲中心',
        spec: 'G2L32 弯曲中心',
        clientId: line1.clientId,
        productId: line1.id,
        saleStatus: 'sold',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    machine = answerOf(created, equipmentSchema);
    const equipmentId = machine.id;
    await ctx.handle.db.insert(equipmentStateIntervals).values([
      { equipmentId, state: 'running', startedAt: daysAgo(120), endedAt: daysAgo(100), source: 'telemetry' },
      // Still lasting: the present, whatever its age.
      { equipmentId, state: 'idle', startedAt: daysAgo(100), endedAt: null, source: 'telemetry' },
    ]);
    const sample = { equipmentId, pieces: 1, good: 1, scrap: 0, deltaPieces: 1, deltaGood: 1, deltaScrap: 0 };
    await ctx.handle.db.insert(equipmentCounterSamples).values([
      { ...sample, at: daysAgo(95) },
      { ...sample, at: daysAgo(1) },
    ]);
    const alarm = { equipmentId, code: 'E7', text: 'Old', severity: 'warning' as const };
    await ctx.handle.db.insert(equipmentAlarms).values([
      { ...alarm, raisedAt: daysAgo(99), clearedAt: daysAgo(98) },
      { ...alarm, code: 'E8', raisedAt: daysAgo(97), clearedAt: null },
    ]);
  });

  it('deletes closed history older than the retention and keeps what still lasts or is recent', async () => {
    expect(await purgeTelemetry(ctx.handle.db, 90)).toBe(3);
    const intervals = await ctx.handle.db
      .select()
      .from(equipmentStateIntervals)
      .where(eq(equipmentStateIntervals.equipmentId, machine.id));
    expect(intervals.map((interval) => interval.state)).toEqual(['idle']);
    const samples = await ctx.handle.db
      .select()
      .from(equipmentCounterSamples)
      .where(eq(equipmentCounterSamples.equipmentId, machine.id))
      .orderBy(asc(equipmentCounterSamples.at));
    expect(samples).toHaveLength(1);
    const alarms = await ctx.handle.db
      .select()
      .from(equipmentAlarms)
      .where(eq(equipmentAlarms.equipmentId, machine.id));
    expect(alarms.map((alarm) => alarm.code)).toEqual(['E8']);
    expect(await purgeTelemetry(ctx.handle.db, 90)).toBe(0);
  });

  it('queues the purge job once a day, and a worker runs it', async () => {
    // A process starting now may have queued today's purge already: either way there is exactly one.
    await schedulePurge(ctx.handle.db);
    expect(await schedulePurge(ctx.handle.db)).toBe(false);
    const ofKind = and(eq(backgroundJobs.kind, purgeTelemetryJob.kind));
    const jobs = await until(
      () => ctx.handle.db.select().from(backgroundJobs).where(ofKind),
      (rows) => rows.length === 1 && rows[0]!.state === 'succeeded',
    );
    expect(jobs[0]?.message).toMatch(/rows older than 90 days deleted/);
  });
});
