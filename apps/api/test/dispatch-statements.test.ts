import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TaskBulkResult } from '@armature/domain';
import type { Tx } from '../src/core/db/client.ts';
import { AppError, errorBody } from '../src/core/http/app-error.ts';
import { productSettings } from '../src/modules/master-data/master-data.table.ts';
import { dispatchTask, machineJobs, taskEvents } from '../src/modules/processing/index.ts';
import { bulkTasks } from '../src/modules/processing/task-bulk.ts';
import { createTaskFixture } from './helpers/task-fixture.ts';
import { countedStatements } from './helpers/statements.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

/**
 * The statements a bulk dispatch of six tasks sends, at most (as measured): a few per request, whatever its
 * number of tasks — the tasks locked, the material setting, their update, their events, their jobs queued
 * (eight: a PLC template look-up per machine model, two here). Taken one by one, each task cost fourteen (84 for
 * six; a job queued alone costs seven), and on the embedded database the machines' first completions waited
 * behind them.
 */
const MOST_FOR_SIX = 12;

const PLANNED = Date.parse('2026-12-01T01:00:00Z');

/** Thrown to roll back a transaction whose work was only looked at. */
class LookedAt extends Error {}

describe.each(testDatabases())('statements of a bulk dispatch on %s', (kind) => {
  const ctx = useTestApp(kind);

  /** The jobs of these tasks as a machine gets them, by sequence, the time they were issued aside. */
  async function jobsOf(tx: Tx, ids: readonly string[]) {
    const rows = await tx
      .select({ taskId: machineJobs.taskId, payload: machineJobs.payload })
      .from(machineJobs)
      .where(inArray(machineJobs.taskId, [...ids]))
      .orderBy(asc(machineJobs.seq));
    return rows.map(({ taskId, payload }) => ({ taskId, payload: { ...payload, issuedAt: null } }));
  }

  async function eventsOf(tx: Tx, ids: readonly string[]) {
    const rows = await tx
      .select({ taskId: taskEvents.taskId, action: taskEvents.action, to: taskEvents.toStatus })
      .from(taskEvents)
      .where(inArray(taskEvents.taskId, [...ids]))
      .orderBy(asc(taskEvents.seq));
    return rows;
  }

  /** What dispatching the tasks one by one would answer and leave, rolled back. */
  async function dispatchedOneByOne(writer: Parameters<typeof dispatchTask>[1], ids: readonly string[]) {
    let seen: { results: TaskBulkResult['results']; jobs: unknown[]; events: unknown[] } | null = null;
    await ctx.app.db
      .transaction(async (tx) => {
        const results: TaskBulkResult['results'] = [];
        for (const id of ids) {
          try {
            await tx.transaction((step) => dispatchTask(step, writer, id));
            results.push({ id, code: null, ok: true, status: 'dispatched', error: null });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const { code, message } = errorBody(error.code, writer.locale, error.params).error;
            results.push({ id, code: null, ok: false, status: null, error: { code, message } });
          }
        }
        seen = { results, jobs: await jobsOf(tx, ids), events: await eventsOf(tx, ids) };
        throw new LookedAt();
      })
      .catch((error: unknown) => {
        if (!(error instanceof LookedAt)) throw error;
      });
    return seen!;
  }

  it('dispatches six tasks in a few statements, with the jobs and events of six single dispatches', async () => {
    const db = ctx.app.db;
    const first = await createTaskFixture(db, { tag: 'DS1', purchaseLength: 9810, plannedStart: PLANNED });
    const second = await createTaskFixture(db, { tag: 'DS2', purchaseLength: 9820, plannedStart: PLANNED });
    const ids = [
      first.tasks.bend.id,
      first.tasks.raw.id,
      second.tasks.tail.id,
      first.tasks.tail.id,
      second.tasks.raw.id,
      first.tasks.purchase.id,
    ];
    const single = await dispatchedOneByOne(first.writer, ids);
    let result: TaskBulkResult | null = null;
    const statements = await countedStatements(db, async (tx) => {
      result = await bulkTasks(tx, first.writer, 'dispatch', ids);
    });
    expect(statements, `${statements} statements`).toBeLessThanOrEqual(MOST_FOR_SIX);
    expect(result!.results.map(({ code: _code, ...rest }) => ({ ...rest, code: null }))).toEqual(single.results);
    expect(result!.results.every((each) => each.ok && each.code)).toBe(true);
    // Every machine of the fixture speaks MQTT: each task a job, sequenced in the order asked.
    const after = await db.transaction(async (tx) => ({
      jobs: await jobsOf(tx, ids),
      events: await eventsOf(tx, ids),
    }));
    expect(after.jobs.map((job) => job.taskId)).toEqual(ids);
    expect(after).toEqual({ jobs: single.jobs, events: single.events });
  });

  it('refuses a task short of bars alone at `block`, with its single dispatch’s message', async () => {
    const db = ctx.app.db;
    const f = await createTaskFixture(db, {
      tag: 'DS3',
      purchaseLength: 9830,
      plannedStart: PLANNED,
      purchaseLots: { old: 0, recent: 0 },
    });
    const { raw, purchase, bend } = f.tasks;
    const ids = [raw.id, purchase.id, bend.id, raw.id];
    const block = (materialCheck: 'warn' | 'block') =>
      db.update(productSettings).set({ materialCheck }).where(eq(productSettings.productId, f.productId));
    await block('block');
    try {
      const single = await dispatchedOneByOne(f.writer, [raw.id, purchase.id, bend.id]);
      expect(single.results.map((each) => each.error?.code ?? null)).toEqual([null, 'material_missing', null]);
      const result = await db.transaction((tx) => bulkTasks(tx, f.writer, 'dispatch', ids));
      expect(result.results).toEqual([
        { id: raw.id, code: raw.code, ok: true, status: 'dispatched', error: null },
        { id: purchase.id, code: purchase.code, ok: false, status: 'pending', error: single.results[1]!.error },
        { id: bend.id, code: bend.code, ok: true, status: 'dispatched', error: null },
      ]);
      const after = await db.transaction(async (tx) => ({
        jobs: await jobsOf(tx, ids),
        events: await eventsOf(tx, ids),
      }));
      expect(after).toEqual({ jobs: single.jobs, events: single.events });
    } finally {
      await block('warn');
    }
  });
});
