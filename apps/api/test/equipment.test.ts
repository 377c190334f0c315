import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIFT_CALENDAR,
  EQUIPMENT_NORMAL_PERMISSIONS,
  equipmentPageSchema,
  equipmentSchema,
  pagedResultSchema,
  productResource,
  productTypeResource,
  resourceItemSchema,
  techniqueResource,
} from '@armature/domain';
import {
  DEMO_EQUIPMENT,
  EQUIPMENT_USAGE,
  equipment,
  equipmentCredentials,
  equipmentLive,
  equipmentStateIntervals,
  twinChannel,
} from '../src/modules/equipment/index.ts';
import { addUsageCheck } from '../src/core/crud/resource-rules.ts';
import { EventBus, type LiveEvent } from '../src/core/events/event-bus.ts';
import { createUser, loginAs, selectProduct, uniqueName } from './helpers/auth.ts';
import { until } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';

type Headers = Record<string, string>;
type Product = { id: string; code: string; clientId: string };
type Coded = { id: string; code: string };

const EN = { 'accept-language': 'en-US' };

describe.each(testDatabases())('equipment centre on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: { authorization: string };
  /** A plant user of the demo client on LINE1, holding the plant's equipment permissions only. */
  let plant: Headers;
  /** A plant user of the second client on its line. */
  let secondPlant: Headers;
  let line1: Product;
  let line2: Product;
  let secondLine: Product;
  let techniques: Coded[];
  let productTypes: Coded[];

  const inject = injectorFor(ctx);
  const idOf = (list: Coded[], code: string) => list.find((each) => each.code === code)!.id;

  const select = (headers: Headers, product: Product) => selectProduct(ctx.app, headers, product);

  async function plantUser(product: Product) {
    const role = uniqueName('eqplant');
    await inject('POST', 'roles', admin, { name: role });
    const granted = await inject('PUT', `permissions?providerName=R&providerKey=${role}`, admin, {
      permissions: Object.values(EQUIPMENT_NORMAL_PERMISSIONS).map((name) => ({ name, isGranted: true })),
    });
    expect(granted.statusCode).toBeLessThan(300);
    const user = await createUser(ctx.app, admin, { roleNames: [role], productIds: [product.id] });
    const headers = await loginAs(ctx.app, user.userName, user.password);
    await select(headers, product);
    return headers;
  }

  const machine = (overrides: object = {}) => ({
    serialNumber: uniqueName('T-'),
    name: '数控钢筋弯箍机',
    spec: 'WG12D-4 弯箍机',
    figureNo: 'WG12D-00-000',
    productTypeId: idOf(productTypes, 'BEND-CENTER'),
    clientId: line1.clientId,
    productId: line1.id,
    creatorName: '李安装',
    productionDate: '2026-10-12',
    saleStatus: 'sold',
    techniqueIds: [idOf(techniques, 'BEND'), idOf(techniques, 'CUT')],
    diameterMin: 6,
    diameterMax: 12,
    idealRate: 1200,
    throughput: [{ diameterFrom: 6, diameterTo: 12, rate: 1000, unit: 'piecesPerHour' }],
    concurrentTasks: 1,
    remark: null,
    shiftCalendar: DEFAULT_SHIFT_CALENDAR,
    changeover: { diameterMinutes: 15, familyMinutes: 0, pairs: [] },
    ...overrides,
  });

  async function create(body: object = machine(), headers: Headers = admin) {
    const response = await inject('POST', 'equipment', headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, equipmentSchema);
  }

  const bySerial = async (serialNumber: string) =>
    answerOf(await inject('GET', `equipment?filter=${serialNumber}`, admin), pagedResultSchema(equipmentSchema))
      .items[0]!;

  const intervalsOf = (equipmentId: string) =>
    ctx.handle.db
      .select()
      .from(equipmentStateIntervals)
      .where(eq(equipmentStateIntervals.equipmentId, equipmentId))
      .orderBy(asc(equipmentStateIntervals.id));

  /** The live events of a channel, as a board's stream in any process would receive them. */
  async function follow(channel: string) {
    const { handle } = ctx;
    const source =
      'client' in handle
        ? ({ kind: 'pglite', client: handle.client } as const)
        : ({ kind: 'postgres', connectionString: String(handle.pool.options.connectionString) } as const);
    const bus = await EventBus.start(source, { warn: () => {}, error: () => {} });
    const received: LiveEvent[] = [];
    bus.subscribe(channel, (event) => received.push(event));
    return { received, stop: () => bus.stop() };
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    const productOf = (code: string) => products.find((product) => product.code === code)!;
    [line1, line2, secondLine] = [productOf('LINE1'), productOf('LINE2'), productOf('HL-LINE1')];
    techniques = answerOf(await inject('GET', 'technique/all', admin), z.array(resourceItemSchema(techniqueResource)));
    productTypes = answerOf(
      await inject('GET', 'productType/all', admin),
      z.array(resourceItemSchema(productTypeResource)),
    );
    plant = await plantUser(line1);
    secondPlant = await plantUser(secondLine);
  });

  it('seeds the demo machines: four kinds per demo line, the second client’s two, two in stock', async () => {
    const all = answerOf(await inject('GET', 'equipment?maxResultCount=100', admin), equipmentPageSchema);
    expect(all.totalCount).toBe(DEMO_EQUIPMENT.length);
    const onLine = (code: string) => all.items.filter((item) => item.productCode === code);
    for (const code of ['LINE1', 'LINE2']) {
      const machines = onLine(code);
      expect(machines.length).toBeGreaterThanOrEqual(4);
      expect(machines.length).toBeLessThanOrEqual(6);
      expect(new Set(machines.map((item) => item.productTypeName))).toEqual(
        new Set(['剪切生产线', '弯曲中心', '套丝生产线']),
      );
      expect(DEMO_EQUIPMENT.filter((each) => each.productCode === code && !each.telemetry).length).toBeGreaterThan(0);
    }
    expect(onLine('HL-LINE1').map((item) => item.clientCode)).toEqual(['HENGLI', 'HENGLI']);
    const inStock = all.items.filter((item) => item.clientId === null);
    expect(inStock.map((item) => [item.saleStatus, item.operationStatus])).toEqual([
      ['inStock', 'offline'],
      ['inStock', 'offline'],
    ]);

    // A machine set by hand starts idle since the seed; one with telemetry offline, never seen.
    const manual = all.items.find((item) => item.serialNumber === 'WG12D-2405-0343')!;
    expect(manual).toMatchObject({
      clientName: '华东钢筋加工有限公司',
      productName: '一号加工线',
      operationStatus: 'idle',
      techniqueNames: ['调直', '弯曲', '剪切'],
      diameterMin: 6,
      diameterMax: 12,
      telemetry: false,
      mqttUsername: null,
      activeAlarm: null,
    });
    expect(manual.statusSince).not.toBeNull();
    expect(manual.shiftCalendar.shifts.map((shift) => shift.name)).toEqual(['A', 'B']);
    expect(await intervalsOf(manual.id)).toEqual([
      expect.objectContaining({ state: 'idle', source: 'manual', endedAt: null }),
    ]);
    const reporting = all.items.find((item) => item.serialNumber === 'GJW16-2403-0117')!;
    expect(reporting).toMatchObject({ operationStatus: 'offline', statusSince: null, lastSeen: null });
    expect(DEMO_EQUIPMENT.find((each) => each.serialNumber === reporting.serialNumber)?.telemetry).toBe(true);
  });

  it('shows a plant its current client’s machines only, and its current line’s for selects', async () => {
    const own = answerOf(await inject('GET', 'equipment/normal?maxResultCount=100', plant), equipmentPageSchema);
    expect(own.totalCount).toBeGreaterThanOrEqual(9);
    expect(new Set(own.items.map((item) => item.clientCode))).toEqual(new Set(['DEMO']));
    const theirs = answerOf(await inject('GET', 'equipment/normal', secondPlant), pagedResultSchema(equipmentSchema));
    expect(theirs.items.map((item) => item.serialNumber)).toEqual(['GJW16-2502-0145', 'WG12D-2503-0415']);
    // Another client's filter does not widen the view.
    const widened = await inject('GET', `equipment/normal?clientId=${secondLine.clientId}`, plant);
    expect(widened.json().totalCount).toBe(0);

    const options = answerOf(await inject('GET', 'equipment/normal/all', plant), z.array(equipmentSchema));
    expect(options.length).toBeGreaterThanOrEqual(5);
    expect(new Set(options.map((item) => item.productCode))).toEqual(new Set(['LINE1']));

    const foreign = theirs.items[0]!;
    for (const [method, url, body] of [
      ['GET', `equipment/normal/${foreign.id}`, undefined],
      ['PUT', `equipment/normal/${foreign.id}`, { productId: null }],
      ['POST', `equipment/normal/${foreign.id}/status`, { operationStatus: 'fault' }],
    ] as const) {
      const response = await inject(method, url, plant, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await inject('GET', `equipment/normal/${own.items[0]!.id}`, plant)).json().id).toBe(own.items[0]!.id);
  });

  it('keeps the maker’s list to holders of its permission', async () => {
    expect((await inject('GET', 'equipment', plant)).statusCode).toBe(403);
    expect((await inject('POST', 'equipment', plant, machine())).statusCode).toBe(403);
    const own = answerOf(await inject('GET', 'equipment/normal', plant), pagedResultSchema(equipmentSchema)).items[0]!;
    expect((await inject('GET', `equipment/${own.id}`, plant)).statusCode).toBe(403);
    expect((await inject('DELETE', `equipment/${own.id}`, plant)).statusCode).toBe(403);
  });

  it('creates, lists, updates and deletes a machine (the maker)', async () => {
    const created = await create(machine({ figureNo: 'WG12D-01-777' }));
    expect(created).toMatchObject({
      clientCode: 'DEMO',
      productCode: 'LINE1',
      productTypeName: '弯曲中心',
      techniqueNames: ['弯曲', '剪切'],
      operationStatus: 'offline',
      statusSince: null,
      telemetry: false,
      lastModificationTime: null,
    });
    // Its live row comes with it.
    const [live] = await ctx.handle.db.select().from(equipmentLive).where(eq(equipmentLive.equipmentId, created.id));
    expect(live).toMatchObject({ state: 'offline', since: null, lastSeen: null });
    expect((await inject('GET', `equipment/${created.id}`, admin)).json()).toEqual(created);

    const listed = async (query: string) =>
      answerOf(
        await inject('GET', `equipment?${query}&maxResultCount=100`, admin),
        pagedResultSchema(equipmentSchema),
      ).items.map((item) => item.serialNumber);
    expect(await listed('filter=WG12D-01-777')).toEqual([created.serialNumber]);
    expect(await listed(`clientId=${line1.clientId}&operationStatus=offline&saleStatus=sold`)).toContain(
      created.serialNumber,
    );
    expect(await listed('operationStatus=idle&operationStatus=maintenance')).not.toContain(created.serialNumber);
    expect(await listed(`productId=${line2.id}`)).not.toContain(created.serialNumber);
    expect(await listed('saleStatus=inStock')).toEqual(['G2L32-2609-0102', 'WG12D-2610-0467']);
    const sorted = await listed('sorting=productionDate desc');
    expect(sorted.indexOf('WG12D-2610-0467')).toBeLessThan(sorted.indexOf('GJW16-2403-0117'));
    const badSort = await inject('GET', 'equipment?sorting=passwordHash', admin);
    expect(badSort.statusCode).toBe(400);
    expect(Object.keys(badSort.json().error.details)).toEqual(['sorting']);

    const moved = await inject('PUT', `equipment/${created.id}`, admin, {
      ...machine({ serialNumber: created.serialNumber }),
      productId: line2.id,
      name: '弯箍机 2 号',
      concurrencyStamp: created.lastModificationTime,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ productCode: 'LINE2', name: '弯箍机 2 号' });
    // Saved over a change made meanwhile: refused.
    const stale = await inject('PUT', `equipment/${created.id}`, admin, {
      ...machine({ serialNumber: created.serialNumber }),
      concurrencyStamp: created.lastModificationTime,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale_update');
    expect((await inject('GET', `equipment/${created.id}`, admin)).json().name).toBe('弯箍机 2 号');

    expect((await inject('DELETE', `equipment/${created.id}`, admin)).statusCode).toBe(204);
    expect((await inject('GET', `equipment/${created.id}`, admin)).statusCode).toBe(404);
    expect(await ctx.handle.db.$count(equipmentLive, eq(equipmentLive.equipmentId, created.id))).toBe(0);
  });

  it('refuses a PUT that leaves a field out (the maker), changing nothing', async () => {
    const created = await create();
    const {
      productTypeId: _type,
      clientId: _client,
      techniqueIds: _techniques,
      ...partial
    } = machine({
      serialNumber: created.serialNumber,
    });
    const response = await inject('PUT', `equipment/${created.id}`, admin, partial);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.details).sort()).toEqual(['clientId', 'productTypeId', 'techniqueIds']);
    expect((await inject('GET', `equipment/${created.id}`, admin)).json()).toEqual(created);
  });

  it('refuses bad input with the fields at fault', async () => {
    const invalid = await inject(
      'POST',
      'equipment',
      { ...admin, ...EN },
      machine({
        serialNumber: 'GJW/16#1',
        name: '',
        diameterMin: 20,
        diameterMax: 12,
        clientId: null,
        productId: null,
        throughput: [{ diameterFrom: 14, diameterTo: 10, rate: 0, unit: 'piecesPerHour' }],
      }),
    );
    expect(invalid.statusCode).toBe(400);
    const details = invalid.json().error.details;
    expect(Object.keys(details).sort()).toEqual([
      'clientId',
      'diameterMax',
      'name',
      'serialNumber',
      'throughput.0.diameterTo',
      'throughput.0.rate',
    ]);
    expect(details.diameterMax).toEqual(['Cannot be below the lower end of the range']);
    expect(details.clientId).toEqual(['Required']);

    const missing = '00000000-0000-4000-8000-000000000000';
    const unknown = await inject(
      'POST',
      'equipment',
      admin,
      machine({ productTypeId: missing, techniqueIds: [idOf(techniques, 'CUT'), missing], productId: missing }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().error.details).sort()).toEqual(['productId', 'productTypeId', 'techniqueIds']);
    const noClient = await inject('POST', 'equipment', admin, machine({ clientId: missing, productId: null }));
    expect(Object.keys(noClient.json().error.details)).toEqual(['clientId']);

    const otherClientsLine = await inject(
      'POST',
      'equipment',
      { ...admin, ...EN },
      machine({ productId: secondLine.id }),
    );
    expect(otherClientsLine.statusCode).toBe(400);
    expect(otherClientsLine.json().error).toMatchObject({
      code: 'equipment_product_of_other_client',
      message: 'The chosen line does not belong to the machine’s client',
      details: { productId: expect.any(Array) },
    });
    expect(await ctx.handle.db.$count(equipment, eq(equipment.productId, secondLine.id))).toBe(2);
  });

  it('refuses a serial number another machine has, naming it', async () => {
    const response = await inject('POST', 'equipment', admin, machine({ serialNumber: 'GJW16-2403-0117' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'duplicate',
      message: '序列号“GJW16-2403-0117”已存在',
      details: { serialNumber: ['已存在'] },
    });
    const other = await create();
    const renamed = await inject('PUT', `equipment/${other.id}`, admin, machine({ serialNumber: 'WG12D-2503-0415' }));
    expect(renamed.statusCode).toBe(409);
    expect((await inject('GET', `equipment/${other.id}`, admin)).json().serialNumber).toBe(other.serialNumber);
  });

  it('lets a plant edit its own fields only; the maker’s fields in its body are ignored', async () => {
    const created = await create();
    const body = {
      ...created,
      serialNumber: 'HIJACKED-1',
      name: '改名',
      clientId: secondLine.clientId,
      saleStatus: 'leased',
      productId: line2.id,
      techniqueIds: [idOf(techniques, 'BEND')],
      diameterMin: 8,
      diameterMax: 10,
      idealRate: 900,
      shiftCalendar: {
        shifts: [{ name: '夜班', start: '22:00', end: '06:00', weekdays: [1, 2, 3, 4, 5] }],
        daysOff: ['2026-12-25'],
      },
      remark: '二号线借用',
      changeover: { diameterMinutes: 20, familyMinutes: 8, pairs: [{ from: 8, to: 10, minutes: 5 }] },
      concurrencyStamp: created.lastModificationTime,
    };
    const saved = await inject('PUT', `equipment/normal/${created.id}`, plant, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      serialNumber: created.serialNumber,
      name: created.name,
      clientId: line1.clientId,
      saleStatus: 'sold',
      productCode: 'LINE2',
      techniqueNames: ['弯曲'],
      diameterMin: 8,
      idealRate: 900,
      remark: '二号线借用',
      shiftCalendar: body.shiftCalendar,
      changeover: body.changeover,
    });
    // A pair of diameters given twice (either way) is refused, naming the row.
    const twice = await inject('PUT', `equipment/normal/${created.id}`, plant, {
      ...body,
      changeover: { ...body.changeover, pairs: [...body.changeover.pairs, { from: 10, to: 8, minutes: 7 }] },
      concurrencyStamp: undefined,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toEqual({ 'changeover.pairs.1.to': [expect.any(String)] });

    const elsewhere = await inject('PUT', `equipment/normal/${created.id}`, plant, { productId: secondLine.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('equipment_product_of_other_client');
    const stale = await inject('PUT', `equipment/normal/${created.id}`, plant, {
      productId: line1.id,
      concurrencyStamp: created.lastModificationTime,
    });
    expect(stale.json().error.code).toBe('stale_update');
    const bad = await inject('PUT', `equipment/normal/${created.id}`, plant, { diameterMin: 3, idealRate: -1 });
    expect(Object.keys(bad.json().error.details).sort()).toEqual(['diameterMin', 'idealRate']);
  });

  it('sets the status of a machine without telemetry by hand, one interval per change', async () => {
    const manual = await bySerial('WG12D-2405-0343');
    const before = await intervalsOf(manual.id);
    const board = await follow(twinChannel(line1.id));
    const set = await inject('POST', `equipment/normal/${manual.id}/status`, plant, {
      operationStatus: 'maintenance',
      remark: '更换切刀',
    });
    expect(set.statusCode, set.body).toBe(200);
    // The line's board is told which machine changed.
    const [told] = await until(
      async () => board.received,
      (events) => events.length > 0,
    );
    await board.stop();
    expect(told).toMatchObject({ type: 'changed', data: { equipmentIds: [manual.id] } });
    expect(set.json()).toMatchObject({ operationStatus: 'maintenance', mode: null });
    const after = await intervalsOf(manual.id);
    expect(after).toHaveLength(before.length + 1);
    const [closed, opened] = after.slice(-2);
    expect(closed).toMatchObject({ state: before.at(-1)!.state });
    expect(closed!.endedAt).not.toBeNull();
    expect(opened).toMatchObject({ state: 'maintenance', source: 'manual', endedAt: null, remark: '更换切刀' });
    expect(opened!.userId).not.toBeNull();
    expect(Date.parse(set.json().statusSince)).toBe(Date.parse(opened!.startedAt));

    // The status it already has changes nothing.
    const again = await inject('POST', `equipment/normal/${manual.id}/status`, plant, {
      operationStatus: 'maintenance',
    });
    expect(again.json().statusSince).toBe(set.json().statusSince);
    expect(await intervalsOf(manual.id)).toHaveLength(after.length);

    // The maker's variant does the same.
    const byMaker = await inject('POST', `equipment/${manual.id}/status`, admin, { operationStatus: 'idle' });
    expect(byMaker.json().operationStatus).toBe('idle');
    expect((await intervalsOf(manual.id)).filter((row) => row.endedAt === null)).toHaveLength(1);

    const invalid = await inject('POST', `equipment/normal/${manual.id}/status`, plant, { operationStatus: 'asleep' });
    expect(Object.keys(invalid.json().error.details)).toEqual(['operationStatus']);
  });

  it('refuses a status by hand for a machine that reports by telemetry', async () => {
    const created = await create();
    await ctx.handle.db
      .insert(equipmentCredentials)
      .values({ equipmentId: created.id, username: created.serialNumber, passwordHash: 'scrypt$test' });
    const listed = answerOf(await inject('GET', `equipment/${created.id}`, admin), equipmentSchema);
    expect(listed).toMatchObject({ telemetry: true, mqttUsername: created.serialNumber });
    expect(listed.credentialsIssuedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain('scrypt$test');

    for (const url of [`equipment/normal/${created.id}/status`, `equipment/${created.id}/status`]) {
      const refused = await inject(
        'POST',
        url,
        { ...(url.includes('normal') ? plant : admin), ...EN },
        {
          operationStatus: 'running',
        },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'equipment_status_by_telemetry',
        message: `Machine ${created.serialNumber} reports its status by telemetry: it cannot be set by hand`,
      });
    }
    expect(await intervalsOf(created.id)).toEqual([]);
    expect((await inject('GET', `equipment/${created.id}`, admin)).json().operationStatus).toBe('offline');

    // Its user name is its serial number: a corrected serial number ends the credentials, and the status
    // is set by hand again until new ones are issued.
    const renamed = await inject(
      'PUT',
      `equipment/${created.id}`,
      admin,
      machine({ serialNumber: `${created.serialNumber}-B` }),
    );
    expect(renamed.json()).toMatchObject({ telemetry: false, mqttUsername: null });
    const byHand = await inject('POST', `equipment/${created.id}/status`, admin, { operationStatus: 'idle' });
    expect(byHand.json().operationStatus).toBe('idle');
  });

  it('keeps techniques, lines, product types and clients machines refer to from being deleted', async () => {
    const code = uniqueName('T').toUpperCase().slice(0, 30);
    const technique = await inject('POST', 'technique', admin, { code, name: '测试工艺', index: 99 });
    expect(technique.statusCode, technique.body).toBe(201);
    const created = await create(machine({ techniqueIds: [technique.json().id] }));
    const refused = await inject('DELETE', `technique/${technique.json().id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`该记录正被设备 (1): ${created.serialNumber}使用，无法删除`);
    expect((await inject('DELETE', `equipment/${created.id}`, admin)).statusCode).toBe(204);
    expect((await inject('DELETE', `technique/${technique.json().id}`, admin)).statusCode).toBe(204);

    const client = await inject('DELETE', `client/${secondLine.clientId}`, admin);
    expect(client.statusCode).toBe(409);
    expect(client.json().error.message).toContain('设备 (2): GJW16-2502-0145, WG12D-2503-0415');
    const line = await inject('DELETE', `product/${secondLine.id}`, admin);
    expect(line.json().error.message).toContain('设备 (2)');
    const type = await inject('DELETE', `productType/${idOf(productTypes, 'THREAD-LINE')}`, admin);
    expect(type.statusCode).toBe(409);
    expect(type.json().error.message).toContain('HGS40-2406-0211');
  });

  it('keeps a machine other areas refer to from being deleted (their registered check names them)', async () => {
    const used = await create();
    addUsageCheck(ctx.app, EQUIPMENT_USAGE, async (_tx, id) =>
      id === used.id
        ? [{ label: { 'zh-CN': '机床任务', 'en-US': 'Machine tasks', 'fr-FR': 'Tâches' }, names: ['TK20261122-0003'] }]
        : [],
    );
    const refused = await inject('DELETE', `equipment/${used.id}`, { ...admin, ...EN });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'in_use' });
    expect(refused.json().error.message).toContain('Machine tasks (1): TK20261122-0003');
    expect((await inject('GET', `equipment/${used.id}`, admin)).statusCode).toBe(200);
  });

  it('applies a retried create once (same idempotency key)', async () => {
    const body = machine();
    const key = { 'idempotency-key': `eq-${body.serialNumber}` };
    const first = await inject('POST', 'equipment', { ...admin, ...key }, body);
    expect(first.statusCode).toBe(201);
    const retry = await inject('POST', 'equipment', { ...admin, ...key }, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await ctx.handle.db.$count(equipment, eq(equipment.serialNumber, body.serialNumber))).toBe(1);
  });
});
