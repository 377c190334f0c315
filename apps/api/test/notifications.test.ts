import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  notificationPageSchema,
  notificationSchema,
  productResource,
  rebarResource,
  resourceItemSchema,
  unreadCountSchema,
} from '@armature/domain';
import { createUser, loginAs, selectProduct, uniqueName } from './helpers/auth.ts';
import { openSse } from './helpers/sse-client.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';

type Headers = { authorization: string };
type Product = { id: string; code: string; clientId: string };

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

/**
 * Notifications through HTTP: who a product's event reaches (by permission, product, muting, the actor;
 * maker staff only as actors), the caller's own list with its filters, read and read-all, the unread
 * count and its live stream. The event is the low-stock one, raised by manual raw-stock moves.
 */
describe.each(testDatabases())('notifications on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning } });
  let admin: Headers;
  let line1: Product;
  let line2: Product;
  let spec: { id: string; name: string };
  /** The roles and products of the people around the line (created in beforeAll). */
  const people = {} as Record<'keeper' | 'otherLine' | 'planner' | 'muted' | 'makerStaff', Headers>;

  const inject = injectorFor(ctx);

  const select = (headers: Headers, product: Product) => selectProduct(ctx.app, headers, product);

  async function person(roleNames: string[], product: Product, clientId?: null) {
    const user = await createUser(ctx.app, admin, { roleNames, productIds: [product.id], clientId });
    const headers = await loginAs(ctx.app, user.userName, user.password);
    await select(headers, product);
    return headers;
  }

  /** One manual raw move of the spec's 9 m bars of heat N-1 (by the admin, the actor). */
  async function moveRaw(direction: 'in' | 'out', quantity: number) {
    const response = await inject('POST', 'stockLog/raw', admin, {
      rebarId: spec.id,
      length: 9000,
      heatNo: 'N-1',
      direction,
      quantity,
      reason: direction === 'in' ? 'adjustment' : 'consumption',
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function list(headers: Headers, query = '') {
    const response = await inject('GET', `notifications${query ? `?${query}` : ''}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, notificationPageSchema);
  }
  const lowStockOf = async (headers: Headers) =>
    (await list(headers, 'kind=lowStock&maxResultCount=100')).items.filter((item) => item.params.spec === spec.name);
  const unread = async (headers: Headers) => {
    const response = await inject('GET', 'notifications/unread-count', headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, unreadCountSchema).count;
  };

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    line1 = products.find((product) => product.code === 'LINE1')!;
    line2 = products.find((product) => product.code === 'LINE2')!;
    await select(admin, line1);
    const created = await inject('POST', 'rebar', admin, {
      grade: uniqueName('N').slice(0, 16),
      diameter: 12,
      unitWeight: 0.888,
      stockLengths: [9000],
      // 50 bars of 9 m at 0.888 kg/m: 399.6 kg.
      minStock: 300,
    });
    expect(created.statusCode, created.body).toBe(201);
    spec = answerOf(created, resourceItemSchema(rebarResource));
    people.keeper = await person(['stockKeeper'], line1);
    people.otherLine = await person(['stockKeeper'], line2);
    people.planner = await person(['planner'], line1);
    people.muted = await person(['stockKeeper'], line1);
    // The admin role is maker staff's only.
    people.makerStaff = await person(['admin'], line1, null);
    const muted = await inject('PUT', 'account/preferences', people.muted, { mutedKinds: ['lowStock'] });
    expect(muted.statusCode, muted.body).toBe(200);
    await moveRaw('in', 50);
  });

  it('tells the keepers of the line and the actor once when free stock falls below the minimum', async () => {
    // 399.6 kg → 319.68 kg: still at or above 300 kg, nobody is told.
    await moveRaw('out', 10);
    expect(await lowStockOf(people.keeper)).toEqual([]);
    // → 239.76 kg: below.
    await moveRaw('out', 10);
    const [told] = await lowStockOf(people.keeper);
    expect(told).toMatchObject({
      kind: 'lowStock',
      params: { spec: spec.name, availableKg: 239.76, minStockKg: 300 },
      subject: { page: 'rawMaterialStock.receiveCenter.rebarStock', id: null },
      productId: line1.id,
      productName: expect.any(String),
      clientName: expect.any(String),
      actorName: expect.any(String),
      readTime: null,
    });
    // The actor (maker staff, told of what they did themselves) is told too.
    expect(await lowStockOf(admin)).toHaveLength(1);
    // Another line's keeper, a planner (no raw-stock moves), a keeper who muted it and maker staff who
    // did not act are not.
    for (const headers of [people.otherLine, people.planner, people.muted, people.makerStaff])
      expect(await lowStockOf(headers)).toEqual([]);

    // Still below: no repeat.
    await moveRaw('out', 5);
    expect(await lowStockOf(people.keeper)).toHaveLength(1);
    // Back above, then below again: a new dip tells again.
    await moveRaw('in', 40);
    expect(await lowStockOf(people.keeper)).toHaveLength(1);
    await moveRaw('out', 40);
    expect(await lowStockOf(people.keeper)).toHaveLength(2);
  });

  it('lists the caller’s own notifications newest first, with filters, and counts the unread', async () => {
    const all = await list(people.keeper);
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    const times = all.items.map((item) => item.creationTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list(people.keeper, 'kind=planApproved')).totalCount).toBe(0);
    expect((await list(people.keeper, 'unread=true')).totalCount).toBe(await unread(people.keeper));
    expect((await list(people.keeper, 'unread=false')).totalCount).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(people.keeper, `from=${today}&to=${today}`)).totalCount).toBe(all.totalCount);
    expect((await list(people.keeper, 'to=2000-01-01')).totalCount).toBe(0);
    expect((await list(people.keeper, 'maxResultCount=1')).items).toHaveLength(1);
    for (const query of ['kind=nonsense', 'unread=maybe', 'from=yesterday', 'maxResultCount=0'])
      expect((await inject('GET', `notifications?${query}`, people.keeper)).statusCode, query).toBe(400);
  });

  it('marks one read (again changes nothing; another user’s is 404) and then all', async () => {
    const [first] = (await lowStockOf(people.keeper)).reverse();
    const before = await unread(people.keeper);
    const read = await inject('POST', `notifications/${first!.id}/read`, people.keeper);
    expect(read.statusCode, read.body).toBe(200);
    const readTime = answerOf(read, notificationSchema).readTime;
    expect(readTime).not.toBeNull();
    expect(await unread(people.keeper)).toBe(before - 1);
    const again = await inject('POST', `notifications/${first!.id}/read`, people.keeper);
    expect(answerOf(again, notificationSchema).readTime).toBe(readTime);
    expect(await unread(people.keeper)).toBe(before - 1);

    const foreign = await inject('POST', `notifications/${first!.id}/read`, people.planner);
    expect(foreign.statusCode).toBe(404);
    expect((await inject('POST', 'notifications/not-a-uuid/read', people.keeper)).statusCode).toBe(400);
    expect((await inject('GET', 'notifications', {})).statusCode).toBe(401);
    // Read-all takes `{}` or `{ kind }`: no body, another kind of value or an unknown kind is bad input.
    for (const payload of [undefined, [], { kind: 'nonsense' }])
      expect((await inject('POST', 'notifications/read-all', people.keeper, payload)).statusCode).toBe(400);
    // Of one kind: none of the keeper's are of this one.
    expect((await inject('POST', 'notifications/read-all', people.keeper, { kind: 'orderDue' })).json()).toEqual({
      marked: 0,
    });

    const all = await inject('POST', 'notifications/read-all', people.keeper, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ marked: before - 1 });
    expect(await unread(people.keeper)).toBe(0);
    expect((await inject('POST', 'notifications/read-all', people.keeper, {})).json()).toEqual({ marked: 0 });
    // The other recipients' rows are untouched.
    expect((await lowStockOf(admin)).every((item) => item.readTime === null)).toBe(true);
  });

  it('streams the caller’s unread counts live: a snapshot, then each change', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/notifications/events`, people.keeper);
    try {
      expect(stream.response.status).toBe(200);
      const snapshot = await stream.next((event) => event.event === 'notifications');
      expect(snapshot.data).toEqual({ count: 0 });
      expect((await stream.next((event) => event.event === 'messages')).data).toEqual({ count: expect.any(Number) });
      // A new dip below the minimum: the count arrives without asking.
      await moveRaw('in', 40);
      await moveRaw('out', 40);
      expect((await stream.next((event) => event.event === 'notifications')).data).toEqual({ count: 1 });
      await inject('POST', 'notifications/read-all', people.keeper, {});
      expect((await stream.next((event) => event.event === 'notifications')).data).toEqual({ count: 0 });
    } finally {
      await stream.close();
    }
    // A stream needs a signed-in caller.
    const anonymous = await fetch(`${address}/api/notifications/events`);
    expect(anonymous.status).toBe(401);
  });
});
