import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  demandOrderDetailSchema,
  dueInspectionSchema,
  inspectionSchema,
  pagedResultSchema,
  samplingPlanSchema,
  stockIntegritySchema,
  stockLogItemSchema,
  taskDetailSchema,
  taskQueueSchema,
  twinDetailSchema,
} from '@armature/domain';
import { createCharacteristic, cutChecks, inspectionUsers, techniqueId } from './helpers/inspection-fixture.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { equipmentCounterSamples } from '../src/modules/equipment/index.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';

type Headers = { authorization: string; [name: string]: string };
type Check = { inspectionTypeId: string; value?: number; passed?: boolean };

const PLANNED = Date.parse('2026-12-01T01:00:00Z');

describe.each(testDatabases())('production inspections on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let operator: Headers;
  /** An administrator working in LINE2: another product. */
  let other: Headers;
  let cut: string;
  let receiving: string;
  /** CUT: a length 3000 ± 5 mm and a visual pass/fail; BEND: an angle. */
  let length: { id: string; code: string };
  let visual: { id: string; code: string };
  let angle: { id: string; code: string };
  let purchaseLength = 9500;
  const fixtureOf = (tag: string) =>
    createTaskFixture(ctx.app.db, { tag, purchaseLength: (purchaseLength += 10), plannedStart: PLANNED });

  const inject = injectorFor(ctx);
  const act = async (id: string, action: string, headers: Headers, payload?: object) => {
    const response = await inject('POST', `task/${id}/${action}`, headers, payload);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    return answerOf(response, taskDetailSchema);
  };
  /** The tasks this test started: every fixture's tasks share the line's machines, which run one at a time. */
  let started: string[] = [];
  /** Dispatched and started, with `done` bars cut and reported. */
  async function runningWith(id: string, done: number) {
    await act(id, 'dispatch', admin);
    await act(id, 'start', operator);
    started.push(id);
    if (done) await act(id, 'report', operator, { done });
  }
  const inspect = (taskId: string, body: object, headers: Headers = admin) =>
    inject('POST', `inspection/task/${taskId}`, headers, body);
  const recorded = async (taskId: string, body: object, headers: Headers = admin) => {
    const response = await inspect(taskId, body, headers);
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, inspectionSchema);
  };
  const due = async (taskId: string) => {
    const response = await inject('GET', `inspection/task/${taskId}/due`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, dueInspectionSchema);
  };
  const task = async (id: string) => answerOf(await inject('GET', `task/${id}`, admin), taskDetailSchema);
  // Each test leaves the machines free for the next: what it left running is paused.
  afterEach(async () => {
    for (const id of started) if ((await task(id)).status === 'running') await act(id, 'pause', operator);
    started = [];
  });
  const lineProduced = async (f: TaskFixture, lineId: string) =>
    answerOf(await inject('GET', `demandOrder/${f.orderId}`, admin), demandOrderDetailSchema).lines.find(
      (line) => line.id === lineId,
    )!.producedQuantity;
  const ledger = async (stockKind: string, sourceCode: string) =>
    answerOf(
      await inject('GET', `stockLog/${stockKind}?sourceCode=${sourceCode}`, admin),
      pagedResultSchema(stockLogItemSchema),
    ).items;
  const checks = (lengthValue: number, passed = true): Check[] => [
    { inspectionTypeId: length.id, value: lengthValue },
    { inspectionTypeId: visual.id, passed },
  ];

  beforeAll(async () => {
    ({ admin, operator, other } = await inspectionUsers(ctx.app));

    ({ cut, length, visual } = await cutChecks(ctx.app, admin));
    receiving = await techniqueId(ctx.app, admin, 'RECV');
    const bend = await techniqueId(ctx.app, admin, 'BEND');
    angle = await createCharacteristic(ctx.app, admin, {
      techniqueId: bend,
      method: 'measured',
      standardValue: 90,
      lowerTolerance: -2,
      upperTolerance: 2,
    });
  });

  it('lists the production techniques with the product’s sampling plan and sets it; a receiving or unknown technique is 404', async () => {
    const plans = async (headers: Headers) => {
      const response = await inject('GET', 'inspection/sampling-plans', headers);
      expect(response.statusCode, response.body).toBe(200);
      return answerOf(response, z.array(samplingPlanSchema));
    };
    const before = await plans(admin);
    expect(before.map((plan) => plan.techniqueCode)).toEqual(expect.arrayContaining(['CUT', 'BEND']));
    expect(before.map((plan) => plan.techniqueId)).not.toContain(receiving);
    expect(before.find((plan) => plan.techniqueId === cut)).toMatchObject({
      everyN: 0,
      techniqueName: 'Cutting',
      lastModificationTime: null,
    });

    const set = await inject('PUT', `inspection/sampling-plans/${cut}`, admin, { everyN: 4 });
    expect(set.statusCode, set.body).toBe(200);
    expect(answerOf(set, samplingPlanSchema)).toMatchObject({
      techniqueId: cut,
      everyN: 4,
      lastModificationTime: expect.any(String),
    });
    const changed = await inject('PUT', `inspection/sampling-plans/${cut}`, admin, { everyN: 5 });
    expect(answerOf(changed, samplingPlanSchema).everyN).toBe(5);
    expect((await inject('PUT', `inspection/sampling-plans/${cut}`, admin, { everyN: 4 })).statusCode).toBe(200);
    expect((await plans(admin)).find((plan) => plan.techniqueId === cut)!.everyN).toBe(4);
    // Per product: LINE2 still checks the first piece only.
    expect((await plans(other)).find((plan) => plan.techniqueId === cut)!.everyN).toBe(0);

    expect((await inject('PUT', `inspection/sampling-plans/${receiving}`, admin, { everyN: 2 })).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await inject('PUT', `inspection/sampling-plans/${unknown}`, admin, { everyN: 2 })).statusCode).toBe(404);
    const negative = await inject('PUT', `inspection/sampling-plans/${cut}`, admin, { everyN: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.details).toHaveProperty('everyN');
  });

  it('asks for the first piece, then every Nth made; a recorded piece drops out; a pass changes nothing else', async () => {
    const f = await fixtureOf('P1');
    const { raw } = f.tasks;
    await runningWith(raw.id, 4);
    const asked = await due(raw.id);
    expect(asked).toMatchObject({ taskId: raw.id, everyN: 4, produced: 12, due: [1, 5, 9], flagged: false });
    expect(asked.characteristics.find((each) => each.id === length.id)).toMatchObject({
      code: length.code,
      method: 'measured',
      unit: 'mm',
      lowerLimit: 2995,
      upperLimit: 3005,
    });
    expect(asked.characteristics.find((each) => each.id === visual.id)).toMatchObject({
      lowerLimit: null,
      upperLimit: null,
    });
    expect(asked.characteristics.map((each) => each.id)).not.toContain(angle.id);

    const passed = await recorded(raw.id, { pieceNo: 1, checks: checks(3005) });
    expect(passed).toMatchObject({
      code: expect.stringMatching(/^QI\d{8}-\d{4}$/),
      kind: 'production',
      result: 'pass',
      techniqueId: cut,
      task: { id: raw.id, code: raw.code },
      equipment: { id: f.cutter.id },
      receipt: null,
      heatNo: 'P1R',
      pieceNo: 1,
      scrapPieces: 0,
    });
    // Checks come back in the characteristics' code order.
    const byCode = [length, visual].sort((a, b) => a.code.localeCompare(b.code));
    expect(passed.checks.map((check) => [check.inspectionTypeId, check.result])).toEqual(
      byCode.map((each) => [each.id, 'pass']),
    );
    expect((await due(raw.id)).due).toEqual([5, 9]);
    expect(await task(raw.id)).toMatchObject({ qualityFlag: false, scrap: 0 });
  });

  it('a failed inspection flags the task, scraps the piece from finished stock into waste and shows it as still to make', async () => {
    const f = await fixtureOf('P2');
    const { raw } = f.tasks;
    await runningWith(raw.id, 4);
    expect(await lineProduced(f, f.lineA)).toBe(12);

    const failed = await recorded(raw.id, { pieceNo: 5, checks: checks(3010) });
    expect(failed).toMatchObject({ result: 'fail', pieceNo: 5, scrapPieces: 1 });
    expect(failed.checks.find((check) => check.inspectionTypeId === length.id)).toMatchObject({
      value: 3010,
      lowerLimit: 2995,
      upperLimit: 3005,
      result: 'fail',
    });

    const after = await task(raw.id);
    expect(after).toMatchObject({ qualityFlag: true, scrap: 1, done: 4 });
    expect(after.outputs[0]!.produced).toBe(11);
    expect(after.events.at(-1)).toMatchObject({
      action: 'inspection',
      data: { inspection: failed.code, pieceNo: 5, failedChecks: length.code, scrap: 1 },
      userName: expect.any(String),
    });
    expect((await due(raw.id)).flagged).toBe(true);

    const finished = await ledger('finished', failed.code);
    expect(finished.map((row) => [row.direction, row.reason, row.length, row.quantity, row.balanceAfter])).toEqual([
      ['out', 'scrap', 3000, 1, 11],
    ]);
    const waste = await ledger('waste', failed.code);
    expect(waste.map((row) => [row.direction, row.reason, row.length, row.quantity])).toEqual([
      ['in', 'scrap', 3000, 1],
    ]);
    for (const row of [...finished, ...waste])
      expect(row).toMatchObject({ sourceType: 'inspection', sourceId: failed.id, sourceCode: failed.code });
    expect(await lineProduced(f, f.lineA)).toBe(11);
    const integrity = await inject('GET', 'stock/integrity', admin);
    expect(answerOf(integrity, stockIntegritySchema).ok).toBe(true);

    // Later reports build on it: completing makes the rest, the scrapped piece stays scrapped.
    const completed = await act(raw.id, 'complete', operator);
    expect(completed).toMatchObject({ status: 'done', scrap: 1, piecesDone: 14 });
    expect(await lineProduced(f, f.lineA)).toBe(14);
    expect(answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema).ok).toBe(true);
  });

  it('refuses another technique’s characteristic, a piece not made, a missing value, too much scrap, a task not started and another product’s task', async () => {
    const f = await fixtureOf('P3');
    const { raw, purchase } = f.tasks;
    await runningWith(raw.id, 1);

    const wrongTechnique = await inspect(raw.id, { pieceNo: 1, checks: [{ inspectionTypeId: angle.id, value: 90 }] });
    expect(wrongTechnique.statusCode).toBe(400);
    expect(wrongTechnique.json().error.code).toBe('inspection_task_technique');
    expect(wrongTechnique.json().error.details).toHaveProperty(['checks.0.inspectionTypeId']);

    const notMade = await inspect(raw.id, { pieceNo: 4, checks: checks(3000) });
    expect(notMade.statusCode).toBe(409);
    expect(notMade.json().error.code).toBe('inspection_piece_not_made');

    const missing = await inspect(raw.id, { pieceNo: 1, checks: [{ inspectionTypeId: length.id }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toHaveProperty(['checks.0.value']);

    const tooMuch = await inspect(raw.id, { pieceNo: 1, checks: checks(3100), scrapPieces: 4 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.details).toHaveProperty('scrapPieces');

    const pending = await inspect(purchase.id, { pieceNo: 1, checks: checks(3000) });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.code).toBe('inspection_task_not_started');

    expect((await inspect(raw.id, { pieceNo: 1, checks: checks(3000) }, other)).statusCode).toBe(404);
    expect((await inject('GET', `inspection/task/${raw.id}/due`, other)).statusCode).toBe(404);

    // Nothing of the refused writes remains.
    const listed = await inject('GET', `inspection?taskId=${raw.id}`, admin);
    expect(listed.json().totalCount).toBe(0);
    expect(await task(raw.id)).toMatchObject({ qualityFlag: false, scrap: 0 });
  });

  it('scraps the longest pieces first, then pieces cut for the bender, which it then may not bend', async () => {
    const f = await fixtureOf('P6');
    const { tail, bend } = f.tasks;
    // Two 6 m offcuts cut: two finished A pieces (3000) and two B pieces (2500) for the bender.
    await runningWith(tail.id, 2);
    const failed = await recorded(tail.id, { pieceNo: 3, checks: checks(2900), scrapPieces: 3 });
    expect((await ledger('finished', failed.code)).map((row) => [row.direction, row.length, row.quantity])).toEqual([
      ['out', 3000, 2],
    ]);
    expect((await ledger('waste', failed.code)).map((row) => [row.direction, row.length, row.quantity]).sort()).toEqual(
      [
        ['in', 2500, 1],
        ['in', 3000, 2],
      ],
    );
    expect((await task(tail.id)).outputs.map((output) => [output.length, output.produced])).toEqual([
      [3000, 0],
      [2500, 1],
    ]);
    expect(await lineProduced(f, f.lineA)).toBe(0);
    expect(await lineProduced(f, f.lineB)).toBe(0);

    await runningWith(bend.id, 1);
    const beyond = await inject('POST', `task/${bend.id}/report`, operator, { done: 2 });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error.code).toBe('task_waits_for_cut');
    expect(answerOf(await inject('GET', 'stock/integrity', admin), stockIntegritySchema).ok).toBe(true);
  });

  it('applies a retried inspection once', async () => {
    const f = await fixtureOf('P4');
    const { raw } = f.tasks;
    await runningWith(raw.id, 2);
    const key = { ...admin, 'idempotency-key': `qi-${Date.now()}` };
    const first = await recorded(raw.id, { pieceNo: 1, checks: checks(2990), scrapPieces: 2 }, key);
    const again = await recorded(raw.id, { pieceNo: 1, checks: checks(2990), scrapPieces: 2 }, key);
    expect(again.id).toBe(first.id);
    expect(await task(raw.id)).toMatchObject({ scrap: 2, qualityFlag: true });
    expect((await task(raw.id)).outputs[0]!.produced).toBe(4);
    expect((await inject('GET', `inspection?taskId=${raw.id}`, admin)).json().totalCount).toBe(1);
    expect(await lineProduced(f, f.lineA)).toBe(4);
  });

  it('counts inspection scrap in the machine’s OEE quality for the shift it was found in', async () => {
    const f = await fixtureOf('P5');
    const { raw } = f.tasks;
    await runningWith(raw.id, 1);
    // A past day no other test counts on: the counters made 100 pieces there, 2 scrapped.
    const day = '2026-06-01';
    const detail = async () => {
      const response = await inject('GET', `digitalTwin/equipment/${f.cutter.id}?day=${day}`, admin);
      expect(response.statusCode, response.body).toBe(200);
      return answerOf(response, twinDetailSchema);
    };
    const shift = (await detail()).shifts[0]!;
    expect(shift).toBeDefined();
    const from = Date.parse(shift.from);
    await ctx.app.db.insert(equipmentCounterSamples).values({
      equipmentId: f.cutter.id,
      at: new Date(from + 30 * 60_000).toISOString(),
      pieces: 100,
      good: 98,
      scrap: 2,
      deltaPieces: 100,
      deltaGood: 98,
      deltaScrap: 2,
      reset: false,
    });
    const before = await detail();
    expect(before.shifts[0]).toMatchObject({ totalPieces: 100, goodPieces: 98 });
    expect(before.shifts[0]!.quality).toBeCloseTo(0.98, 10);

    await recorded(raw.id, {
      pieceNo: 1,
      checks: checks(3000, false),
      scrapPieces: 3,
      inspectedAt: new Date(from + 60 * 60_000).toISOString(),
    });
    const after = await detail();
    expect(after.shifts[0]).toMatchObject({ totalPieces: 100, goodPieces: 95 });
    expect(after.shifts[0]!.quality).toBeCloseTo(0.95, 10);
    expect(after.dayOee.quality).toBeCloseTo(0.95, 10);
    expect(after.counters).toMatchObject({ pieces: 100, good: 95, scrap: 5 });
  });

  it('tells the operator’s queue the next piece to set aside and the samples due, in one read of the plan', async () => {
    const f = await fixtureOf('P9');
    const { raw, bend } = f.tasks;
    expect((await inject('PUT', `inspection/sampling-plans/${cut}`, admin, { everyN: 5 })).statusCode).toBe(200);
    const queued = async (equipmentId: string, taskId: string) => {
      const response = await inject('GET', `task/queue?equipmentId=${equipmentId}`, operator);
      expect(response.statusCode, response.body).toBe(200);
      return answerOf(response, taskQueueSchema).tasks.find((each) => each.id === taskId)!.sampling;
    };
    try {
      // Five bars of three pieces: pieces 1, 6 and 11 are samples.
      await act(raw.id, 'dispatch', admin);
      expect(await queued(f.cutter.id, raw.id)).toEqual({ everyN: 5, nextPiece: 1, due: [] });
      await act(raw.id, 'start', operator);
      started.push(raw.id);
      await act(raw.id, 'report', operator, { done: 2 });
      expect(await queued(f.cutter.id, raw.id)).toEqual({ everyN: 5, nextPiece: 11, due: [1, 6] });
      await recorded(raw.id, { pieceNo: 1, checks: checks(3000) });
      await act(raw.id, 'report', operator, { done: 4 });
      expect(await queued(f.cutter.id, raw.id)).toEqual({ everyN: 5, nextPiece: null, due: [6, 11] });
      // The bender's technique has no plan: its first piece only, as the inspector's due list says.
      await act(bend.id, 'dispatch', admin);
      expect(await queued(f.bender.id, bend.id)).toEqual({ everyN: 0, nextPiece: 1, due: [] });
    } finally {
      await inject('PUT', `inspection/sampling-plans/${cut}`, admin, { everyN: 4 });
    }
  });
});
