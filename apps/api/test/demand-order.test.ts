import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bvbsChecksum,
  DEMAND_ORDER_ACTION_ENDPOINTS,
  demandImportPreviewSchema,
  demandOrderDetailSchema,
  demandOrderSchema,
  type ItemOf,
  pagedResultSchema,
  PLANT_TIME_ZONES,
  productResource,
  rebarResource,
  resourceItemSchema,
  techniqueResource,
} from '@armature/domain';
import { addUsageCheck } from '../src/core/crud/resource-rules.ts';
import { dayIn } from '../src/core/db/document-code.ts';
import { DEMAND_ORDER_USAGE } from '../src/modules/planning/index.ts';
import { demandOrderLines, demandOrders } from '../src/modules/planning/planning.table.ts';
import { createUser, loginAs, selectProduct } from './helpers/auth.ts';
import { multipartFile } from './helpers/multipart.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { endpointCallerFor, injectorFor, answerOf } from './helpers/inject.ts';

type Headers = { authorization: string };
type Product = { id: string; code: string; clientId: string; timeZone: string };
type Spec = ItemOf<typeof rebarResource>;

const EN = { 'accept-language': 'en-US' };
const FR = { 'accept-language': 'fr-FR' };

describe.each(testDatabases())('demand orders on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let planner: Headers;
  /** An administrator working in LINE2: another product's orders. */
  let other: Headers;
  let line1: Product;
  let line2: Product;
  let specs: Spec[];
  let techniques: { id: string; code: string }[];

  const inject = injectorFor(ctx);
  const call = endpointCallerFor(ctx);

  const select = (headers: Headers, product: Product) => selectProduct(ctx.app, headers, product);

  const specOf = (diameter: number) => specs.find((spec) => spec.diameter === diameter && spec.grade === 'HRB400E')!;

  const straight = (overrides: object = {}) => ({
    mark: 'A1',
    rebarId: specOf(12).id,
    length: 6000,
    members: 4,
    barsPerMember: 5,
    ...overrides,
  });
  const stirrup = (overrides: object = {}) => ({
    mark: 'S1',
    rebarId: specOf(8).id,
    members: 10,
    barsPerMember: 20,
    geometry: [
      { length: 300, angle: 90 },
      { length: 500, angle: 90 },
      { length: 300, angle: 90 },
      { length: 500, angle: 90 },
      { length: 300, angle: 0 },
    ],
    mandrel: 32,
    ...overrides,
  });
  const order = (overrides: object = {}) => ({
    project: '滨江花园 3#楼',
    element: 'Beam B3',
    customer: '王工 138****0000',
    demandDate: '2026-12-01',
    priority: 'high',
    remark: null,
    lines: [straight(), stirrup()],
    ...overrides,
  });

  async function create(headers: Headers = planner, body: object = order(), extra: object = {}) {
    const response = await inject('POST', 'demandOrder', { ...headers, ...extra }, body);
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, demandOrderDetailSchema);
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code === 'LINE2')!;
    await select(planner, line1);
    const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    other = await loginAs(ctx.app, second.userName, second.password);
    await select(other, line2);
    specs = answerOf(await inject('GET', 'rebar/all', planner), z.array(resourceItemSchema(rebarResource)));
    techniques = answerOf(await inject('GET', 'technique/all', admin), z.array(resourceItemSchema(techniqueResource)));
  });

  it('saves an order with its lines in one go: code of the plant day, server weights, history', async () => {
    const saved = await create(planner, order({ lines: [straight({ weight: 999 }), stirrup()] }));
    expect(saved.code).toMatch(new RegExp(`^DO${dayIn(new Date(), line1.timeZone)}-\\d{4}$`));
    expect(saved).toMatchObject({ status: 'draft', priority: 'high', source: 'manual', lineCount: 2 });
    const [a1, s1] = saved.lines;
    // 6 m × 20 bars × 0.888 kg/m: the given 999 kg is ignored.
    expect(a1).toMatchObject({ lineNo: 1, quantity: 20, length: 6000, weight: 106.56, plannedQuantity: 0 });
    expect(a1!.geometry.length).toBeLessThanOrEqual(1);
    // A bent bar without a length takes its developed length from the legs.
    expect(s1!.quantity).toBe(200);
    expect(s1!.length).toBeGreaterThan(1500);
    expect(s1!.length).toBeLessThanOrEqual(1900);
    expect(saved.totalQuantity).toBe(220);
    expect(saved.totals.map((total) => total.diameter)).toEqual([8, 12]);
    expect(saved.totals[1]).toMatchObject({ pieces: 20, metres: 120, weight: 106.56 });
    expect(saved.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'draft', userName: '张计划' }),
    ]);
    expect(saved.cutPlans).toEqual([]);

    const page = await inject('GET', `demandOrder?filter=${saved.code}`, planner);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: saved.id, totalWeight: saved.totalWeight }] });
  });

  it('lists with filters and sorts, and refuses an unknown sort', async () => {
    await create(planner, order({ priority: 'urgent', demandDate: '2027-01-10', project: 'Zeta tower' }));
    await create(planner, order({ priority: 'low', demandDate: '2027-01-20', project: 'Zeta tower' }));
    const list = async (query: string) => {
      const response = await inject('GET', `demandOrder?${query}`, planner);
      expect(response.statusCode, response.body).toBe(200);
      return answerOf(response, pagedResultSchema(demandOrderSchema));
    };
    const zeta = await list('filter=zeta&sorting=priority desc');
    expect(zeta.items.map((item) => item.priority)).toEqual(['urgent', 'low']);
    expect((await list('filter=zeta&priority=low')).totalCount).toBe(1);
    expect((await list('filter=zeta&demandDateFrom=2027-01-15&demandDateTo=2027-01-31')).totalCount).toBe(1);
    expect((await list('filter=zeta&status=confirmed')).totalCount).toBe(0);
    expect((await inject('GET', 'demandOrder?sorting=__proto__', planner)).statusCode).toBe(400);
    const all = answerOf(await inject('GET', 'demandOrder/all', planner), z.array(demandOrderSchema));
    expect(all.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad lines per field, and saves nothing of an order with a bad last line', async () => {
    const before = await ctx.handle.db.$count(demandOrders);
    const linesBefore = await ctx.handle.db.$count(demandOrderLines);
    const foreignSpec = answerOf(
      await inject('GET', 'rebar/all', other),
      z.array(resourceItemSchema(rebarResource)),
    )[0]!;
    const lines = [
      ...Array.from({ length: 50 }, (_, index) => straight({ mark: `M${index}` })),
      straight({ mark: 'BAD', rebarId: foreignSpec.id }),
    ];
    const response = await inject('POST', 'demandOrder', { ...planner, ...EN }, order({ lines }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.details)).toEqual(['lines.50.rebarId']);
    const unknownTechnique = await inject(
      'POST',
      'demandOrder',
      planner,
      order({ lines: [straight(), straight({ techniqueIds: [foreignSpec.id] })] }),
    );
    expect(unknownTechnique.statusCode).toBe(400);
    expect(Object.keys(unknownTechnique.json().error.details)).toEqual(['lines.1.techniqueIds']);
    const noQuantity = await inject(
      'POST',
      'demandOrder',
      planner,
      order({ lines: [straight({ members: undefined, barsPerMember: undefined })] }),
    );
    expect(noQuantity.statusCode).toBe(400);
    expect(noQuantity.json().error.details).toHaveProperty(['lines.0.quantity']);
    const schemaError = await inject('POST', 'demandOrder', planner, order({ lines: [straight({ length: -5 })] }));
    expect(schemaError.statusCode).toBe(400);
    expect(schemaError.json().error.details).toHaveProperty(['lines.0.length']);
    expect(await ctx.handle.db.$count(demandOrders)).toBe(before);
    expect(await ctx.handle.db.$count(demandOrderLines)).toBe(linesBefore);
  });

  it('refuses a private block that would inject BVBS blocks, on create, update and an imported line', async () => {
    const before = await ctx.handle.db.$count(demandOrderLines);
    const injected = order({ lines: [straight({ privateBlock: 'Px@Hl99999@n1@' })] });
    const created = await inject('POST', 'demandOrder', { ...planner, ...EN }, injected);
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details).toEqual({
      'lines.0.privateBlock': [expect.stringContaining('BVBS private block')],
    });
    const draft = await create();
    const updated = await inject('PUT', `demandOrder/${draft.id}`, planner, {
      ...order({ lines: [straight(), straight({ privateBlock: 'PnA@C77@' })] }),
      lastModificationTime: draft.lastModificationTime,
    });
    expect(updated.statusCode).toBe(400);
    expect(Object.keys(updated.json().error.details)).toEqual(['lines.1.privateBlock']);
    expect(await ctx.handle.db.$count(demandOrderLines)).toBe(before + order().lines.length);

    // A file's private block with a control character in it is left out, with a warning; a good one is kept.
    const body = 'BF2D@Hj@r@i@p1@l1000@n2@e@d12@gHRB400E@s@v@Gl1000@w0@';
    const file = [`${body}Pnx\ty@`, `${body}PnREBAR@hYM@`]
      .map((record) => `${record}C${bvbsChecksum(`${record}C`)}@`)
      .join('\r\n');
    const upload = multipartFile('list.abs', file);
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder/import/preview',
      headers: { ...planner, ...EN, ...upload.headers },
      payload: upload.payload,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { lines, problems } = answerOf(preview, demandImportPreviewSchema);
    expect(lines.map((line) => line.privateBlock)).toEqual([null, 'PnREBAR@hYM@']);
    expect(problems).toContainEqual(
      expect.objectContaining({ lineNo: 1, field: 'privateBlock', code: 'private_block_dropped', severity: 'warning' }),
    );
    const saved = await inject('POST', 'demandOrder', planner, order({ lines, source: 'bvbs' }));
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('keeps techniques: a line names existing ones, and a technique in use is not deleted', async () => {
    const bend = techniques.find((technique) => technique.code === 'BEND')!;
    const saved = await create(planner, order({ lines: [stirrup({ techniqueIds: [bend.id] })] }));
    expect(saved.lines[0]!.techniqueIds).toEqual([bend.id]);
    const refused = await inject('DELETE', `technique/${bend.id}`, { ...admin, ...EN });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(saved.code);
    const spec = await inject('DELETE', `rebar/${specOf(8).id}`, { ...planner, ...EN });
    expect([403, 409]).toContain(spec.statusCode);
  });

  it('edits and deletes drafts only, with the optimistic check', async () => {
    const draft = await create();
    const updated = await inject('PUT', `demandOrder/${draft.id}`, planner, {
      ...order({ project: 'Renamed', lines: [straight({ mark: 'Z9', length: 3000 })] }),
      lastModificationTime: draft.lastModificationTime,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = answerOf(updated, demandOrderDetailSchema);
    expect(after).toMatchObject({ project: 'Renamed', lineCount: 1, code: draft.code });
    expect(after.lines.map((line) => line.mark)).toEqual(['Z9']);
    const stale = await inject('PUT', `demandOrder/${draft.id}`, planner, {
      ...order(),
      lastModificationTime: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale_update');

    const confirmed = await inject('POST', `demandOrder/${draft.id}/confirm`, planner);
    expect(confirmed.statusCode).toBe(200);
    const edit = await inject('PUT', `demandOrder/${draft.id}`, { ...planner, ...EN }, order());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({ code: 'demand_order_not_editable' });
    expect(edit.json().error.message).toContain('Confirmed');
    const remove = await inject('DELETE', `demandOrder/${draft.id}`, planner);
    expect(remove.statusCode).toBe(409);

    const other = await create();
    expect((await inject('DELETE', `demandOrder/${other.id}`, planner)).statusCode).toBe(204);
    expect((await inject('GET', `demandOrder/${other.id}`, planner)).statusCode).toBe(404);
    expect(await ctx.handle.db.$count(demandOrderLines, eq(demandOrderLines.orderId, other.id))).toBe(0);
  });

  it('confirms and cancels through the state machine; a wrong move is 409 with localized names', async () => {
    const draft = await create();
    const { confirm, cancel } = DEMAND_ORDER_ACTION_ENDPOINTS;
    const confirmed = (await call(confirm, { params: { id: draft.id }, headers: planner })).answer();
    expect(confirmed.status).toBe('confirmed');
    const again = await inject('POST', `demandOrder/${draft.id}/confirm`, { ...planner, ...FR });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'demand_order_transition' });
    expect(again.json().error.message).toBe(
      `La commande ${draft.code} est à l’état « Confirmée » : impossible de confirmer`,
    );
    const cancelled = await call(cancel, {
      params: { id: draft.id },
      body: { reason: 'Site stopped' },
      headers: planner,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const detail = cancelled.answer();
    expect(detail.status).toBe('cancelled');
    expect(detail.history.map((row) => [row.fromStatus, row.toStatus, row.note])).toEqual([
      [null, 'draft', null],
      ['draft', 'confirmed', null],
      ['confirmed', 'cancelled', 'Site stopped'],
    ]);
    expect(detail.history.every((row) => row.userName === '张计划')).toBe(true);
    const cancelAgain = await inject('POST', `demandOrder/${draft.id}/cancel`, { ...planner, ...EN });
    expect(cancelAgain.statusCode).toBe(409);
    expect(cancelAgain.json().error.message).toBe(`Demand order ${draft.code} is Cancelled: it cannot cancel`);
    // A cancel without a body is fine too.
    const plain = await create();
    expect((await call(cancel, { params: { id: plain.id }, headers: planner })).statusCode).toBe(200);
  });

  it('refuses to cancel an order a cutting plan uses, naming the plan (the cutting-plan area registers the check)', async () => {
    const used = await create();
    addUsageCheck(ctx.app, DEMAND_ORDER_USAGE, async (_tx, id) =>
      id === used.id
        ? [
            {
              label: { 'zh-CN': '优化加工方案', 'en-US': 'Cutting plans', 'fr-FR': 'Plans' },
              names: ['CP20261122-0007'],
            },
          ]
        : [],
    );
    const refused = await inject('POST', `demandOrder/${used.id}/cancel`, { ...planner, ...EN });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'demand_order_in_plan' });
    expect(refused.json().error.message).toContain('CP20261122-0007');
    expect((await inject('GET', `demandOrder/${used.id}`, planner)).json().status).toBe('draft');
  });

  it("answers another product's order with 404 on every route", async () => {
    const own = await create();
    for (const [method, url] of [
      ['GET', `demandOrder/${own.id}`],
      ['GET', `demandOrder/${own.id}/export?format=xlsx`],
      ['PUT', `demandOrder/${own.id}`],
      ['DELETE', `demandOrder/${own.id}`],
      ['POST', `demandOrder/${own.id}/confirm`],
      ['POST', `demandOrder/${own.id}/cancel`],
    ] as const) {
      const response = await inject(method, url, other, method === 'PUT' ? order({ lines: [] }) : undefined);
      // PUT with an invalid body may be refused by validation first; a valid one must be 404.
      if (method === 'PUT') continue;
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const foreignSpec = answerOf(
      await inject('GET', 'rebar/all', other),
      z.array(resourceItemSchema(rebarResource)),
    )[0]!;
    const put = await inject(
      'PUT',
      `demandOrder/${own.id}`,
      other,
      order({ lines: [straight({ rebarId: foreignSpec.id })] }),
    );
    expect(put.statusCode).toBe(404);
    const list = (await inject('GET', `demandOrder?filter=${own.code}`, other)).json();
    expect(list.totalCount).toBe(0);
    expect((await inject('GET', `demandOrder/${own.id}`, planner)).json().status).toBe('draft');
  });

  it('applies a retried create once (same idempotency key)', async () => {
    const before = await ctx.handle.db.$count(demandOrders);
    const key = { 'idempotency-key': `do-${Date.now()}` };
    const first = await create(planner, order(), key);
    const retry = await inject('POST', 'demandOrder', { ...planner, ...key }, order());
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.id);
    expect(await ctx.handle.db.$count(demandOrders)).toBe(before + 1);
  });

  it('numbers orders by the plant day of the product time zone', async () => {
    const zone = 'America/Los_Angeles';
    const product = (await inject('GET', `product/${line2.id}`, admin)).json();
    const changed = await inject('PUT', `product/${line2.id}`, admin, { ...product, timeZone: zone });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().timeZone).toBe(zone);
    const bad = await inject('PUT', `product/${line2.id}`, admin, { ...changed.json(), timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    const specs2 = answerOf(await inject('GET', 'rebar/all', other), z.array(resourceItemSchema(rebarResource)));
    const saved = await create(other, order({ lines: [straight({ rebarId: specs2[0]!.id })] }));
    expect(saved.code).toMatch(new RegExp(`^DO${dayIn(new Date(), zone)}-\\d{4}$`));
    expect(dayIn(new Date('2026-11-21T17:30:00Z'), 'Asia/Shanghai')).toBe('20261122');
    expect(dayIn(new Date('2026-11-21T17:30:00Z'), 'America/Los_Angeles')).toBe('20261121');
  });

  it("numbers by the database's day, the same as Intl's in every plant time zone", async () => {
    // Every half hour of two days, one in winter and one in summer: each zone's midnight under either offset.
    const instants = [Date.parse('2026-01-15T00:00:00Z'), Date.parse('2026-07-15T00:00:00Z')].flatMap((start) =>
      Array.from({ length: 96 }, (_, step) => new Date(start + step * 30 * 60_000).toISOString()),
    );
    const { rows } = (await ctx.handle.db.execute(sql`
      select zone, at, to_char(at::timestamptz at time zone zone, 'YYYYMMDD') as day
      from unnest(${sql.param([...PLANT_TIME_ZONES])}::text[]) zone cross join unnest(${sql.param(instants)}::text[]) at`)) as unknown as {
      rows: { zone: string; at: string; day: string }[];
    };
    expect(rows).toHaveLength(PLANT_TIME_ZONES.length * instants.length);
    const differing = rows.filter((row) => row.day !== dayIn(new Date(row.at), row.zone));
    expect(differing).toEqual([]);
  });
});
