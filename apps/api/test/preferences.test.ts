import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_PREFERENCES } from '@armature/domain';
import { createUser, loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

describe.each(testDatabases())('user preferences on %s', (kind) => {
  const ctx = useTestApp(kind);
  const get = (headers: { authorization: string }) =>
    ctx.app.inject({ method: 'GET', url: '/api/account/preferences', headers });
  const put = (headers: { authorization: string }, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/account/preferences', headers, payload: payload as object });

  it('start at the defaults, change only what is sent, and stay with their user', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const user = await createUser(ctx.app, admin);
    const headers = await loginAs(ctx.app, user.userName, user.password);
    expect((await get(headers)).json()).toEqual(DEFAULT_USER_PREFERENCES);

    const dark = await put(headers, { theme: 'dark' });
    expect(dark.statusCode).toBe(200);
    expect(dark.json()).toEqual({ theme: 'dark', compact: true, mutedKinds: [] });

    const muted = await put(headers, { mutedKinds: ['lowStock', 'orderDue'], compact: false });
    expect(muted.json()).toEqual({ theme: 'dark', compact: false, mutedKinds: ['lowStock', 'orderDue'] });
    // A new sign-in (another browser) finds them; another user keeps theirs.
    expect((await get(await loginAs(ctx.app, user.userName, user.password))).json()).toEqual(muted.json());
    expect((await get(admin)).json()).toEqual(DEFAULT_USER_PREFERENCES);
  });

  it('refuse unknown values field by field and need a session', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const bad = await put(admin, { theme: 'purple', mutedKinds: ['nothing'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details)).toEqual(expect.arrayContaining(['theme', 'mutedKinds.0']));
    expect((await get(admin)).json()).toEqual(DEFAULT_USER_PREFERENCES);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/preferences' })).statusCode).toBe(401);
  });
});
