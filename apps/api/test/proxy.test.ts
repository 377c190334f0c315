import { describe, expect, it } from 'vitest';
import { freshIp, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

// Behind a trusted reverse proxy the sign-in lock must count the client's address from
// X-Forwarded-For, not the proxy's, or one attacker would lock every user out.
describe.each(testDatabases())('behind a trusted proxy on %s', (kind) => {
  const ctx = useTestApp(kind, { config: { trustProxy: 1 } });
  const proxy = '10.9.8.7';
  const login = (clientIp: string, userName: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': clientIp },
      payload: { userName, password },
    });

  it('locks the forwarded client address, not the proxy', async () => {
    const attacker = freshIp();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await login(attacker, uniqueName('ghost'), 'Wrong-pass1')).statusCode).toBe(401);
    }
    expect((await login(attacker, 'planner', 'Planner2026')).statusCode).toBe(429);
    expect((await login(freshIp(), 'planner', 'Planner2026')).statusCode).toBe(200);
  });
});
