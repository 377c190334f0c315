import { beforeAll, describe, expect, it } from 'vitest';
import { solveCuttingStock } from '@armature/cutting';
import { z } from 'zod';
import {
  backwardTraceSchema,
  cutPlanDetailSchema,
  forwardTraceSchema,
  printTagsResultSchema,
  scanAnswerSchema,
  stockIntegritySchema,
  stockPageSchema,
  taskDetailSchema,
  taskPageSchema,
  type StockItem,
  type TaskDetail,
} from '@armature/domain';
import { eq } from 'drizzle-orm';
import { cutPlans } from '../src/modules/planning/index.ts';
import { productSettings } from '../src/modules/master-data/master-data.table.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { applyStockMoves } from '../src/modules/stock/index.ts';
import { buildGroupInputs, mapGroup } from '../src/modules/planning/cut-plan.solve.ts';
import { listedProductsSchema, loginAs, uniqueName } from './helpers/auth.ts';
import { createTaskFixture, type TaskFixture, type TaskFixtureOptions } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { checkedCallsFor, injectorFor, wholeRecord, withId } from './helpers/inject.ts';
import { printerListener } from './helpers/printer.ts';

type Headers = Record<string, string>;

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('offcut lots on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let operator: Headers;
  let purchaseLength = 9500;

  const inject = injectorFor(ctx);
  const { sent, ok } = checkedCallsFor(inject);
  const fixture = (tag: string, options: Partial<TaskFixtureOptions> = {}) =>
    createTaskFixture(ctx.app.db, {
      tag,
      purchaseLength: (purchaseLength += 10),
      plannedStart: Date.parse('2026-12-03T01:00:00Z'),
      ...options,
    });
  /** Dispatched by the shift lead, then started, reported once and completed by the operator. */
  async function run(taskId: string) {
    await sent('POST', `task/${taskId}/dispatch`, admin);
    await sent('POST', `task/${taskId}/start`, operator);
    await sent('POST', `task/${taskId}/report`, operator, { done: 1 });
    return ok(taskDetailSchema, 'POST', `task/${taskId}/complete`, operator);
  }
  const tails = (query: string) => ok(stockPageSchema, 'GET', `stock/tail?includeEmpty=true&${query}`, admin);
  /** The one offcut row the task kept at `length`. */
  async function keptBy(task: TaskDetail, length: number): Promise<StockItem> {
    const rows = (await tails(`length=${length}`)).items.filter((row) => row.lot?.sourceCode === task.code);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }
  const planRow = async (id: string) => (await ctx.app.db.select().from(cutPlans).where(eq(cutPlans.id, id)))[0]!;
  const integrity = () => ok(stockIntegritySchema, 'GET', 'stock/integrity', admin);
  /** Offcuts kept `daysAgo` days ago by a hand entry `code`: a lot of heat unknown. */
  const keep = (f: TaskFixture, code: string, daysAgo: number, length: number, quantity: number) =>
    ctx.app.db.transaction((tx) =>
      applyStockMoves(tx, {
        scope: f.writer.scope,
        operator: f.writer.user,
        source: { type: 'manual', code },
        time: new Date(Date.now() - daysAgo * DAY).toISOString(),
        moves: [{ kind: 'tail', direction: 'in', rebarId: f.rebarId, length, quantity, reason: 'production' }],
      }),
    );

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    const products = await ok(listedProductsSchema, 'GET', 'product/all', admin);
    const line1 = products.find((product) => product.code === 'LINE1')!;
    for (const headers of [admin, operator])
      await sent('PUT', 'client/set-currentUser-productId', headers, { clientId: line1.clientId, productId: line1.id });
  });

  it('follows a heat through two generations of offcut lots to a delivered bundle, and back from the heat', async () => {
    // Generation 1: 18 m bars of heat G1R cut 3 × 3000, each leaving an 8990 mm offcut.
    const g1 = await fixture('G1', { rawLength: 18_000 });
    const cut1 = await run(g1.tasks.raw.id);
    const lot1 = await keptBy(cut1, 8990);
    // Reported once then completed: one lot of the task, not one per report.
    expect(lot1.quantity).toBe(5);
    expect(lot1.lot).toMatchObject({ heatNos: ['G1R'], taskId: cut1.id, sourceCode: cut1.code, ageDays: 0 });
    expect(lot1.lot!.code).toMatch(/^OC\d{8}-\d{4}$/);
    // Its label prints from the task, like the bundle tags.
    const labels = await inject('GET', `task/${cut1.id}/offcut-labels`, operator);
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    expect(labels.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // And as ZPL, downloaded or sent to one of the line's label printers like bundle tags.
    const zpl = await inject('GET', `task/${cut1.id}/offcut-labels?format=zpl&dpi=203`, operator);
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.headers['content-disposition']).toContain('offcut-labels-203dpi.zpl');
    expect(zpl.body).toContain(`^FD${lot1.lot!.code}^FS`);
    expect(zpl.body).toContain('G1R');
    const printer = await printerListener();
    try {
      const created = await ok(withId, 'POST', 'labelPrinter', admin, {
        code: 'ZT-OC',
        name: 'Offcut labels',
        host: '127.0.0.1',
        port: printer.port,
        dpi: '203',
      });
      const printed = await ok(printTagsResultSchema, 'POST', `task/${cut1.id}/offcut-labels/print`, operator, {
        printerId: created.id,
      });
      expect(printed).toEqual({ labels: 1, printer: 'Offcut labels' });
      expect(await printer.jobs[0]).toBe(zpl.body);
    } finally {
      await new Promise((resolve) => printer.server.close(resolve));
    }

    // Generation 2: two of those offcuts cut A + B, leaving 3480 mm each: a lot of the same steel.
    const g2 = await fixture('G2', { tail: { stockId: lot1.id, length: 8990 } });
    const cut2 = await run(g2.tasks.tail.id);
    const lot2 = await keptBy(cut2, 3480);
    expect(lot2.quantity).toBe(2);
    expect(lot2.lot!.heatNos).toEqual(['G1R']);
    expect((await tails(`filter=${lot1.lot!.code}`)).items.map((row) => row.quantity)).toEqual([3]);

    // Generation 3: the second-generation offcuts cut 1500 + 1000; the 1500 pieces are bundled and delivered.
    const g3 = await fixture('G3', { lengths: { a: 1500, b: 1000 }, tail: { stockId: lot2.id, length: 3480 } });
    const cut3 = await run(g3.tasks.tail.id);
    const bundle = cut3.bundles.find((each) => each.mark === 'G3-A')!;
    // Its 970 mm offcuts went to waste: no lot, no label.
    expect((await inject('GET', `task/${cut3.id}/offcut-labels`, operator)).statusCode).toBe(404);
    const delivery = await ok(z.object({ code: z.string() }), 'POST', 'delivery', admin, {
      site: 'Recall site',
      bundleScanIds: [bundle.scanId],
    });

    const back = await ok(backwardTraceSchema, 'GET', `inspection/trace/bundle/${bundle.scanId}`, admin);
    expect(back.heatNos).toEqual(['G1R']);
    // Its tag and the tag's public scan page name the same heat.
    expect((await ok(scanAnswerSchema, 'GET', `scan/${bundle.scanId}`, {})).heatNos).toEqual(['G1R']);
    const tag = await inject('GET', `task/${cut3.id}/tags?format=zpl`, admin);
    expect(tag.statusCode, tag.body).toBe(200);
    expect(tag.body).toContain('^FDG1R^FS');
    const forward = await ok(forwardTraceSchema, 'GET', 'inspection/trace/heat/G1R', admin);
    const byTask = (task: TaskDetail) => forward.bundles.filter((each) => each.taskCode === task.code);
    expect(byTask(cut1).length).toBe(cut1.bundles.length);
    expect(byTask(cut2).length).toBe(cut2.bundles.length);
    expect(forward.bundles.find((each) => each.scanId === bundle.scanId)).toMatchObject({
      mark: 'G3-A',
      delivery: { code: delivery.code, site: 'Recall site' },
    });
    // Another heat's recall does not reach the offcuts' bundles.
    const other = await ok(forwardTraceSchema, 'GET', 'inspection/trace/heat/G2R', admin);
    expect(other.bundles.some((each) => each.scanId === bundle.scanId)).toBe(false);
    expect((await integrity()).ok).toBe(true);
  });

  it('tells the operator where the bars of each cut lie: the rack, the lot and the heat', async () => {
    const g = await fixture('PL', { rawLength: 18_000 });
    const kept = await keptBy(await run(g.tasks.raw.id), 8990);
    const code = uniqueName('RK').slice(0, 20);
    const rack = await ok(withId, 'POST', 'stockLocation', admin, { code, name: 'Offcut rack' });
    await sent('POST', `stock/tail/${kept.id}/relocate`, admin, { locationId: rack.id, quantity: 5 });
    const [atRack] = (await tails(`filter=${kept.lot!.code}&locationId=${rack.id}`)).items;
    const f = await fixture('PM', { tail: { stockId: atRack!.id, length: 8990 } });
    const task = (id: string) => ok(taskDetailSchema, 'GET', `task/${id}`, operator);
    // The offcut cut: its lot at the rack; the raw cut: its heat, not put away; a bend: no bars to fetch.
    expect((await task(f.tasks.tail.id)).places).toEqual([
      expect.objectContaining({ locationCode: code, locationName: 'Offcut rack', lotCode: kept.lot!.code, bars: 5 }),
    ]);
    expect((await task(f.tasks.raw.id)).places).toEqual([
      expect.objectContaining({ locationCode: null, lotCode: null, heatNo: 'PMR' }),
    ]);
    // A purchased length: the free raw rows of its spec and length, as completion would take them.
    const bought = await task(f.tasks.purchase.id);
    const free = await ok(
      stockPageSchema,
      'GET',
      `stock/raw?rebarId=${f.rebarId}&length=${bought.pattern!.stockLength}`,
      admin,
    );
    expect(bought.places!.map((each) => `${each.heatNo}×${each.bars}`).sort()).toEqual(
      free.items
        .filter((row) => !row.held && row.quantity > 0)
        .map((row) => `${row.heatNo}×${row.quantity}`)
        .sort(),
    );
    expect(bought.places!.every((each) => each.lotCode === null)).toBe(true);
    expect((await task(f.tasks.bend.id)).places).toBeNull();
    // The plan says which lot its offcut pattern takes.
    const plan = await ok(cutPlanDetailSchema, 'GET', `cutPlan/${f.cutPlanId}`, admin);
    const offcutPatterns = plan.groups.flatMap((group) => group.patterns).filter((each) => each.source === 'offcut');
    expect(offcutPatterns.map((each) => each.lotCode)).toEqual([kept.lot!.code]);
    // The task list (and so the machine's queue) answers the same, and a task done answers none.
    const list = await ok(taskPageSchema, 'GET', `task?dailyPlanId=${f.dailyPlanId}&maxResultCount=100`, admin);
    expect(list.items.find((each) => each.id === f.tasks.tail.id)?.places).toEqual(
      (await task(f.tasks.tail.id)).places,
    );
    expect((await run(f.tasks.tail.id)).places).toBeNull();
  });

  it('shows offcuts without a heat as such, lists lots by age and takes the oldest lot first by hand', async () => {
    const f = await fixture('AG');
    const [old] = await keep(f, 'MV-AGE', 40, 4321, 3);
    await sent('POST', 'stockLog/tail', admin, {
      direction: 'in',
      rebarId: f.rebarId,
      length: 4321,
      quantity: 2,
      reason: 'adjustment',
    });
    const rows = (await tails('length=4321')).items;
    expect(rows).toHaveLength(2);
    const oldRow = rows.find((row) => row.id === old!.stockId)!;
    expect(oldRow.lot).toMatchObject({ heatNos: [], sourceCode: 'MV-AGE' });
    expect(oldRow.lot!.ageDays).toBe(40);
    // The aging report: lots kept 30 days ago or more.
    expect((await tails('length=4321&minAgeDays=30')).items.map((row) => row.id)).toEqual([oldRow.id]);
    // Or the product's aging days: 90 by default (the 40-day lot is not aged yet), then 30.
    expect(oldRow.lot!.aged).toBe(false);
    expect((await tails('length=4321&aged=true')).items).toEqual([]);
    await ctx.app.db
      .update(productSettings)
      .set({ offcutAgeDays: 30 })
      .where(eq(productSettings.productId, f.productId));
    const aged = (await tails('length=4321&aged=true')).items;
    expect(aged.map((row) => [row.id, row.lot!.aged])).toEqual([[oldRow.id, true]]);
    expect((await tails('length=4321')).items.find((row) => row.id !== oldRow.id)!.lot!.aged).toBe(false);
    await ctx.app.db
      .update(productSettings)
      .set({ offcutAgeDays: 90 })
      .where(eq(productSettings.productId, f.productId));

    // Four bars out by hand: the old lot's three, then one of the new lot.
    await sent('POST', 'stockLog/tail', admin, {
      direction: 'out',
      rebarId: f.rebarId,
      length: 4321,
      quantity: 4,
      reason: 'scrap',
    });
    const after = (await tails('length=4321')).items;
    expect(Object.fromEntries(after.map((row) => [row.id === oldRow.id ? 'old' : 'new', row.quantity]))).toEqual({
      old: 0,
      new: 1,
    });
    // The row a keeper picked: its lot, whatever its age.
    const newRow = after.find((row) => row.id !== oldRow.id)!;
    await sent('POST', 'stockLog/tail', admin, {
      direction: 'out',
      rebarId: f.rebarId,
      length: 4321,
      lotId: newRow.lot!.id,
      quantity: 1,
      reason: 'adjustment',
    });
    expect((await tails(`filter=${newRow.lot!.code}`)).items.map((row) => row.quantity)).toEqual([0]);
    // A lot of another length (or product) is refused by name.
    const wrong = await inject('POST', 'stockLog/tail', admin, {
      direction: 'in',
      rebarId: f.rebarId,
      length: 4000,
      lotId: newRow.lot!.id,
      quantity: 1,
      reason: 'adjustment',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toHaveProperty('lotId');
    expect((await integrity()).ok).toBe(true);
  });

  it('cuts a spec by its own minimum reusable offcut, copied into the plan when it is made', async () => {
    const f0 = await fixture('TH0');
    const spec = await ok(wholeRecord, 'GET', `rebar/${f0.rebarId}`, admin);
    // The product keeps 1000 mm and up; this spec only 9000 mm and up.
    const refused = await inject('PUT', `rebar/${f0.rebarId}`, admin, {
      ...spec,
      minTailLength: 400,
      wasteLength: 500,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toHaveProperty('minTailLength');
    await sent('PUT', `rebar/${f0.rebarId}`, admin, { ...spec, minTailLength: 9000 });
    try {
      const f = await fixture('TH', { rawLength: 18_000 });
      const plan = await ok(cutPlanDetailSchema, 'GET', `cutPlan/${f.cutPlanId}`, admin);
      expect(plan.settings.minTailLength).toBe(1000);
      expect(plan.settings.thresholds).toEqual({ [f.rebarId]: { minTailLength: 9000, wasteLength: 500 } });
      // The optimiser is given the spec's threshold as its waste length.
      const [group] = await buildGroupInputs(
        ctx.app.db,
        { ...(await planRow(f.cutPlanId)), sources: { raw: true, tails: true, purchase: false } },
        [{ orderLineId: f.lineA, rebarId: f.rebarId, length: 3000, quantity: 3, mark: 'TH-A' }],
        1,
      );
      expect(group!.input!.options!.wasteLength).toBe(9000);
      // 18 m less 3 × 3000 leaves 8990 mm: below this spec's 9000, so waste — no lot, no label.
      const cut = await run(f.tasks.raw.id);
      expect((await tails('length=8990')).items.filter((row) => row.lot?.sourceCode === cut.code)).toEqual([]);
      expect((await inject('GET', `task/${cut.id}/offcut-labels`, operator)).statusCode).toBe(404);
      expect((await integrity()).ok).toBe(true);
    } finally {
      const now = await ok(wholeRecord, 'GET', `rebar/${f0.rebarId}`, admin);
      await sent('PUT', `rebar/${f0.rebarId}`, admin, { ...now, minTailLength: null });
    }
    // A plan made after the spec fell back to the product's value copies nothing.
    const after = await fixture('TH2');
    const again = await ok(cutPlanDetailSchema, 'GET', `cutPlan/${after.cutPlanId}`, admin);
    expect(again.settings.thresholds ?? null).toBeNull();
  });

  it('makes the optimiser take the older of two lots of equal steel', async () => {
    const f = await fixture('OPT');
    // Longer than any other offcut of the spec: these two lots are the only sources that fit, the same steel.
    // The younger lot is written first, so its row comes first in any order but age.
    const [young] = await keep(f, 'MV-OPT2', 2, 17_500, 1);
    const [old] = await keep(f, 'MV-OPT20', 20, 17_500, 1);
    const line = { orderLineId: f.lineA, rebarId: f.rebarId, length: 17_400, quantity: 1, mark: 'OPT-A' };
    const [group] = await buildGroupInputs(
      ctx.app.db,
      {
        id: f.cutPlanId,
        productId: f.productId,
        sources: { raw: false, tails: true, purchase: false },
        kerf: 0,
        endTrim: 0,
        minTailLength: 1000,
        wasteLength: 500,
      },
      [line],
      1,
    );
    const plan = await solveCuttingStock(group!.input!);
    const patterns = mapGroup(group!, plan, null).group.patterns.filter((pattern) => pattern.stockLength === 17_500);
    expect(patterns.map((pattern) => [pattern.stockId, pattern.count])).toEqual([[old!.stockId, 1]]);
    expect(patterns[0]!.stockId).not.toBe(young!.stockId);
  });
});
