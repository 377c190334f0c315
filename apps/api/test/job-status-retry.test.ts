import { EventEmitter, once } from 'node:events';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mqttCredentialsSchema, productResource, resourceItemSchema, taskDetailSchema } from '@armature/domain';
import { z } from 'zod';
import { DEFAULT_SESSION_TIMEOUTS } from '../src/core/db/client.ts';
import { machineJobs, tasks } from '../src/modules/processing/index.ts';
import { IngestCounter } from '../src/modules/telemetry/ingest-stats.ts';
import { MachineDirectory } from '../src/modules/telemetry/machine-directory.ts';
import { JobStatusIntake } from '../src/modules/telemetry/machine-job-status.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

/**
 * A machine's job-status is acknowledged by the broker when it arrives, and the machine never sends it again:
 * a message the database failed for a moment (a lock held past the lock timeout, no connection in time) is
 * applied once the database serves again, never dropped — a completion dropped left its task running for ever.
 */
// PostgreSQL only (PGlite has no session timeouts): without TEST_DATABASE_URL the suite is skipped, not empty.
describe.skipIf(!testDatabases().includes('postgres'))(
  'a machine’s job-status the database failed for a moment, on postgres',
  () => {
    // A short lock timeout: the completion's first statement, which locks the task, meets it at once.
    const ctx = useTestApp('postgres', { postgres: { timeouts: { ...DEFAULT_SESSION_TIMEOUTS, lockMs: 200 } } });
    const inject = injectorFor(ctx);

    it('a completion stopped by the lock timeout is applied once the lock is let go, and booked once', async () => {
      const admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
      const products = answerOf(
        await inject('GET', 'product/all', admin),
        z.array(resourceItemSchema(productResource)),
      );
      await selectProduct(
        ctx.app,
        admin,
        products.find((product) => product.code === 'LINE1')!,
      );
      const fixture = await createTaskFixture(ctx.app.db, {
        tag: 'JR',
        purchaseLength: 9410,
        plannedStart: Date.parse('2026-12-01T01:00:00Z'),
      });
      const issued = await inject('POST', `equipment/${fixture.cutter.id}/mqtt-credentials`, admin);
      expect(issued.statusCode, issued.body).toBe(201);
      const credentials = answerOf(issued, mqttCredentialsSchema);
      const { raw } = fixture.tasks;
      const dispatched = await inject('POST', `task/${raw.id}/dispatch`, admin);
      expect(dispatched.statusCode, dispatched.body).toBe(200);
      const [job] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.taskId, raw.id));

      // The intake's log says when an attempt failed: a retry (warn) or, given up, an error.
      const told = new EventEmitter();
      const log = new Proxy(ctx.app.log, {
        get(target, property) {
          if (property === 'warn' || property === 'error') return (details: unknown) => told.emit('failed', details);
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const intake = new JobStatusIntake({
        db: ctx.app.db,
        directory: new MachineDirectory(ctx.app.db),
        counter: new IngestCounter(),
        log,
      });
      const [clientCode, productCode] = credentials.topicPrefix.split('/').slice(2);
      const topic = { clientCode: clientCode!, productCode: productCode!, serialNumber: credentials.username, raw: '' };

      // Another session holds the task's lock (an operator's long write) while the machine's completion arrives.
      let letGo!: () => void;
      const released = new Promise<void>((resolve) => (letGo = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const holder = ctx.app.db.transaction(async (tx) => {
        await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, raw.id)).for('update');
        locked();
        await released;
      });
      await holding;
      const failed = once(told, 'failed');
      const completed = { status: 'completed', taskId: raw.id, seq: job!.seq, good: 5, scrap: 0 };
      intake.receive(topic, Buffer.from(JSON.stringify({ ...completed, ts: new Date().toISOString() })));
      const [details] = (await failed) as [{ status?: string }];
      expect(details).toMatchObject({ status: 'completed' });
      letGo();
      await holder;
      await intake.drain();

      const task = answerOf(await inject('GET', `task/${raw.id}`, admin), taskDetailSchema);
      expect(task).toMatchObject({ status: 'done', done: 5 });
      const rawOut = task.stockMoves.filter((move) => move.kind === 'raw' && move.direction === 'out');
      expect(rawOut.reduce((sum, move) => sum + move.quantity, 0)).toBe(5);
      const [after] = await ctx.app.db.select().from(machineJobs).where(eq(machineJobs.id, job!.id));
      expect(after).toMatchObject({ state: 'completed', good: 5 });
    });
  },
);
