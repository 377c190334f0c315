import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answerOf } from './helpers/inject.ts';
import { WEB_CLIENT_ID, tokenResponseSchema } from '@armature/domain';
import { createUser, freshIp, login, loginAs, tokensFor, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { users } from '../src/core/auth/users.table.ts';

describe.each(testDatabases())('account on %s', (kind) => {
  const ctx = useTestApp(kind);
  const refresh = (refreshToken: string, clientId = WEB_CLIENT_ID) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/refresh', payload: { clientId, refreshToken } });

  describe('login', () => {
    it('returns bearer tokens for the demo admin, who still uses the demo password', async () => {
      const response = await login(ctx.app, 'admin');
      expect(response.statusCode).toBe(200);
      const tokens = answerOf(response, tokenResponseSchema);
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
      expect(tokens.refresh_token).toMatch(/^[\w-]{43}$/);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/account/current-user',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.json()).toMatchObject({
        userName: 'admin',
        name: '系统管理员',
        roles: ['admin'],
        isAdmin: true,
        usesDemoPassword: true,
        currentProduct: null,
      });
    });

    it('refuses a wrong password and an unknown user alike', async () => {
      for (const userName of ['admin', 'nobody-here']) {
        const response = await login(ctx.app, userName, 'wrong-password1');
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe('invalid_credentials');
      }
    });

    it('locks a user name for 15 minutes after 5 failures, even for the right password', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const user = await createUser(ctx.app, admin);
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await login(ctx.app, user.userName, 'Wrong-pass1')).statusCode).toBe(401);
      const locked = await login(ctx.app, user.userName, user.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toMatchObject({
        code: 'too_many_attempts',
        message: '登录失败次数过多，请在 15 分钟后再试',
      });
      const listed = await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin });
      expect(listed.json().lockedUntil).toMatch(/Z$/);
    });

    it('clears the user-name counter after a success', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const user = await createUser(ctx.app, admin);
      for (let attempt = 0; attempt < 4; attempt++) await login(ctx.app, user.userName, 'Wrong-pass1');
      expect((await login(ctx.app, user.userName, user.password)).statusCode).toBe(200);
      for (let attempt = 0; attempt < 4; attempt++)
        expect((await login(ctx.app, user.userName, 'Wrong-pass1')).statusCode).toBe(401);
      expect((await login(ctx.app, user.userName, user.password)).statusCode).toBe(200);
    });

    it('locks an IP address after 20 failures whatever the user names', async () => {
      const ip = freshIp();
      for (let attempt = 0; attempt < 20; attempt++) {
        expect((await login(ctx.app, uniqueName('ghost'), 'Wrong-pass1', ip)).statusCode).toBe(401);
      }
      const blocked = await login(ctx.app, 'planner', undefined, ip);
      expect(blocked.statusCode).toBe(429);
      expect((await login(ctx.app, 'planner')).statusCode).toBe(200);
    });
  });

  describe('refresh and logout', () => {
    it('rotates refresh tokens once and revokes the family on reuse', async () => {
      const first = await tokensFor(ctx.app, 'planner');
      const second = await refresh(first.refresh_token);
      expect(second.statusCode).toBe(200);
      const rotated = answerOf(second, tokenResponseSchema);
      expect(rotated.refresh_token).not.toBe(first.refresh_token);

      const reused = await refresh(first.refresh_token);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.code).toBe('refresh_token_reused');
      // The whole family is gone, including the token rotated from it.
      expect((await refresh(rotated.refresh_token)).json().error.code).toBe('invalid_refresh_token');
    });

    it('refuses unknown clients and unknown tokens', async () => {
      const tokens = await tokensFor(ctx.app, 'planner');
      expect((await refresh(tokens.refresh_token, 'someone-else')).json().error.code).toBe('invalid_client');
      expect((await refresh('not-a-token')).json().error.code).toBe('invalid_refresh_token');
    });

    it('logout revokes the session family', async () => {
      const tokens = await tokensFor(ctx.app, 'planner');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        payload: { refreshToken: tokens.refresh_token },
      });
      expect(response.statusCode).toBe(204);
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    });

    it('logout with only a bearer token ends that sign-in, not the others', async () => {
      const first = await tokensFor(ctx.app, 'planner');
      const second = await tokensFor(ctx.app, 'planner');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: { authorization: `Bearer ${first.access_token}` },
        payload: {},
      });
      expect(response.statusCode).toBe(204);
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
      expect((await refresh(second.refresh_token)).statusCode).toBe(200);
    });

    it('a disabled user can neither refresh nor call the API', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const user = await createUser(ctx.app, admin);
      const tokens = await tokensFor(ctx.app, user.userName, user.password);
      const record = (await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin })).json();
      const disabled = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: admin,
        payload: { ...record, status: 'disabled' },
      });
      expect(disabled.statusCode).toBe(200);
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/account/current-user',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.statusCode).toBe(401);
      const again = await login(ctx.app, user.userName, user.password);
      expect(again.statusCode).toBe(403);
      expect(again.json().error.code).toBe('account_disabled');
    });
  });

  describe('self-service', () => {
    const register = (payload: object, remoteAddress = freshIp()) =>
      ctx.app.inject({ method: 'POST', url: '/api/account/register', payload, remoteAddress });
    const usersNamed = (userName: string) =>
      ctx.handle.db
        .select()
        .from(users)
        .where(sql`lower(${users.userName}) = ${userName.toLowerCase()}`);

    it('registers a disabled account that an admin activates', async () => {
      const userName = uniqueName('reg');
      const password = 'Secret-123';
      const registered = await register({ userName, name: '新用户', password });
      expect(registered.statusCode, registered.body).toBe(202);
      expect((await login(ctx.app, userName, password)).json().error.code).toBe('account_disabled');

      const [created] = await usersNamed(userName);
      const admin = await loginAs(ctx.app, 'admin');
      const record = (await ctx.app.inject({ method: 'GET', url: `/api/users/${created!.id}`, headers: admin })).json();
      expect(record).toMatchObject({ status: 'disabled', roleNames: [] });
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${created!.id}`,
        headers: admin,
        payload: { ...record, status: 'active' },
      });
      expect((await login(ctx.app, userName, password)).statusCode).toBe(200);
    });

    it('answers an existing name exactly as a new one, and creates or changes nothing for it', async () => {
      const fresh = await register({ userName: uniqueName('reg'), name: 'x', password: 'Secret-123' });
      const [adminBefore] = await usersNamed('admin');
      const taken = uniqueName('reg');
      expect((await register({ userName: taken, name: '原来的', password: 'Secret-123' })).statusCode).toBe(202);
      const [takenBefore] = await usersNamed(taken);
      for (const userName of ['ADMIN', 'admin', taken.toUpperCase()]) {
        const again = await register({ userName, name: '冒名', email: 'x@example.com', password: 'Other-456' });
        expect(again.statusCode, userName).toBe(fresh.statusCode);
        expect(again.body, userName).toBe(fresh.body);
        expect(again.headers['content-type'], userName).toBe(fresh.headers['content-type']);
      }
      expect(await usersNamed('admin')).toEqual([adminBefore]);
      expect(await usersNamed(taken)).toEqual([takenBefore]);
      expect((await login(ctx.app, 'admin', 'Other-456')).statusCode).toBe(401);
    });

    it('limits registrations per address: the sixth in the window answers 429 rate_limited and creates nothing', async () => {
      const ip = freshIp();
      const names = Array.from({ length: 6 }, () => uniqueName('reg'));
      const answers = [];
      for (const userName of names) answers.push(await register({ userName, name: 'x', password: 'Secret-123' }, ip));
      expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
      expect(answers[5]?.statusCode).toBe(429);
      expect(answers[5]?.json().error.code).toBe('rate_limited');
      expect(await usersNamed(names[5]!)).toEqual([]);
      // Another address is not held back.
      expect((await register({ userName: names[5], name: 'x', password: 'Secret-123' })).statusCode).toBe(202);
    });

    it('forgot password → admin issues a reset token → it works exactly once', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const user = await createUser(ctx.app, admin);
      const session = await tokensFor(ctx.app, user.userName, user.password);
      for (const userName of [user.userName, 'no-such-user']) {
        const forgot = await ctx.app.inject({
          method: 'POST',
          url: '/api/account/forgot-password',
          payload: { userName },
        });
        expect(forgot.statusCode).toBe(202);
      }
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin })).json()
          .passwordResetRequested,
      ).toBe(true);

      const issued = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}/reset-token`, headers: admin });
      expect(issued.statusCode).toBe(201);
      const { token, expiresAt } = issued.json();
      expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

      const reset = (newPassword: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/reset-password',
          payload: { userName: user.userName, token, newPassword },
        });
      expect((await reset('Brand-new-1')).statusCode).toBe(204);
      const again = await reset('Another-2');
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('invalid_reset_token');

      expect((await login(ctx.app, user.userName, 'Brand-new-1')).statusCode).toBe(200);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin })).json()
          .passwordResetRequested,
      ).toBe(false);
    });

    it('changing one’s own password needs the current one and keeps only this session', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const user = await createUser(ctx.app, admin);
      const other = await tokensFor(ctx.app, user.userName, user.password);
      const mine = await tokensFor(ctx.app, user.userName, user.password);
      const headers = { authorization: `Bearer ${mine.access_token}` };
      const url = `/api/users/${user.id}/change-password`;

      const wrong = await ctx.app.inject({
        method: 'PUT',
        url,
        headers,
        payload: { currentPassword: 'nope-1234', newPassword: 'Changed-123' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('wrong_current_password');

      const ok = await ctx.app.inject({
        method: 'PUT',
        url,
        headers,
        payload: { currentPassword: user.password, newPassword: 'Changed-123' },
      });
      expect(ok.statusCode).toBe(204);
      expect((await refresh(other.refresh_token)).statusCode).toBe(401);
      expect((await refresh(mine.refresh_token)).statusCode).toBe(200);
      expect((await login(ctx.app, user.userName, 'Changed-123')).statusCode).toBe(200);
    });

    it("someone else's password needs the reset permission, which admins hold", async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const planner = await loginAs(ctx.app, 'planner');
      const target = await createUser(ctx.app, admin);
      const url = `/api/users/${target.id}/change-password`;
      expect(
        (await ctx.app.inject({ method: 'PUT', url, headers: planner, payload: { newPassword: 'Changed-123' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'PUT', url, headers: admin, payload: { newPassword: 'Changed-123' } }))
          .statusCode,
      ).toBe(204);
      expect((await login(ctx.app, target.userName, 'Changed-123')).statusCode).toBe(200);
    });

    it('updates the own profile', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const user = await createUser(ctx.app, admin);
      const headers = await loginAs(ctx.app, user.userName, user.password);
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers,
        payload: { name: '李四', email: 'li@example.com', telephone: '13812345678' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: '李四', email: 'li@example.com', telephone: '13812345678' });
    });
  });
});
