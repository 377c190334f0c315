import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAs, tokensFor, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

/** Issue 10, item 12: error logs leaked SQL parameters, among them scrypt password hashes. */
describe.each(testDatabases())('log lines on %s', (kind) => {
  const lines: string[] = [];
  const ctx = useTestApp(kind, { config: { logLevel: 'info' }, logStream: { write: (line) => lines.push(line) } });

  it('12: logs a failed query without its parameters, password hashes, tokens or personal data', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const tokens = await tokensFor(ctx.app, 'admin');
    // A column the insert of a user writes goes missing: the query fails with its parameters in hand.
    await ctx.handle.db.execute(sql`alter table users rename column remark to remark_gone`);
    const userName = uniqueName('leak');
    const password = 'Secret-Passw0rd-42';
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...admin, 'idempotency-key': 'k-secret-key-1' },
        payload: { userName, name: 'Leaky Name', password, email: 'leak@example.com' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('internal_error');
      await ctx.app.inject({
        method: 'POST',
        url: '/api/account/refresh',
        payload: { clientId: 'armature-web', refreshToken: tokens.refresh_token },
      });
    } finally {
      await ctx.handle.db.execute(sql`alter table users rename column remark_gone to remark`);
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('remark');
    for (const secret of [
      'scrypt$',
      password,
      userName,
      'Leaky Name',
      'leak@example.com',
      admin.authorization.slice(7),
      tokens.refresh_token,
      'k-secret-key-1',
    ])
      expect(log, secret).not.toContain(secret);
  });
});
