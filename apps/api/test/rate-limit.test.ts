import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'armature-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
}

describe.each(testDatabases())('request rate limit on %s', (kind) => {
  const limit = 10;
  const ctx = useTestApp(kind, { webDistDir: webDist(), config: { rateLimitPerMinute: limit } });

  it('counts API calls per address, never the static assets of a page load', async () => {
    const from = (remoteAddress: string, url: string) =>
      ctx.app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-language': 'en-US' } });
    for (let request = 0; request < limit * 3; request++) {
      expect((await from('10.1.1.1', '/assets/app.js')).statusCode).toBe(200);
    }
    for (let request = 0; request < limit; request++) {
      expect((await from('10.1.1.1', '/api/health')).statusCode).toBe(200);
    }
    const refused = await from('10.1.1.1', '/api/health');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests, please slow down',
    });
    expect((await from('10.2.2.2', '/api/health')).statusCode).toBe(200);
  });
});
