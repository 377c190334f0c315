import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultLogFormat } from '../src/config/env.ts';
import { loginAs, tokensFor, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

/** Error logs once leaked SQL parameters, among them scrypt password hashes: no log line may carry them. */
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

  it('writes JSON, one object a line, with a line per request at info (for files, pipes and production)', async () => {
    lines.length = 0;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const completed = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request completed');
    expect(completed).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });
});

/** `npm start` in a terminal: readable lines, not a JSON object for every request. */
describe('log lines for a terminal', () => {
  const lines: string[] = [];
  const ctx = useTestApp('pglite', {
    config: { logLevel: 'info', logFormat: 'pretty' },
    logStream: { write: (line) => lines.push(line) },
  });

  it('is the format when standard output is a terminal, except in production', () => {
    expect(defaultLogFormat(true, undefined)).toBe('pretty');
    expect(defaultLogFormat(true, 'production')).toBe('json');
    expect(defaultLogFormat(false, undefined)).toBe('json');
  });

  it('writes readable lines, and the requests only at debug level', async () => {
    lines.length = 0;
    const health = () => ctx.app.inject({ method: 'GET', url: '/api/health?probe=terminal' });
    expect((await health()).statusCode).toBe(200);
    ctx.app.log.warn({ component: 'probe' }, 'a warning for the reader');
    expect(lines.join('')).not.toContain('request completed');
    const warning = lines.find((line) => line.includes('a warning for the reader'));
    expect(warning).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: a warning for the reader \{"component":"probe"\}\n$/);

    ctx.app.log.level = 'debug';
    try {
      expect((await health()).statusCode).toBe(200);
    } finally {
      ctx.app.log.level = 'info';
    }
    const completed = lines.find((line) => line.includes('request completed'));
    expect(completed).toMatch(/^\[[\d:.]+\] DEBUG: request completed .*"statusCode":200/);
    expect(lines.find((line) => line.includes('incoming request'))).toContain('/api/health?probe=terminal');
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
  });
});
