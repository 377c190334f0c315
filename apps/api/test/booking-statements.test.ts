import { beforeAll, describe, expect, it } from 'vitest';
import { stockIntegritySchema } from '@armature/domain';
import { dispatchTask, reportTask, transitionTask } from '../src/modules/processing/index.ts';
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
  report: 10,
  complete: 11,
  // 11, or 12 when the cut's end releases the bend's machine job then (its `pg_notify`).
  completeOffcut: 12,
  completeBend: 9,
  completeLast: 19,
};

describe.each(testDatabases())('statements of a booking on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
  });

  it('books a task report and each kind of completion in at most so many statements', async () => {
    const db = ctx.app.db;
    const f = await createTaskFixture(db, {
      tag: 'ST',
      purchaseLength: 9710,
      plannedStart: Date.parse('2026-12-01T01:00:00Z'),
    });
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
    // Booked as ever: the ledger agrees with every balance.
    const inject = injectorFor(ctx);
    await selectProduct(ctx.app, admin, { id: f.writer.scope.productId, clientId: f.writer.scope.clientId });
    expect(answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema).ok).toBe(true);
  });
});
