import { beforeAll, describe, expect, it } from 'vitest';
import { bundleTagSchema, scanAnswerSchema } from '@armature/domain';
import { loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { producedBundles } from './bundle-fixture.ts';
import { SCAN_RATE_LIMIT_PER_MINUTE } from '../src/modules/processing/scan.routes.ts';
import { answerOf } from './helpers/inject.ts';

type Produced = Awaited<ReturnType<typeof producedBundles>>;

describe.each(testDatabases())('the public scan answer on %s', (kind) => {
  const ctx = useTestApp(kind);
  let produced: Produced;
  let address = 0;

  /** Without a token, from its own address unless one is given (the limit counts per address). */
  const scan = (scanId: string, remoteAddress = `10.9.0.${++address}`) =>
    ctx.app.inject({ method: 'GET', url: `/api/scan/${scanId}`, remoteAddress });

  beforeAll(async () => {
    produced = await producedBundles(ctx.app, { pieces: 10, perBundle: 4 });
  });

  it('answers exactly what the tag shows, and the status, to anyone', async () => {
    const response = await scan(produced.bundles[2]!.scanId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = answerOf(response, scanAnswerSchema);
    expect(Object.keys(answer).sort()).toEqual([...Object.keys(bundleTagSchema.shape), 'status'].sort());
    expect(answer).toMatchObject({
      project: produced.line.project,
      orderCode: produced.line.orderCode,
      mark: produced.line.mark,
      spec: `${produced.line.grade} Φ${produced.line.diameter}`,
      shapeCode: produced.line.shapeCode,
      cutLength: produced.line.length,
      pieces: 2,
      bundleNo: 3,
      bundleCount: 3,
      status: 'produced',
    });
    expect(answer.plant).toContain('一号加工线');
    expect(answer.geometry.length).toBeGreaterThan(0);
    expect(answer.productionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No internal id leaves: neither the bundle's, the task's nor the line's.
    const body = response.body;
    for (const id of [produced.bundles[2]!.id, produced.task.id, produced.line.id, produced.product.id])
      expect(body).not.toContain(id);
  });

  it('shows the bundle delivered once it left', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/set-currentUser-productId',
      headers: admin,
      payload: { clientId: produced.product.clientId, productId: produced.product.id },
    });
    const note = await ctx.app.inject({
      method: 'POST',
      url: '/api/delivery',
      headers: admin,
      payload: { site: 'Scan test', bundleScanIds: [produced.bundles[0]!.scanId] },
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(answerOf(await scan(produced.bundles[0]!.scanId), scanAnswerSchema).status).toBe('delivered');
    expect(answerOf(await scan(produced.bundles[1]!.scanId), scanAnswerSchema).status).toBe('produced');
  });

  it('answers the same 404 for an unknown id and a malformed one', async () => {
    const unknown = await scan('AAAAAAAAAAAAAAAAAAAAAA');
    const malformed = await scan('not-a-tag');
    const tooLong = await scan(`${produced.bundles[0]!.scanId}x`);
    for (const response of [unknown, malformed, tooLong]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('slows a caller down past its scans a minute, and only that caller', async () => {
    const from = '10.8.8.8';
    for (let request = 0; request < SCAN_RATE_LIMIT_PER_MINUTE; request++)
      expect((await scan(produced.bundles[1]!.scanId, from)).statusCode).toBe(200);
    const refused = await scan(produced.bundles[1]!.scanId, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await scan(produced.bundles[1]!.scanId, '10.8.8.9')).statusCode).toBe(200);
  });
});
