import { DIGITAL_TWIN_PERMISSIONS, type User, userSchema } from '@armature/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { signAccessToken, verifyAccessToken } from '../src/core/auth/access-token.ts';
import { openPostgres } from '../src/core/db/client.ts';
import type { RawDatabaseHandle } from '../src/core/jobs/background.ts';
import { chooseProduct, createUser, loginAs, tokensFor, type ListedProduct } from './helpers/auth.ts';
import { openSse } from './helpers/sse-client.ts';
import { openSeededDatabase, testConfig, testDatabases, useTestApp } from './helpers/test-app.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';

type Headers = { authorization: string };

const tuning = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, shutdownTimeoutMs: 2000 };
/** Checked often, so a test waits little for the stream's end (it waits on the end, not on this time). */
const sessionRecheckMs = 100;
const NOTIFICATIONS = 'notifications/events';
const TWIN = 'digitalTwin/events';

/** Opens a stream and reads its snapshot's first event, so it is open and watched. */
async function follow(base: string, path: string, headers: Headers) {
  const stream = await openSse(`${base}/api/${path}`, headers);
  expect(stream.response.status).toBe(200);
  await stream.next();
  return stream;
}

/**
 * Every event stream ends when its caller's right to it ends: the sign-in (logout, password change),
 * the account (disabled, deleted), the route's permission, the access token's lifetime — on every API
 * process, not only the one that made the change.
 */
describe.each(testDatabases())('event streams end with their sign-in, on %s', (kind) => {
  const ctx = useTestApp(kind, { background: { tuning, sessionRecheckMs } });
  let base: string;
  let admin: Headers;
  let line1: ListedProduct;

  const inject = injectorFor(ctx);

  /** A new plant user on LINE1, signed in; `grants` are given to the user directly. */
  async function plantUser(grants: string[] = []) {
    const user = await createUser(ctx.app, admin, { productIds: [line1.id] });
    if (grants.length) await grant(user.id, grants, true);
    const tokens = await tokensFor(ctx.app, user.userName, user.password);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    await chooseProduct(ctx.app, headers);
    return { ...user, headers, tokens };
  }

  async function grant(userId: string, names: string[], isGranted: boolean) {
    const response = await inject('PUT', `permissions?providerName=U&providerKey=${userId}`, admin, {
      permissions: names.map((name) => ({ name, isGranted })),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function updateUser(id: string, change: Partial<User>) {
    const current = answerOf(await inject('GET', `users/${id}`, admin), userSchema);
    const response = await inject('PUT', `users/${id}`, admin, { ...current, ...change });
    expect(response.statusCode, response.body).toBe(200);
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    line1 = await chooseProduct(ctx.app, admin);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('ends on logout, and only the streams of that sign-in', async () => {
    const user = await plantUser();
    const other = await loginAs(ctx.app, user.userName, user.password);
    const stream = await follow(base, NOTIFICATIONS, user.headers);
    const kept = await follow(base, NOTIFICATIONS, other);
    expect((await inject('POST', 'account/logout', user.headers)).statusCode).toBe(204);
    await stream.ended();
    // A check after the end left the other sign-in's stream open.
    await ctx.app.streamSessions.recheck();
    expect(ctx.app.streamSessions.size).toBe(1);
    await kept.close();
  });

  it('ends when an administrator sets a new password (every sign-in ends)', async () => {
    const user = await plantUser();
    const stream = await follow(base, NOTIFICATIONS, user.headers);
    const changed = await inject('PUT', `users/${user.id}/change-password`, admin, { newPassword: 'N3w-Passw0rd!' });
    expect(changed.statusCode, changed.body).toBe(204);
    await stream.ended();
  });

  it('ends when the account is disabled', async () => {
    const user = await plantUser();
    const stream = await follow(base, NOTIFICATIONS, user.headers);
    await updateUser(user.id, { status: 'disabled' });
    await stream.ended();
  });

  it('ends when the account is deleted', async () => {
    const user = await plantUser();
    const stream = await follow(base, NOTIFICATIONS, user.headers);
    expect((await inject('DELETE', `users/${user.id}`, admin)).statusCode).toBe(204);
    await stream.ended();
  });

  it('ends when the permission its route needs is taken away, and not a stream that needs none', async () => {
    const user = await plantUser([DIGITAL_TWIN_PERMISSIONS.read]);
    const board = await follow(base, TWIN, user.headers);
    const inbox = await follow(base, NOTIFICATIONS, user.headers);
    await grant(user.id, [DIGITAL_TWIN_PERMISSIONS.read], false);
    await board.ended();
    await ctx.app.streamSessions.recheck();
    expect(ctx.app.streamSessions.size).toBe(1);
    await inbox.close();
  });

  it('ends when a role change takes the permission away', async () => {
    const user = await plantUser();
    await updateUser(user.id, { roleNames: ['operator'] });
    const board = await follow(base, TWIN, user.headers);
    await updateUser(user.id, { roleNames: [] });
    await board.ended();
  });

  it('ends when its access token expires', async () => {
    const user = await plantUser();
    const claims = await verifyAccessToken(ctx.app.config.jwtSecret, user.tokens.access_token);
    // A token of the same sign-in that lives three seconds (the real ones, fifteen minutes).
    const brief = await signAccessToken(ctx.app.config.jwtSecret, user.id, claims!.sessionId, 3);
    const expiresAt = (await verifyAccessToken(ctx.app.config.jwtSecret, brief))!.expiresAt;
    const stream = await follow(base, NOTIFICATIONS, { authorization: `Bearer ${brief}` });
    await stream.ended();
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    // The sign-in itself is still open: a fresh token follows on.
    await (await follow(base, NOTIFICATIONS, user.headers)).close();
  });
});

/** Two API processes on one database: a logout on one ends the stream open on the other. */
describe.each(testDatabases())('event streams across API processes, on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openSeededDatabase>>;
  const apps: App[] = [];
  const handles: RawDatabaseHandle[] = [];

  beforeAll(async () => {
    database = await openSeededDatabase(kind);
    for (const worker of ['inline', 'off'] as const) {
      // On PostgreSQL each its own pool and LISTEN connection, as separate processes have; PGlite is one
      // process's database, so there the two share it.
      const handle = database.url && apps.length ? openPostgres(database.url) : database.handle;
      if (handle !== database.handle) handles.push(handle);
      apps.push(
        await buildApp({
          db: handle.db,
          dbKind: kind,
          config: { ...testConfig, worker },
          background: { handle, tuning, sessionRecheckMs },
        }),
      );
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of [...handles, database?.handle]) await handle?.close();
    await database?.drop();
  });

  it('ends the stream on process B when the user logs out on process A', async () => {
    const [a, b] = apps as [App, App];
    const admin = await loginAs(a, 'admin');
    const user = await createUser(a, admin);
    const headers = await loginAs(a, user.userName, user.password);
    const baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    const stream = await follow(baseB, NOTIFICATIONS, headers);
    expect((await a.inject({ method: 'POST', url: '/api/account/logout', headers })).statusCode).toBe(204);
    await stream.ended();
    expect(b.streamSessions.size).toBe(0);
  });
});
