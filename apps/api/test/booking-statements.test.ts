import { beforeAll, describe, expect, it } from 'vitest';
import { stockIntegritySchema } from '@armature/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/core/db/client.ts';
import {
  applyJobStatus,
  dispatchTask,
  machineJobs,
  reportTask,
  tasks,
  transitionTask,
} from '../src/modules/processing/index.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { countedStatements } from './helpers/statements.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

/**
 * The statements a task's report or completion sends, at most: each is a round trip, and on the embedded
 * database (one connection, in the API's thread) every machine's booking waits for the others' statements.
 */
const MOST = {
  report: 13,
  complete: 13,
  // The bend's machine job released when the cut ends: its `pg_notify` in the statement of the end's own look.
  completeOffcut: 13,
  completeBend: 12,
  completeLast: 21,
  /** A machine's `completed` with its start implied (its `started` passed over), the job's write and notice with it. */
  machineCompletes: 17,
};

describe.each(testDatabases())('statements of a booking on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
  });
  /** The task fixture of `tag`, its product the admin's. */
  const fixture = async (tag: string, purchaseLength: number, plannedStart: string) => {
    const f = await createTaskFixture(ctx.app.db, { tag, purchaseLength, plannedStart: Date.parse(plannedStart) });
    await selectProduct(ctx.app, admin, { id: f.writer.scope.productId, clientId: f.writer.scope.clientId });
    return f;
  };
  /** Booked as ever: the ledger agrees with every balance. */
  const expectIntegrity = async () =>
    expect(answerOf(await injectorFor(ctx)('GET', 'stock/integrity', admin), stockIntegritySchema).ok).toBe(true);

  it('books a task report and each kind of completion in at most so many statements', async () => {
    const db = ctx.app.db;
    const f = await fixture('ST', 9710, '2026-12-01T01:00:00Z');
    const { raw, tail, purchase, bend } = f.tasks;
    const step = (action: 'dispatch' | 'start', id: string) =>
      db.transaction((tx) =>
        action === 'dispatch' ? dispatchTask(tx, f.writer, id) : transitionTask(tx, f.writer, id, action),
      );
    const report = (id: string, input: { done?: number }, final: boolean) =>
      countedStatements(db, (tx) => reportTask(tx, f.writer, id, input, final));
    for (const task of [raw, tail, purchase, bend]) await step('dispatch', task.id);
    await step('start', raw.id);
    const statements = {
      report: await report(raw.id, { done: 2 }, false),
      complete: await report(raw.id, {}, true),
      completeOffcut: await step('start', tail.id).then(() => report(tail.id, {}, true)),
      completeBend: await step('start', bend.id).then(() => report(bend.id, {}, true)),
      completeLast: await step('start', purchase.id).then(() => report(purchase.id, {}, true)),
    };
    for (const [name, count] of Object.entries(statements))
      expect(count, `${name}: ${count} statements`).toBeLessThanOrEqual(MOST[name as keyof typeof MOST]);
    await expectIntegrity();
  });

  it('applies a machine’s completion, its start implied, in at most so many statements', async () => {
    const db = ctx.app.db;
    const f = await fixture('SM', 9720, '2026-12-01T03:00:00Z');
    const issued = await injectorFor(ctx)('POST', `equipment/${f.cutter.id}/mqtt-credentials`, admin);
    expect(issued.statusCode, issued.body).toBe(201);
    const { raw } = f.tasks;
    await db.transaction((tx) => dispatchTask(tx, f.writer, raw.id));
    const [job] = await db
      .select({ seq: machineJobs.seq, repetitions: tasks.repetitions })
      .from(machineJobs)
      .innerJoin(tasks, eq(tasks.id, machineJobs.taskId))
      .where(eq(machineJobs.taskId, raw.id));
    const machine = {
      equipmentId: f.cutter.id,
      productId: f.writer.scope.productId,
      serialNumber: f.cutter.serialNumber,
    };
    let outcome: unknown;
    const statements = await countedStatements(db, async (tx) => {
      // The intake's transaction is the one counted.
      const inCounted = { transaction: (work: (t: typeof tx) => unknown) => work(tx) } as unknown as Db;
      outcome = await applyJobStatus(inCounted, machine, {
        taskId: raw.id,
        seq: job!.seq,
        ts: new Date().toISOString(),
        status: 'completed',
        good: job!.repetitions,
        scrap: 0,
      });
    });
    expect(outcome).toBe('complete');
    expect(statements, `${statements} statements`).toBeLessThanOrEqual(MOST.machineCompletes);
    await expectIntegrity();
  });
});
