import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema, replanProposalSchema, taskDetailSchema } from '@armature/domain';
import { equipmentCredentials, equipmentLive } from '../src/modules/equipment/index.ts';
import { productSettings } from '../src/modules/master-data/master-data.table.ts';
import { proposeFaultReplans, tasks } from '../src/modules/processing/index.ts';
import { DEMO_OPERATOR, DEMO_SHIFT_LEAD } from '../src/modules/users/index.ts';
import { listedProductsSchema, loginAs, selectProduct } from './helpers/auth.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';
import { notificationParams } from './helpers/notifications.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Headers = { authorization: string; 'accept-language'?: string };
const MINUTE = 60_000;
// A Monday a week ahead: the fixture's tasks wait on its cutter.
const PLANNED = Date.parse('2026-12-07T01:00:00Z');

describe.each(testDatabases())('a machine in fault proposes a re-plan on %s', (kind) => {
  const ctx = useTestApp(kind);
  const inject = injectorFor(ctx);
  let admin: Headers;
  let lead: Headers;
  let fixture: TaskFixture;
  let productId: string;

  const faultSince = async () => {
    const [live] = await ctx.app.db
      .select({ state: equipmentLive.state, since: equipmentLive.since })
      .from(equipmentLive)
      .where(eq(equipmentLive.equipmentId, fixture.cutter.id));
    expect(live?.state).toBe('fault');
    return Date.parse(live!.since!);
  };
  const waitingOn = async (equipmentId: string) =>
    ctx.app.db.$count(tasks, and(eq(tasks.equipmentId, equipmentId), inArray(tasks.status, ['pending', 'dispatched'])));
  const setStatus = async (operationStatus: string) => {
    const response = await inject('POST', `equipment/normal/${fixture.cutter.id}/status`, admin, { operationStatus });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
    lead = {
      ...(await loginAs(ctx.app, DEMO_SHIFT_LEAD.userName, DEMO_SHIFT_LEAD.password)),
      'accept-language': 'en-US',
    };
    const products = answerOf(await inject('GET', 'product/all', admin), listedProductsSchema);
    const line1 = products.find((product) => product.code === 'LINE1')!;
    productId = line1.id;
    for (const headers of [admin, lead]) await selectProduct(ctx.app, headers, line1);
    fixture = await createTaskFixture(ctx.app.db, { tag: 'FR', purchaseLength: 9030, plannedStart: PLANNED });
    // Its status is set by hand here, as for a machine without telemetry.
    await ctx.app.db.delete(equipmentCredentials).where(eq(equipmentCredentials.equipmentId, fixture.cutter.id));
  });

  it('tells those who may re-plan once the fault has lasted the product’s minutes, once per fault, never applying', async () => {
    await setStatus('fault');
    const since = await faultSince();
    // The product's setting, not the default: 15 minutes.
    await ctx.app.db
      .update(productSettings)
      .set({ replanAfterFaultMinutes: 15 })
      .where(eq(productSettings.productId, productId));
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 14 * MINUTE))).toBe(0);
    expect(await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplan')).toEqual([]);

    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 15 * MINUTE))).toBeGreaterThan(0);
    const told = await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplan');
    const waiting = await waitingOn(fixture.cutter.id);
    expect(waiting).toBeGreaterThanOrEqual(3);
    expect(told).toEqual([
      { params: expect.objectContaining({ serialNumber: fixture.cutter.serialNumber, minutes: 15, tasks: waiting }) },
    ]);
    // The operator may not re-plan: not told.
    expect(await notificationParams(ctx.app.db, DEMO_OPERATOR.userName, 'faultReplan')).toEqual([]);
    // Its link opens the machine's proposal on the digital twin.
    const inbox = answerOf(await inject('GET', 'notifications?kind=faultReplan', lead), notificationPageSchema);
    expect(inbox.items[0]?.subject).toEqual({
      page: 'intelligentProcess.taskCenter.digitalTwinOverview',
      id: fixture.cutter.id,
      view: 'replan',
    });
    // The next minute's scan tells nobody again; nothing moved.
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 16 * MINUTE))).toBe(0);
    const task = answerOf(await inject('GET', `task/${fixture.tasks.raw.id}`, admin), taskDetailSchema);
    expect(task.equipmentId).toBe(fixture.cutter.id);
    // The proposal it points to is there to read.
    const proposal = await inject('POST', 'task/replan/preview', lead, {
      kind: 'breakdown',
      equipmentId: fixture.cutter.id,
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(answerOf(proposal, replanProposalSchema).moves.filter((move) => move.asked)).toHaveLength(waiting);
  });

  it('says nothing of a machine back in order, and tells again for a new fault', async () => {
    await setStatus('running');
    expect(await proposeFaultReplans(ctx.app.db, new Date(Date.now() + 60 * MINUTE))).toBe(0);
    await setStatus('fault');
    const since = await faultSince();
    expect(await proposeFaultReplans(ctx.app.db, new Date(since + 15 * MINUTE))).toBeGreaterThan(0);
    const told = await notificationParams(ctx.app.db, DEMO_SHIFT_LEAD.userName, 'faultReplan');
    expect(told).toHaveLength(2);
    // A machine with no task waiting says nothing: its tasks moved away (as a proposal would).
    await setStatus('running');
    await ctx.app.db
      .update(tasks)
      .set({ equipmentId: fixture.bender.id })
      .where(and(eq(tasks.equipmentId, fixture.cutter.id), inArray(tasks.status, ['pending', 'dispatched'])));
    await setStatus('fault');
    const later = await faultSince();
    expect(await proposeFaultReplans(ctx.app.db, new Date(later + 60 * MINUTE))).toBe(0);
    const rows = await ctx.app.db
      .select()
      .from(productSettings)
      .where(and(eq(productSettings.productId, productId)));
    expect(rows[0]?.replanAfterFaultMinutes).toBe(15);
  });
});
