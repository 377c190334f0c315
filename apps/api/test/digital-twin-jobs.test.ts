import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type MachineJobStatusMessage,
  type TwinCard,
  productResource,
  resourceItemSchema,
  twinBoardSchema,
  twinDetailSchema,
} from '@armature/domain';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';
import { openSse } from './helpers/sse-client.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { applyJobStatus } from '../src/modules/processing/index.ts';
import { readCardJobs } from '../src/modules/telemetry/digital-twin.jobs.ts';

type Headers = Record<string, string>;
type Product = { id: string; code: string; clientId: string };

const PLANNED = Date.parse('2026-12-01T01:00:00Z');
const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

/**
 * The twin board's cards show each machine's jobs (docs/telemetry.md "The twin's jobs"): the current one
 * with what it makes and how far the machine says it got, the queue after it, and the job the machine
 * rejected while its task waits — read from the job outbox, moved by the machine's answers (applied as
 * the ingest applies them), and pushed to open boards at each change.
 */
describe.each(testDatabases())('the twin board’s machine jobs on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  const inject = injectorFor(ctx);
  let admin: Headers;
  let line1: Product;
  let line2: Product;
  let f: TaskFixture;
  let cutterSerial: string;

  const board = async () => answerOf(await inject('GET', 'digitalTwin/board', admin), twinBoardSchema);
  const cardOf = async (equipmentId: string) => (await board()).items.find((card) => card.equipmentId === equipmentId)!;
  const act = async (id: string, action: string, body?: Record<string, unknown>) => {
    const response = await inject('POST', `task/${id}/${action}`, admin, body);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
  };
  /** The job's sequence number, as the machine received it. */
  const seqOf = async (equipmentId: string, taskId: string) => {
    const card = await cardOf(equipmentId);
    const job = [card.job, ...(card.queue?.items ?? [])].find((item) => item?.taskId === taskId);
    return job!.seq;
  };
  /** What the machine says of a job, applied as the job-status ingest applies it. */
  const say = async (taskId: string, seq: number, message: Record<string, unknown>) =>
    applyJobStatus(ctx.app.db, { equipmentId: f.cutter.id, productId: line1.id, serialNumber: cutterSerial }, {
      taskId,
      seq,
      ts: new Date().toISOString(),
      ...message,
    } as MachineJobStatusMessage);

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code !== 'LINE1' && product.clientId === line1.clientId)!;
    await selectProduct(ctx.app, admin, line1);
    f = await createTaskFixture(ctx.app.db, { tag: 'TWJ', purchaseLength: 9410, plannedStart: PLANNED });
    cutterSerial = f.cutter.serialNumber;
    for (const machine of [f.cutter.id, f.bender.id]) {
      const issued = await inject('POST', `equipment/${machine}/mqtt-credentials`, admin);
      expect(issued.statusCode, issued.body).toBe(201);
    }
  });

  it('shows the queue live, the job the machine runs with its counts, and the job it rejected with its reason', async () => {
    const { raw, tail, purchase } = f.tasks;
    expect(await cardOf(f.cutter.id)).toMatchObject({ job: null, queue: { items: [], count: 0 } });

    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/digitalTwin/events`, admin);
    try {
      await stream.next((event) => event.event === 'board');
      for (const task of [raw, tail, purchase]) await act(task.id, 'dispatch');
      // Dispatching is announced on the board's stream: the cutter's card arrives with its three jobs.
      const queued = (
        await stream.next(
          (event) =>
            event.event === 'card' &&
            (event.data as TwinCard).equipmentId === f.cutter.id &&
            (event.data as TwinCard).queue?.count === 2,
        )
      ).data as TwinCard;
      expect(queued.job).toMatchObject({
        taskId: raw.id,
        code: raw.code,
        state: 'sent',
        grade: 'HRB400E',
        diameter: 12,
        work: {
          kind: 'cut',
          stockLength: 12_000,
          cuts: [{ length: 3000, count: 3, mark: 'TWJ-A' }],
          remainder: { length: 2990, action: 'keep' },
        },
        done: 0,
        total: 5,
        scrap: 0,
        stateAt: null,
        rejection: null,
      });
      expect(queued.queue!.items.map((job) => job.code)).toEqual([tail.code, purchase.code]);
      expect(queued.queue!.items[0]!.seq).toBeLessThan(queued.queue!.items[1]!.seq);
      expect(queued.queue!.items[0]!.seq).toBeGreaterThan(queued.job!.seq);

      // The machine's answers move the card, each pushed on the stream.
      const rawSeq = queued.job!.seq;
      expect(await say(raw.id, rawSeq, { status: 'accepted' })).toBe('record');
      expect(await say(raw.id, rawSeq, { status: 'started' })).toBe('start');
      expect(await say(raw.id, rawSeq, { status: 'pieces', good: 2, scrap: 1 })).toBe('report');
      const running = (
        await stream.next(
          (event) =>
            event.event === 'card' &&
            (event.data as TwinCard).equipmentId === f.cutter.id &&
            (event.data as TwinCard).job?.done === 2,
        )
      ).data as TwinCard;
      expect(running.job).toMatchObject({ taskId: raw.id, state: 'started', done: 2, total: 5, scrap: 1 });
      expect(running.job!.stateAt).toEqual(expect.any(String));
      expect(running.task).toMatchObject({ id: raw.id, code: raw.code });
    } finally {
      stream.close();
    }

    // Completed: the next job in sequence is current; the machine's detail shows the same.
    expect(await say(raw.id, await seqOf(f.cutter.id, raw.id), { status: 'completed', good: 5, scrap: 1 })).toBe(
      'complete',
    );
    const next = await cardOf(f.cutter.id);
    expect(next.job).toMatchObject({ taskId: tail.id, state: 'sent' });
    expect(next.queue).toMatchObject({ count: 1, items: [{ taskId: purchase.id }] });
    const detail = answerOf(await inject('GET', `digitalTwin/equipment/${f.cutter.id}`, admin), twinDetailSchema);
    expect(detail.card.job).toEqual(next.job);
    expect(detail.card.queue).toEqual(next.queue);

    // A started job is the current one, whatever its sequence (the machine runs it now).
    const purchaseSeq = await seqOf(f.cutter.id, purchase.id);
    const tailSeq = await seqOf(f.cutter.id, tail.id);
    expect(await say(purchase.id, purchaseSeq, { status: 'started' })).toBe('start');
    expect(await cardOf(f.cutter.id)).toMatchObject({
      job: { taskId: purchase.id, state: 'started' },
      queue: { count: 1, items: [{ taskId: tail.id, state: 'sent' }] },
    });
    expect(await say(purchase.id, purchaseSeq, { status: 'paused' })).toBe('pause');
    expect((await cardOf(f.cutter.id)).job).toMatchObject({ taskId: purchase.id, state: 'paused' });

    // Rejected: its task waits for the shift lead, off the queue.
    expect(
      await say(tail.id, tailSeq, { status: 'rejected', code: 'DIAMETER_RANGE', text: 'Φ12 is outside the tooling' }),
    ).toBe('reject');
    expect(await cardOf(f.cutter.id)).toMatchObject({
      job: { taskId: purchase.id, state: 'paused' },
      queue: { count: 0, items: [] },
    });
    // A task ended by hand takes its job off the card; the rejection is then what the machine shows.
    await act(purchase.id, 'fail', { reason: 'The shear jammed' });
    expect(await cardOf(f.cutter.id)).toMatchObject({
      job: {
        taskId: tail.id,
        state: 'rejected',
        rejection: { code: 'DIAMETER_RANGE', text: 'Φ12 is outside the tooling' },
      },
      queue: { count: 0, items: [] },
    });
    // Dispatched again, the task is a new job, sent: the rejection is over.
    await act(tail.id, 'dispatch');
    const again = (await cardOf(f.cutter.id)).job!;
    expect(again).toMatchObject({ taskId: tail.id, state: 'sent', rejection: null });
    expect(again.seq).toBeGreaterThan(tailSeq);
  });

  it('shows a bend job’s shapes read back from its BVBS records', async () => {
    await act(f.tasks.bend.id, 'dispatch');
    const { job } = await cardOf(f.bender.id);
    expect(job).toMatchObject({ taskId: f.tasks.bend.id, state: 'sent', total: 2, work: { kind: 'bend' } });
    const work = job!.work as Extract<TwinCard['job'] & object, { work: unknown }>['work'];
    if (work.kind !== 'bend') throw new Error('a bend job');
    expect(work.shapes).toEqual([{ mark: 'TWJ-B', length: 2500, legs: expect.any(Array) }]);
    expect(work.shapes[0]!.legs.length).toBeGreaterThan(1);
  });

  it('reads only the line’s own jobs', async () => {
    const theirs = await readCardJobs(ctx.app.db, line2.id, [f.cutter.id, f.bender.id]);
    expect([...theirs.values()].map((jobs) => jobs.job)).toEqual([null, null]);
    const ours = await readCardJobs(ctx.app.db, line1.id, [f.cutter.id, f.bender.id]);
    expect(ours.get(f.bender.id)!.job).toMatchObject({ taskId: f.tasks.bend.id });
  });
});
