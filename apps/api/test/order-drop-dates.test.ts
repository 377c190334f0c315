import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cutPlanPageSchema,
  dailyPlanDetailSchema,
  dashboardSchema,
  nextDay,
  notificationPageSchema,
  type DailyPlanDetail,
} from '@armature/domain';
import { demandOrderLines, scanDueOrders } from '../src/modules/planning/index.ts';
import { listedProductsSchema, loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, injectorFor, pageOf, withId } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = Record<string, string>;

/** A Monday: the demo machines work two shifts Monday to Saturday. */
const FIRST_DAY = '2026-12-07';
/** Before the schedule's first day: whatever is due then is late. */
const EARLY = '2026-12-01';
/** Past the schedule's horizon: work due then is on time whatever the schedule does. */
const LATE = '2027-06-30';

describe.each(testDatabases())('each drop’s date in schedules and planners’ views on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  let admin: Headers;
  let planner: Headers;
  let plan: DailyPlanDetail;

  const sent = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await inject(method, url, admin, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const ok = async <S extends z.ZodType>(schema: S, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    answerOf(await sent(method, url, payload), schema);
  const linesOf = (orderId: string) =>
    ctx.app.db
      .select({ id: demandOrderLines.id, mark: demandOrderLines.mark })
      .from(demandOrderLines)
      .where(eq(demandOrderLines.orderId, orderId));

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = await ok(listedProductsSchema, 'GET', 'product/all');
    const line1 = products.find((product) => product.code === 'LINE1')!;
    planner = await loginAs(ctx.app, 'planner');
    for (const headers of [admin, planner]) await selectProduct(ctx.app, headers, line1);
    const cutPlan = (await ok(cutPlanPageSchema, 'GET', 'cutPlan?status=approved')).items[0]!;
    plan = await ok(dailyPlanDetailSchema, 'POST', 'dailyPlan', {
      firstDay: FIRST_DAY,
      days: 3,
      cutPlanIds: [cutPlan.id],
    });
  });

  it('schedules by the drop of each line: an early drop’s work is late, a later drop’s is not', async () => {
    // An order of the schedule with a job making only some of its lines.
    const [order, job] = plan.orders.flatMap((each) => {
      const one = plan.jobs.find((j) => j.orderIds.length === 1 && j.orderIds[0] === each.id);
      return one ? [[each, one] as const] : [];
    })[0]!;
    const lines = await linesOf(order.id);
    const early = lines.filter((line) => job.orderLineIds.includes(line.id));
    const later = lines.filter((line) => !job.orderLineIds.includes(line.id));
    await sent('PUT', `demandOrder/${order.id}/drops`, {
      drops: [
        { site: 'Early pour', date: EARLY, marks: [...new Set(early.map((line) => line.mark))] },
        { site: 'Later pour', date: LATE },
      ],
    });

    const detail = await ok(dailyPlanDetailSchema, 'GET', `dailyPlan/${plan.id}`);
    const read = detail.orders.find((each) => each.id === order.id)!;
    expect(read.dueDate).toBe(EARLY);
    expect(read.lineDueDates).toEqual(
      Object.fromEntries([...early.map((line) => [line.id, EARLY]), ...later.map((line) => [line.id, LATE])]),
    );
    // The order is answered by its worst drop: the early one, late.
    const lateness = detail.evaluation.lateness.find((each) => each.orderId === order.id)!;
    expect(lateness).toMatchObject({ dueDate: EARLY, complete: true });
    expect(lateness.daysLate).toBeGreaterThanOrEqual(6);
    // A job of the early drop should have started before the first shift of the horizon; a job only of the
    // later drop's lines has no limit within it (its due day ends after the last shift).
    const start = (id: string) => detail.jobs.find((each) => each.id === id)!.latestStart;
    expect(start(job.id)).toBeLessThan(Math.min(...detail.slots.map((slot) => slot.from)));
    const laterJob = detail.jobs.find(
      (each) =>
        each.orderIds.length === 1 &&
        each.orderIds[0] === order.id &&
        each.orderLineIds.every((id) => later.some((line) => line.id === id)),
    );
    if (laterJob) expect(start(laterJob.id)).toBeNull();

    // Both drops on the later day: nothing of it is late any more.
    await sent('PUT', `demandOrder/${order.id}/drops`, { drops: [{ site: 'One pour', date: LATE }] });
    const onTime = await ok(dailyPlanDetailSchema, 'GET', `dailyPlan/${plan.id}`);
    expect(onTime.evaluation.lateness.find((each) => each.orderId === order.id)).toMatchObject({
      dueDate: LATE,
      daysLate: 0,
    });
  });

  it('lists an order on the dashboard by its next drop from today, and warns by the lines still to plan', async () => {
    const { date } = await ok(dashboardSchema, 'GET', 'dashboard');
    const spec = (await ok(pageOf(withId), 'GET', 'rebar?maxResultCount=1')).items[0]!;
    const created = await ok(withId, 'POST', 'demandOrder', {
      project: 'Drops this week',
      demandDate: date,
      lines: [
        { mark: 'PAST', rebarId: spec.id, length: 2000, quantity: 4 },
        { mark: 'TODAY', rebarId: spec.id, length: 2000, quantity: 4 },
      ],
    });
    await sent('POST', `demandOrder/${created.id}/confirm`);
    // Its first drop was yesterday; the second is today.
    await sent('PUT', `demandOrder/${created.id}/drops`, {
      drops: [
        { site: 'Gate 1', date: nextDay(date, -1), marks: ['PAST'] },
        { site: 'Gate 2', date, marks: ['TODAY'] },
      ],
    });
    const { ordersDue } = await ok(dashboardSchema, 'GET', 'dashboard');
    expect(ordersDue?.find((each) => each.id === created.id)?.dueDate).toBe(date);

    // The past drop's line is planned (as a cutting plan's approval counts it): the warning names today's.
    await ctx.app.db
      .update(demandOrderLines)
      .set({ plannedQuantity: 4 })
      .where(and(eq(demandOrderLines.orderId, created.id), eq(demandOrderLines.mark, 'PAST')));
    await scanDueOrders(ctx.app.db);
    // The plan makers are told.
    const response = await inject('GET', 'notifications?kind=orderDue&maxResultCount=100', planner);
    expect(response.statusCode, response.body).toBe(200);
    const notices = answerOf(response, notificationPageSchema);
    expect(notices.items.filter((item) => item.subject.id === created.id).map((item) => item.params.dueDate)).toEqual([
      date,
    ]);
  });
});
