import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/core/http/idempotency.table.ts';
import { loginAs, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

describe.each(testDatabases())('idempotency keys on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('applies a retried create once and replays its answer', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const code = uniqueName('IDEM').toUpperCase();
    const send = (key: string, companyName = '幂等') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/client',
        headers: { ...admin, 'idempotency-key': key },
        payload: { code, companyName },
      });
    const key = uniqueName('key');
    const first = await send(key);
    const retry = await send(key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/client?filter=${code}`, headers: admin })).json();
    expect(listed.totalCount).toBe(1);

    // A new key is a new request: here a duplicate code.
    expect((await send(uniqueName('key'))).statusCode).toBe(409);
  });

  it('refuses a key reused for another request, and frees the key of a failed one', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const key = uniqueName('key');
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: { ...admin, 'idempotency-key': key },
      payload: { code: 'DEMO', companyName: 'x' },
    });
    expect(failed.statusCode).toBe(409);
    const code = uniqueName('OK').toUpperCase();
    const fixed = await ctx.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: { ...admin, 'idempotency-key': key },
      payload: { code, companyName: 'x' },
    });
    expect(fixed.statusCode).toBe(201);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { ...admin, 'idempotency-key': key },
      payload: { name: uniqueName('r') },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('makes a concurrent duplicate wait for the first and replay its answer', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const key = uniqueName('key');
    const payload = { name: uniqueName('race') };
    const send = () =>
      ctx.app.inject({ method: 'POST', url: '/api/roles', headers: { ...admin, 'idempotency-key': key }, payload });
    const [a, b] = await Promise.all([send(), send()]);
    // The second waits on the key the first holds in its transaction, then replays its answer.
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true');
    const roles = (
      await ctx.app.inject({ method: 'GET', url: `/api/roles?filter=${payload.name}`, headers: admin })
    ).json();
    expect(roles.totalCount).toBe(1);
  });

  it('treats a claim without an answer, left by an earlier version, as abandoned', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/account/current-user', headers: admin })).json();
    const key = uniqueName('key');
    await ctx.handle.db.insert(idempotencyKeys).values({
      userId: me.id,
      key,
      method: 'POST',
      url: '/api/roles',
      creationTime: new Date().toISOString(),
    });
    const name = uniqueName('legacy');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { ...admin, 'idempotency-key': key },
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe(name);
  });
});
