import { z } from 'zod';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { solveWithFfd } from '@armature/cutting';
import {
  assignmentProblems,
  type CutPlanDetail,
  cutPlanDetailSchema,
  cutPlanPageSchema,
  cutPlanSchema,
  demandOrderDetailSchema,
  type JobStatus,
  optimizeAcceptedSchema,
  pagedResultSchema,
  productResource,
  rebarResource,
  resourceItemSchema,
  stockPageSchema,
} from '@armature/domain';
import { createUser, loginAs, selectProduct } from './helpers/auth.ts';
import { openSse, until } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { optimizeSolver } from '../src/modules/planning/cut-plan.job.ts';
import { answerOf, errorOf, injectorFor } from './helpers/inject.ts';

type Headers = { authorization: string };
type Product = { id: string; code: string; clientId: string; timeZone: string };
type Spec = { id: string; name: string; grade: string; diameter: number };

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };
const FINAL = ['succeeded', 'failed', 'cancelled'];

describe.each(testDatabases())('cutting plans on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  let admin: Headers;
  let planner: Headers;
  /** An administrator working in LINE2: another product's plans. */
  let other: Headers;
  let line1: Product;
  let line2: Product;
  let specs: Spec[];

  const inject = injectorFor(ctx);

  const select = (headers: Headers, product: Product) => selectProduct(ctx.app, headers, product);

  const specOf = (diameter: number) => specs.find((spec) => spec.diameter === diameter && spec.grade === 'HRB400E')!;

  /** A confirmed order of straight bars: lines of `diameter` mm at these lengths × quantities. */
  async function confirmedOrder(lines: { diameter: number; length: number; quantity: number }[]) {
    const created = await inject('POST', 'demandOrder', planner, {
      project: 'Cut plan test',
      element: 'B1',
      customer: null,
      demandDate: '2026-12-01',
      priority: 'normal',
      remark: null,
      lines: lines.map((line, index) => ({
        mark: `M${index + 1}`,
        rebarId: specOf(line.diameter).id,
        length: line.length,
        members: 1,
        barsPerMember: line.quantity,
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = answerOf(created, demandOrderDetailSchema);
    const confirmed = await inject('POST', `demandOrder/${order.id}/confirm`, planner);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return answerOf(confirmed, demandOrderDetailSchema);
  }

  const detail = async (id: string, headers: Headers = planner) => {
    const response = await inject('GET', `cutPlan/${id}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, cutPlanDetailSchema);
  };
  const settled = (id: string) =>
    until(
      () => detail(id),
      (plan) => FINAL.includes(plan.job.state),
      30_000,
    );

  async function createPlan(body: object) {
    const response = await inject('POST', 'cutPlan', planner, { timeLimitS: 1, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, cutPlanDetailSchema);
  }

  function expectSound(plan: CutPlanDetail, demand: { orderLineId: string; length: number; quantity: number }[]) {
    expect(assignmentProblems(plan.groups, demand, plan.settings)).toEqual([]);
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code === 'LINE2')!;
    await select(planner, line1);
    await select(admin, line1);
    const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    other = await loginAs(ctx.app, second.userName, second.password);
    await select(other, line2);
    specs = answerOf(await inject('GET', 'rebar/all', planner), z.array(resourceItemSchema(rebarResource)));
  });

  it('has the demo plan: approved, sound, using offcuts, its stock reserved', async () => {
    const page = answerOf(await inject('GET', 'cutPlan', planner), pagedResultSchema(cutPlanSchema));
    const demo = page.items.find((plan) => plan.status === 'approved');
    expect(demo, JSON.stringify(page)).toBeDefined();
    const plan = await detail(demo!.id);
    expect(plan.code).toMatch(/^CP\d{8}-\d{4}$/);
    expect(plan.job.state).toBe('succeeded');
    expect(plan.groups.length).toBeGreaterThan(0);
    expect(plan.groups.flatMap((group) => group.patterns).some((pattern) => pattern.source === 'offcut')).toBe(true);
    const tails = answerOf(await inject('GET', 'stock/tail', planner), stockPageSchema);
    expect(tails.items.some((row) => row.reserved > 0 && row.available === row.quantity - row.reserved)).toBe(true);
  });

  it('keeps reserved bars from manual moves: taking more than is available is refused, naming the plan', async () => {
    const plans = answerOf(await inject('GET', 'cutPlan?status=approved', planner), pagedResultSchema(cutPlanSchema));
    const demo = plans.items[0]!;
    const tails = answerOf(await inject('GET', 'stock/tail', admin), stockPageSchema);
    const held = tails.items.find((row) => row.reserved > 0)!;
    const move = (quantity: number) =>
      inject('POST', 'stockLog/tail', admin, {
        rebarId: held.rebarId,
        length: held.length,
        // From where the row lies (the demo keeps its offcuts in a bin).
        locationId: held.locationId,
        direction: 'out',
        quantity,
        reason: 'delivery',
      });
    const refused = await move(held.available + 1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'stock_reserved' } });
    expect(errorOf(refused).message).toContain(demo.code);
    const after = answerOf(await inject('GET', 'stock/tail', admin), stockPageSchema);
    expect(after.items.find((row) => row.id === held.id)).toMatchObject({
      quantity: held.quantity,
      reserved: held.reserved,
    });
  });

  it('lives: create → optimise in the background → approve → cancel; orders planned and back', async () => {
    const order = await confirmedOrder([
      { diameter: 16, length: 2950, quantity: 30 },
      { diameter: 16, length: 4100, quantity: 12 },
      { diameter: 12, length: 1800, quantity: 40 },
    ]);
    const created = await createPlan({ demandOrderIds: [order.id] });
    expect(created).toMatchObject({ status: 'draft', orderCodes: [order.code] });
    expect(['queued', 'running', 'succeeded']).toContain(created.job.state);
    expect(created.settings).toEqual(
      expect.objectContaining({ kerf: expect.any(Number), minTailLength: expect.any(Number) }),
    );

    const done = await settled(created.id);
    expect(done.job.state, JSON.stringify(done.job)).toBe('succeeded');
    expect(done.groups.map((group) => group.diameter)).toEqual([12, 16]);
    expect(done.totals).not.toBeNull();
    expect(done.totals!.demandWeight).toBeGreaterThan(0);
    expect(done.job.progress?.fraction).toBe(1);
    expectSound(
      done,
      order.lines.map((line) => ({ orderLineId: line.id, length: line.length, quantity: line.quantity })),
    );

    // A second run, then approval of the current one.
    const again = await inject('POST', `cutPlan/${created.id}/optimize`, planner, { timeLimitS: 1 });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual({ jobId: expect.any(String), runId: expect.any(String) });
    const rerun = await settled(created.id);
    expect(rerun.runs).toHaveLength(2);

    const approved = await inject('POST', `cutPlan/${created.id}/approve`, planner, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(answerOf(approved, cutPlanDetailSchema).status).toBe('approved');
    const planned = answerOf(await inject('GET', `demandOrder/${order.id}`, planner), demandOrderDetailSchema);
    expect(planned.status).toBe('planned');
    expect(planned.lines.every((line) => line.plannedQuantity === line.quantity)).toBe(true);
    expect(planned.cutPlans).toEqual([{ id: created.id, code: created.code, status: 'approved' }]);

    // Nothing left to plan of the order.
    const nothing = await inject('POST', 'cutPlan', planner, { demandOrderIds: [order.id], timeLimitS: 1 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('cut_plan_orders_not_confirmed');

    // The order cannot be cancelled while the plan uses it.
    const refused = await inject('POST', `demandOrder/${order.id}/cancel`, planner, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('demand_order_in_plan');
    expect(refused.json().error.message).toContain(created.code);

    const cancelled = await inject('POST', `cutPlan/${created.id}/cancel`, planner, { reason: 'test' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(answerOf(cancelled, cutPlanDetailSchema).history.map((entry) => entry.toStatus)).toEqual([
      'draft',
      'approved',
      'cancelled',
    ]);
    const back = answerOf(await inject('GET', `demandOrder/${order.id}`, planner), demandOrderDetailSchema);
    expect(back.status).toBe('confirmed');
    expect(back.lines.every((line) => line.plannedQuantity === 0)).toBe(true);

    // Delete: an approved plan no, a cancelled one yes.
    expect((await inject('DELETE', `cutPlan/${created.id}`, planner)).statusCode).toBe(204);
    expect((await inject('GET', `cutPlan/${created.id}`, planner)).statusCode).toBe(404);
  });

  it('offers only what is left to plan: a planned line is not taken again', async () => {
    const order = await confirmedOrder([
      { diameter: 12, length: 3100, quantity: 10 },
      { diameter: 12, length: 2300, quantity: 6 },
    ]);
    const [first, second] = order.lines;
    const plan = await createPlan({ orderLineIds: [first!.id] });
    expect((await settled(plan.id)).job.state).toBe('succeeded');
    expect((await inject('POST', `cutPlan/${plan.id}/approve`, planner)).statusCode).toBe(200);
    const partly = answerOf(await inject('GET', `demandOrder/${order.id}`, planner), demandOrderDetailSchema);
    // One line of two planned: the order stays confirmed.
    expect(partly.status).toBe('confirmed');
    expect(partly.lines.map((line) => line.plannedQuantity)).toEqual([10, 0]);
    const nothing = await inject('POST', 'cutPlan', planner, { orderLineIds: [first!.id], timeLimitS: 1 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('cut_plan_nothing_to_plan');
    const rest = await createPlan({ demandOrderIds: [order.id] });
    expect(rest.demandWeight).toBe(second!.weight);
    const done = await settled(rest.id);
    expectSound(done, [{ orderLineId: second!.id, length: second!.length, quantity: second!.quantity }]);
    expect((await inject('POST', `cutPlan/${rest.id}/approve`, planner)).statusCode).toBe(200);
    expect(answerOf(await inject('GET', `demandOrder/${order.id}`, planner), demandOrderDetailSchema).status).toBe(
      'planned',
    );
    for (const id of [rest.id, plan.id])
      expect((await inject('POST', `cutPlan/${id}/cancel`, planner)).statusCode).toBe(200);
    expect(answerOf(await inject('GET', `demandOrder/${order.id}`, planner), demandOrderDetailSchema).status).toBe(
      'confirmed',
    );
  });

  it('refuses orders that are not confirmed, and lines of another product', async () => {
    const draft = await inject('POST', 'demandOrder', planner, {
      project: 'Draft',
      demandDate: '2026-12-01',
      lines: [{ mark: 'D1', rebarId: specOf(12).id, length: 3000, members: 1, barsPerMember: 5 }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const response = await inject('POST', 'cutPlan', planner, { demandOrderIds: [draft.json().id] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('cut_plan_orders_not_confirmed');
    const foreign = await inject('POST', 'cutPlan', other, { demandOrderIds: [draft.json().id] });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps plans to their product: another product’s plan is 404 on every route', async () => {
    const order = await confirmedOrder([{ diameter: 12, length: 2500, quantity: 8 }]);
    const plan = await createPlan({ orderLineIds: [order.lines[0]!.id] });
    await settled(plan.id);
    for (const [method, url] of [
      ['GET', `cutPlan/${plan.id}`],
      ['GET', `cutPlan/${plan.id}/events`],
      ['GET', `cutPlan/${plan.id}/export?format=xlsx`],
      ['POST', `cutPlan/${plan.id}/optimize`],
      ['POST', `cutPlan/${plan.id}/approve`],
      ['POST', `cutPlan/${plan.id}/cancel`],
      ['POST', `cutPlan/${plan.id}/cancel-run`],
      ['DELETE', `cutPlan/${plan.id}`],
    ] as const) {
      const response = await inject(method, url, other, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = answerOf(await inject('GET', 'cutPlan', other), pagedResultSchema(cutPlanSchema));
    expect(list.items.map((item) => item.id)).not.toContain(plan.id);
    expect((await inject('DELETE', `cutPlan/${plan.id}`, planner)).statusCode).toBe(204);
  });

  it('lets exactly one of two approvals racing for the same offcuts win', async () => {
    // A tail row of 32 mm offcuts: two pieces fit one tail each, so both plans want the only ones there are.
    const received = await inject('POST', 'stockLog/tail', admin, {
      rebarId: specOf(32).id,
      length: 5000,
      quantity: 2,
      direction: 'in',
      reason: 'adjustment',
      remark: 'race',
    });
    expect(received.statusCode, received.body).toBe(201);
    const plans: CutPlanDetail[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await confirmedOrder([{ diameter: 32, length: 4800, quantity: 2 }]);
      const plan = await createPlan({
        demandOrderIds: [order.id],
        sources: { raw: false, tails: true, purchase: true },
      });
      const done = await settled(plan.id);
      expect(done.job.state).toBe('succeeded');
      expect(done.groups[0]!.patterns.every((pattern) => pattern.source === 'offcut')).toBe(true);
      plans.push(done);
    }
    const answers = await Promise.all(plans.map((plan) => inject('POST', `cutPlan/${plan.id}/approve`, planner, {})));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409)!;
    expect(lost.json().error.code).toBe('cut_plan_stock_gone');
    expect(lost.json().error.message).toContain('5000');
    const tails = answerOf(await inject('GET', `stock/tail?length=5000&diameter=32`, planner), stockPageSchema);
    expect(tails.items[0]).toMatchObject({ quantity: 2, reserved: 2, available: 0 });
  });

  it('streams the run: progress with bound and best plan, then the final state', async () => {
    const order = await confirmedOrder([
      { diameter: 16, length: 1730, quantity: 53 },
      { diameter: 16, length: 2210, quantity: 41 },
      { diameter: 16, length: 3340, quantity: 27 },
    ]);
    const plan = await createPlan({ demandOrderIds: [order.id] });
    await settled(plan.id);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/cutPlan/${plan.id}/events`, planner);
    try {
      expect(stream.response.status).toBe(200);
      await stream.next((event) => event.event === 'plan');
      const optimize = await inject('POST', `cutPlan/${plan.id}/optimize`, planner, { timeLimitS: 1 });
      expect(optimize.statusCode).toBe(202);
      const { runId, jobId } = answerOf(optimize, optimizeAcceptedSchema);
      const progress = await stream.next(
        (event) => event.event === 'progress' && (event.data as { runId: string }).runId === runId,
      );
      expect(progress.data).toEqual(
        expect.objectContaining({ fraction: expect.any(Number), bars: expect.any(Number), cost: expect.any(Number) }),
      );
      await stream.next((event) => event.event === 'result' && (event.data as { runId: string }).runId === runId);
      const final = await stream.next(
        (event) =>
          event.event === 'job' &&
          (event.data as JobStatus).id === jobId &&
          (event.data as JobStatus).state === 'succeeded',
      );
      expect(final.data).toMatchObject({ state: 'succeeded', progress: 1 });
    } finally {
      await stream.close();
    }
  });

  it('cancels a run and keeps the best plan found so far', async () => {
    // A solver that reports its first plan and then searches until it is told to stop.
    const real = optimizeSolver.solve;
    optimizeSolver.solve = async (input, hooks) => {
      const first = solveWithFfd(input);
      hooks.onProgress({
        phase: 'start',
        iteration: 0,
        lpValue: null,
        lowerBound: first.lowerBound,
        bestObjective: first.objective,
        bars: first.bars,
        cost: first.cost,
        waste: first.waste,
        unplacedPieces: 0,
        gap: null,
        provenOptimal: false,
        fraction: 0.1,
        timeLimitMs: 20_000,
        elapsedMs: 1,
      });
      await new Promise<void>((resolve) => {
        if (hooks.signal?.aborted) resolve();
        hooks.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      return first;
    };
    onTestFinished(() => {
      optimizeSolver.solve = real;
    });
    const order = await confirmedOrder([
      { diameter: 12, length: 1130, quantity: 71 },
      { diameter: 12, length: 2390, quantity: 43 },
      { diameter: 16, length: 3120, quantity: 35 },
    ]);
    const plan = await createPlan({ demandOrderIds: [order.id], timeLimitS: 20 });
    await until(
      () => detail(plan.id),
      (now) => now.job.state === 'running' && now.job.progress !== null,
      30_000,
    );
    const cancel = await inject('POST', `cutPlan/${plan.id}/cancel-run`, planner);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const kept = await until(
      () => detail(plan.id),
      (now) => now.totals !== null,
      30_000,
    );
    expect(kept.job.state).toBe('cancelled');
    expectSound(
      kept,
      order.lines.map((line) => ({ orderLineId: line.id, length: line.length, quantity: line.quantity })),
    );
  });

  it('exports the cut list as .xlsx and the diagrams as a PDF', async () => {
    const page = answerOf(await inject('GET', 'cutPlan?status=approved', planner), cutPlanPageSchema);
    const id = page.items[0]!.id;
    const xlsx = await inject('GET', `cutPlan/${id}/export?format=xlsx`, planner);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.length).toBe(2);
    expect(book.worksheets[0]!.rowCount).toBeGreaterThan(1);
    const pdf = await inject('GET', `cutPlan/${id}/export?format=pdf`, planner);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toMatch(/\/Type \/Page\b/);
    expect(text).toContain('/FontFile3');
    // Subset: far below the 8 MB font file.
    expect(pdf.rawPayload.length).toBeLessThan(1_000_000);
  });
});
