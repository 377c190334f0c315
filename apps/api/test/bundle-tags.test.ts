import { beforeAll, describe, expect, it } from 'vitest';
import { scanUrl, bundlePageSchema } from '@armature/domain';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { producedBundles } from './bundle-fixture.ts';
import { readPdf } from './bundle-pdf.ts';
import { answerOf } from './helpers/inject.ts';

type Headers = { authorization: string };
type Produced = Awaited<ReturnType<typeof producedBundles>>;

/** 100 × 150 mm and A4, in points. */
const LABEL = { width: 283.46, height: 425.2 };
const A4 = { width: 595.28, height: 841.89 };
const HOST = 'plant.example:8443';

describe.each(testDatabases())('bundle tags on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let produced: Produced;
  let other: Produced;

  const get = (url: string, headers: object = admin) =>
    ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...headers, host: HOST } });

  const select = (headers: Headers, product: { id: string; clientId: string }) =>
    selectProduct(ctx.app, headers, product);

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    produced = await producedBundles(ctx.app, { pieces: 10, perBundle: 4 });
    other = await producedBundles(ctx.app, { productCode: 'LINE2', pieces: 3, perBundle: 5 });
    await select(admin, produced.product);
  });

  const sizeOf = (page: { width: number; height: number }) => ({
    width: Math.round(page.width),
    height: Math.round(page.height),
  });

  it('prints one 100 × 150 mm label a bundle, whose QR code holds the scan page of its bundle', async () => {
    const response = await get(`task/${produced.task.id}/tags?layout=label`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(response.rawPayload);
    expect(pdf.header).toBe('%PDF-');
    expect(pdf.pages).toHaveLength(3);
    for (const page of pdf.pages) expect(sizeOf(page)).toEqual(sizeOf(LABEL));
    // One QR code a label (the PDF stores images in no page order).
    expect(pdf.qrCodes).toHaveLength(3);
    expect(new Set(pdf.qrCodes)).toEqual(
      new Set(produced.bundles.map((bundle) => scanUrl(`http://${HOST}`, bundle.scanId))),
    );
  });

  it('puts four labels on an A4 sheet', async () => {
    const many = await producedBundles(ctx.app, { pieces: 10, perBundle: 2 });
    const response = await get(`task/${many.task.id}/tags?layout=a4`);
    expect(response.statusCode, response.body).toBe(200);
    const pdf = readPdf(response.rawPayload);
    expect(pdf.pages.map(sizeOf)).toEqual([sizeOf(A4), sizeOf(A4)]);
    expect(pdf.qrCodes).toHaveLength(5);
    expect(new Set(pdf.qrCodes)).toEqual(new Set(many.bundles.map((b) => scanUrl(`http://${HOST}`, b.scanId))));
  });

  it('prints the tags of bundles picked by id, the label layout by default', async () => {
    const [first, , third] = produced.bundles;
    const response = await get(`bundle/tags?ids=${third!.id}&ids=${first!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const pdf = readPdf(response.rawPayload);
    expect(pdf.pages.map(sizeOf)).toEqual([sizeOf(LABEL), sizeOf(LABEL)]);
    expect(new Set(pdf.qrCodes)).toEqual(
      new Set([first!, third!].map((bundle) => scanUrl(`http://${HOST}`, bundle.scanId))),
    );
  });

  it("answers 404 for another line's task or bundle, 400 for an unknown layout", async () => {
    expect((await get(`task/${other.task.id}/tags`)).statusCode).toBe(404);
    expect((await get(`bundle/tags?ids=${other.bundles[0]!.id}`)).statusCode).toBe(404);
    expect((await get(`bundle/tags?ids=${produced.bundles[0]!.id}&ids=${other.bundles[0]!.id}`)).statusCode).toBe(404);
    const bad = await get(`task/${produced.task.id}/tags?layout=poster`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toHaveProperty('layout');
    expect((await get('bundle/tags')).statusCode).toBe(400);
  });

  it('lists the produced bundles of the current line for picking, with their tag figures', async () => {
    const response = await get(`bundle?taskId=${produced.task.id}&sorting=length`);
    expect(response.statusCode, response.body).toBe(200);
    const page = answerOf(response, bundlePageSchema);
    expect(page.totalCount).toBe(3);
    expect(page.items.map((item) => [item.number, item.count, item.pieces])).toEqual([
      [1, 3, 4],
      [2, 3, 4],
      [3, 3, 2],
    ]);
    expect(page.items[0]).toMatchObject({
      scanId: produced.bundles[0]!.scanId,
      taskCode: produced.task.code,
      orderCode: produced.line.orderCode,
      mark: produced.line.mark,
      spec: `${produced.line.grade} Φ${produced.line.diameter}`,
      length: produced.line.length,
      status: 'produced',
      deliveryNoteCode: null,
    });
    const all = await get('bundle?maxResultCount=100');
    expect(answerOf(all, bundlePageSchema).items.some((item) => item.scanId === other.bundles[0]!.scanId)).toBe(false);
    expect(answerOf(await get('bundle?status=delivered'), bundlePageSchema).totalCount).toBe(0);
  });
});
