import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  backwardTraceSchema,
  demandOrderPageSchema,
  forwardTraceSchema,
  rebarReceiveSchema,
  stockPageSchema,
  taskDetailSchema,
  taskSchema,
  type RebarReceive,
  type TaskDetail,
} from '@armature/domain';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { demandOrders } from '../src/modules/planning/index.ts';
import { bundles, dailyPlans, tasks } from '../src/modules/processing/index.ts';
import { inspectionChecks, inspections } from '../src/modules/quality/index.ts';
import { DEMO_INSPECTOR } from '../src/modules/users/index.ts';
import { seedDatabase } from '../src/setup/seed.ts';
import { listedProductsSchema, loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, pageOf, withId } from './helpers/inject.ts';

type Headers = Record<string, string>;

/** The demo's receipts (apps/api/src/modules/stock/stock.demo.ts) the quality demo passes and holds. */
const PASSED_HEATS = ['24B-1187', '24A-0562', '24C-3519'];
const HELD_HEAT = '24B-1302';
const DEMO_PROJECT = '质检演示 样板段';

describe.each(testDatabases())('quality demo on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let inspector: Headers;
  let receipts: RebarReceive[];
  let task: TaskDetail;

  const get = async <S extends z.ZodType>(schema: S, url: string, headers: Headers = inspector) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return answerOf(response, schema);
  };

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(
      await ctx.app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
      listedProductsSchema,
    );
    const line1 = products.find((product) => product.code === 'LINE1')!;
    inspector = await loginAs(ctx.app, DEMO_INSPECTOR.userName, DEMO_INSPECTOR.password);
    for (const headers of [admin, inspector]) {
      const selected = await ctx.app.inject({
        method: 'PUT',
        url: '/api/client/set-currentUser-productId',
        headers,
        payload: { clientId: line1.clientId, productId: line1.id },
      });
      expect(selected.statusCode).toBe(200);
    }
    receipts = (await get(pageOf(rebarReceiveSchema), 'rebarReceive?maxResultCount=100')).items;
    const list = await get(pageOf(taskSchema), 'task?maxResultCount=100');
    const demoTask = list.items.find((each) => each.outputs.some((output) => output.project === DEMO_PROJECT));
    expect(demoTask, 'the demo task of the quality order').toBeDefined();
    task = await get(taskDetailSchema, `task/${demoTask!.id}`);
  });

  it('has LINE1’s receipts inspected: three passed, and one held with its bars in held raw stock', async () => {
    const status = (heatNo: string) => receipts.find((receipt) => receipt.heatNo === heatNo)?.qualityStatus;
    expect(PASSED_HEATS.map(status)).toEqual(['passed', 'passed', 'passed']);
    const held = receipts.find((receipt) => receipt.heatNo === HELD_HEAT)!;
    expect(held.qualityStatus).toBe('held');
    expect(held.heldQuantity).toBeGreaterThan(0);
    const heldStock = await get(stockPageSchema, `stock/raw?heatNo=${HELD_HEAT}&held=true`);
    expect(heldStock.items.map((row) => [row.held, row.quantity])).toEqual([[true, held.heldQuantity]]);
    expect(heldStock.totals.heldQuantity).toBe(held.heldQuantity);
    // The other receipts are left for the user to inspect.
    expect(receipts.filter((receipt) => receipt.qualityStatus === 'uninspected').length).toBeGreaterThan(0);
  });

  it('has a completed demo task with bundles, its first piece and a later one checked and good', async () => {
    expect(task).toMatchObject({ kind: 'cut', status: 'done' });
    expect(task.bundles.length).toBeGreaterThan(0);
    const trace = await get(backwardTraceSchema, `inspection/trace/bundle/${task.bundles[0]!.scanId}`);
    expect(trace.tasks.map((each) => each.id)).toEqual([task.id]);
    expect(trace.tasks[0]!.operators.length).toBeGreaterThan(0);
    expect(trace.productionInspections.map((each) => [each.pieceNo === 1, each.result])).toEqual([
      [true, 'pass'],
      [false, 'pass'],
    ]);
    expect(trace.productionInspections[1]!.pieceNo).toBeGreaterThan(1);
  });

  it('traces consistently: the task’s heats are passed receipts, and each heat’s recall list holds the task’s bundles', async () => {
    const backward = await get(backwardTraceSchema, `inspection/trace/bundle/${task.bundles[0]!.scanId}`);
    expect(backward.heatNos.length).toBeGreaterThan(0);
    expect(backward.heatNos.every((heatNo) => PASSED_HEATS.includes(heatNo))).toBe(true);
    expect(backward.receipts.map((receipt) => receipt.heatNo).sort()).toEqual([...backward.heatNos].sort());
    for (const receipt of backward.receipts) {
      expect(receipt.qualityStatus).toBe('passed');
      expect(receipt.inspections.map((each) => [each.result, each.inspectorName])).toEqual([
        ['pass', DEMO_INSPECTOR.name],
      ]);
    }
    for (const heatNo of backward.heatNos) {
      const forward = await get(forwardTraceSchema, `inspection/trace/heat/${encodeURIComponent(heatNo)}`);
      expect(forward.receipts.map((receipt) => receipt.id)).toEqual(
        backward.receipts.filter((receipt) => receipt.heatNo === heatNo).map((receipt) => receipt.id),
      );
      expect(forward.bundles.map((bundle) => bundle.id)).toEqual(
        expect.arrayContaining(task.bundles.map((bundle) => bundle.id)),
      );
      expect(forward.bundles.filter((bundle) => bundle.taskCode === task.code)).toHaveLength(task.bundles.length);
    }
  });

  it('leaves the demo’s approved cutting plan the only approved one (the browser tests schedule it): the quality order is completed', async () => {
    const approved = await get(pageOf(withId), 'cutPlan?status=approved', admin);
    expect(approved.items).toHaveLength(1);
    const orders = await get(demandOrderPageSchema, `demandOrder?filter=${encodeURIComponent(DEMO_PROJECT)}`, admin);
    expect(orders.items.map((order) => [order.project, order.status])).toEqual([[DEMO_PROJECT, 'completed']]);
  });

  it('changes nothing when seeded again', async () => {
    const tables = { techniques, inspections, inspectionChecks, demandOrders, dailyPlans, tasks, bundles };
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(async ([name, table]) => {
            const [row] = await ctx.app.db.select({ value: count() }).from(table);
            return [name, Number(row!.value)] as const;
          }),
        ),
      );
    const before = await counts();
    await seedDatabase(ctx.app.db, { adminPassword: undefined });
    expect(await counts()).toEqual(before);
    const again = (await get(pageOf(rebarReceiveSchema), 'rebarReceive?maxResultCount=100')).items;
    expect(again.map((receipt) => [receipt.id, receipt.qualityStatus, receipt.heldQuantity])).toEqual(
      receipts.map((receipt) => [receipt.id, receipt.qualityStatus, receipt.heldQuantity]),
    );
  });
});
