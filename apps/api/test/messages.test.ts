import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserSchema,
  messagePageSchema,
  messageRecipientSchema,
  messageSchema,
  unreadCountSchema,
} from '@armature/domain';
import type { LiveEvent } from '../src/core/events/event-bus.ts';
import { MESSAGES_EVENT, userChannel } from '../src/modules/inbox/index.ts';
import { DEMO_KEEPER } from '../src/modules/users/index.ts';
import { createUser, listedProductsSchema, loginAs, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor } from './helpers/inject.ts';
import { z } from 'zod';

type Headers = { authorization: string };
type Person = { id: string; userName: string; name: string };

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };

describe.each(testDatabases())('messages on %s', (kind) => {
  // Live events on: sending and reading announce the unread counts.
  const ctx = useTestApp(kind, { background: { tuning } });
  let admin: Headers;
  let planner: Headers;
  let keeper: Headers;
  let me: Record<'admin' | 'planner' | 'keeper', Person>;
  /** A user of another client (its own product), and their headers. */
  let stranger: { id: string; userName: string; headers: Headers };

  const inject = injectorFor(ctx);
  const send = (headers: Headers, payload: object) => inject('POST', 'messages', headers, payload);
  const unread = async (headers: Headers) =>
    answerOf(await inject('GET', 'messages/unread-count', headers), unreadCountSchema).count;
  const box = async (headers: Headers, query: string) =>
    answerOf(await inject('GET', `messages?${query}`, headers), messagePageSchema);
  const recipients = async (headers: Headers, filter = '') =>
    answerOf(
      await inject('GET', `messages/recipients?filter=${encodeURIComponent(filter)}`, headers),
      z.array(messageRecipientSchema),
    );
  const whoAmI = async (headers: Headers) =>
    answerOf(await inject('GET', 'account/current-user', headers), currentUserSchema);

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    planner = await loginAs(ctx.app, 'planner');
    keeper = await loginAs(ctx.app, DEMO_KEEPER.userName, DEMO_KEEPER.password);
    const [a, p, k] = await Promise.all([whoAmI(admin), whoAmI(planner), whoAmI(keeper)]);
    const person = (user: Person) => ({ id: user.id, userName: user.userName, name: user.name });
    me = { admin: person(a), planner: person(p), keeper: person(k) };

    const code = uniqueName('C').toUpperCase();
    const client = await inject('POST', 'client', admin, { code, companyName: `${code} 钢构` });
    expect(client.statusCode).toBe(201);
    const product = await inject('POST', 'product', admin, {
      code: `${code}-P`,
      name: '三号线',
      clientId: client.json().id,
    });
    expect(product.statusCode).toBe(201);
    const user = await createUser(ctx.app, admin, { productIds: [product.json().id] });
    stranger = { ...user, headers: await loginAs(ctx.app, user.userName, user.password) };
  });

  it('delivers a message to the inbox, keeps it in the sender’s sent box, and counts and marks it read', async () => {
    const before = await unread(keeper);
    const heard: LiveEvent[] = [];
    const stop = ctx.app.events!.subscribe(userChannel(me.keeper.id), (event) => {
      if (event.type === MESSAGES_EVENT) heard.push(event);
    });
    const sent = await send(planner, {
      recipientIds: [me.keeper.id, me.keeper.id],
      subject: '  明早备料  ',
      body: 'HRB400E Φ12 请备 2 吨。',
    });
    expect(sent.statusCode).toBe(201);
    const message = answerOf(sent, messageSchema);
    expect(message).toMatchObject({
      subject: '明早备料',
      sender: me.planner,
      recipients: [{ ...me.keeper, readTime: null }],
      replyToId: null,
    });
    // The sender has read what they wrote.
    expect(message.readTime).toBe(message.creationTime);

    expect(await unread(keeper)).toBe(before + 1);
    const inbox = await box(keeper, 'box=inbox&unread=true');
    expect(inbox.items[0]).toMatchObject({ id: message.id, readTime: null });
    expect((await box(planner, 'box=sent')).items.map((item) => item.id)).toContain(message.id);
    expect((await box(planner, 'box=inbox')).items.map((item) => item.id)).not.toContain(message.id);
    expect((await box(keeper, 'box=inbox&filter=备料')).items.map((item) => item.id)).toContain(message.id);
    expect((await box(planner, `box=sent&filter=${encodeURIComponent(me.keeper.name)}`)).totalCount).toBeGreaterThan(0);
    await expect.poll(() => heard.at(-1)?.data).toEqual({ count: before + 1 });

    const read = await inject('POST', `messages/${message.id}/read`, keeper);
    expect(read.statusCode).toBe(200);
    const readTime = answerOf(read, messageSchema).readTime;
    expect(readTime).not.toBeNull();
    expect(await unread(keeper)).toBe(before);
    await expect.poll(() => heard.at(-1)?.data).toEqual({ count: before });
    // Reading again changes nothing; the sender sees when it was read.
    expect(answerOf(await inject('POST', `messages/${message.id}/read`, keeper), messageSchema).readTime).toBe(
      readTime,
    );
    const seen = answerOf(await inject('GET', `messages/${message.id}`, planner), messageSchema);
    expect(seen.recipients[0]?.readTime).toBe(readTime);
    expect((await box(keeper, 'box=inbox&unread=true')).items.map((item) => item.id)).not.toContain(message.id);
    stop();
  });

  it('never crosses clients: a plant user can neither write to nor read another client’s users', async () => {
    const sentBefore = (await box(planner, 'box=sent')).totalCount;
    const refused = await send(planner, { recipientIds: [me.keeper.id, stranger.id], subject: '越界', body: 'x' });
    expect(refused.statusCode).toBe(400);
    // The same answer as for a user that does not exist: nobody is named, nobody's existence is told.
    const missing = await send(planner, { recipientIds: [me.keeper.id, randomUUID()], subject: '越界', body: 'x' });
    expect(refused.json()).toEqual(missing.json());
    expect(refused.json().error.code).toBe('message_recipient_unknown');
    expect(refused.body).not.toContain(stranger.userName);
    expect(refused.body).not.toContain(DEMO_KEEPER.userName);
    // Nothing was written, not even to the allowed recipient.
    expect((await box(planner, 'box=sent')).totalCount).toBe(sentBefore);

    // The other way round too, and the maker is no plant user's free correspondent.
    const back = await send(stranger.headers, { recipientIds: [me.planner.id], subject: '越界', body: 'x' });
    expect(back.json().error.code).toBe('message_recipient_unknown');
    const toMaker = await send(planner, { recipientIds: [me.admin.id], subject: '你好', body: 'x' });
    expect(toMaker.json().error.code).toBe('message_recipient_unknown');

    const internal = answerOf(
      await send(planner, { recipientIds: [me.keeper.id], subject: '内部', body: '仅本公司' }),
      messageSchema,
    );
    for (const url of [`messages/${internal.id}`]) {
      const response = await inject('GET', url, stranger.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await inject('POST', `messages/${internal.id}/read`, stranger.headers)).statusCode).toBe(404);
    expect((await box(stranger.headers, 'box=inbox')).items.map((item) => item.id)).not.toContain(internal.id);
    // Nor may a stranger reply to a message they never received.
    const reply = await send(stranger.headers, {
      recipientIds: [me.planner.id],
      subject: 're',
      body: 'x',
      replyToId: internal.id,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.details).toHaveProperty('replyToId');
  });

  it('offers a plant user only their own client’s people to write to, and the maker everybody', async () => {
    const forPlanner = await recipients(planner);
    const plannerIds = forPlanner.map((person) => person.id);
    expect(plannerIds).toContain(me.keeper.id);
    expect(plannerIds).not.toContain(stranger.id);
    expect(plannerIds).not.toContain(me.admin.id);
    expect(plannerIds).not.toContain(me.planner.id);
    expect(forPlanner.every((person) => person.clientName === '华东钢筋加工有限公司')).toBe(true);
    expect(await recipients(planner, stranger.userName)).toEqual([]);
    expect((await recipients(planner, DEMO_KEEPER.userName)).map((person) => person.id)).toEqual([me.keeper.id]);

    const forStranger = (await recipients(stranger.headers)).map((person) => person.id);
    expect(forStranger).not.toContain(me.keeper.id);
    expect(forStranger).not.toContain(me.planner.id);

    const forAdmin = (await recipients(admin, stranger.userName)).map((person) => person.id);
    expect(forAdmin).toEqual([stranger.id]);
    expect((await recipients(admin)).map((person) => person.id)).not.toContain(me.admin.id);
  });

  it('lets the maker write to any client’s users, and a plant user answer the maker', async () => {
    const notice = await send(admin, {
      recipientIds: [stranger.id, me.planner.id],
      subject: '设备保养通知',
      body: '下周二上门保养。',
    });
    expect(notice.statusCode).toBe(201);
    const message = answerOf(notice, messageSchema);
    expect(await unread(stranger.headers)).toBeGreaterThan(0);

    const reply = await send(stranger.headers, {
      recipientIds: [me.admin.id],
      subject: '回复：设备保养通知',
      body: '好的。',
      replyToId: message.id,
    });
    expect(reply.statusCode).toBe(201);
    expect(answerOf(reply, messageSchema)).toMatchObject({ replyToId: message.id, recipients: [{ id: me.admin.id }] });
    expect((await box(admin, 'box=inbox&unread=true')).items.map((item) => item.id)).toContain(reply.json().id);
    // A reply goes to the sender, not to the other recipients of another client.
    const wider = await send(stranger.headers, {
      recipientIds: [me.admin.id, me.planner.id],
      subject: '回复',
      body: 'x',
      replyToId: message.id,
    });
    expect(wider.json().error.code).toBe('message_recipient_unknown');
    expect(wider.body).not.toContain('planner');
  });

  it('refuses bad input with 400 per field, unknown or disabled recipients, and replays an idempotent send', async () => {
    const cases: [object, string][] = [
      [{ recipientIds: [], subject: 's', body: 'b' }, 'recipientIds'],
      [{ recipientIds: ['not-a-uuid'], subject: 's', body: 'b' }, 'recipientIds.0'],
      [{ recipientIds: [me.keeper.id], subject: '   ', body: 'b' }, 'subject'],
      [{ recipientIds: [me.keeper.id], subject: 'x'.repeat(121), body: 'b' }, 'subject'],
      [{ recipientIds: [me.keeper.id], subject: 's' }, 'body'],
      [{ recipientIds: [me.planner.id], subject: 's', body: 'b' }, 'recipientIds'],
    ];
    for (const [payload, field] of cases) {
      const response = await send(planner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.details).toHaveProperty([field]);
    }
    const unknown = await send(planner, { recipientIds: [randomUUID()], subject: 's', body: 'b' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('message_recipient_unknown');

    // A user of the demo client (through its product), then disabled: no longer anyone's correspondent.
    const line1 = answerOf(await inject('GET', 'product/all', admin), listedProductsSchema).find(
      (product) => product.code === 'LINE1',
    );
    const colleague = await createUser(ctx.app, admin, { productIds: [line1!.id] });
    expect((await recipients(planner, colleague.userName)).length).toBe(1);
    const created = (await inject('GET', `users/${colleague.id}`, admin)).json();
    const disabled = await inject('PUT', `users/${colleague.id}`, admin, { ...created, status: 'disabled' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const toDisabled = await send(planner, { recipientIds: [colleague.id], subject: 's', body: 'b' });
    expect(toDisabled.json().error.code).toBe('message_recipient_unknown');
    expect((await recipients(planner, colleague.userName)).length).toBe(0);

    const key = { ...planner, 'idempotency-key': randomUUID() } as Headers;
    const payload = { recipientIds: [me.keeper.id], subject: '一次', body: '只发一次' };
    const first = await send(key, payload);
    const again = await send(key, payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await box(keeper, 'box=inbox&filter=只发一次')).totalCount).toBe(1);
  });
});
