import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

describe.each(testDatabases())('health and docs on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('reports the database in use', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});
