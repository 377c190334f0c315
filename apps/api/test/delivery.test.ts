import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DeliveryNoteInput,
  bundlePageSchema,
  deliveryNoteDetailSchema,
  pagedResultSchema,
  stockIntegritySchema,
  stockLogItemSchema,
  deliveryNotePageSchema,
} from '@armature/domain';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { producedBundles } from './bundle-fixture.ts';
import { readPdf } from './bundle-pdf.ts';
import { injectorFor, answerOf, counted } from './helpers/inject.ts';

type Headers = { authorization: string };
type Produced = Awaited<ReturnType<typeof producedBundles>>;

describe.each(testDatabases())('delivery notes on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let produced: Produced;
  let other: Produced;

  const inject = injectorFor(ctx, { 'accept-language': 'en-US' });
  const deliver = (body: DeliveryNoteInput, headers: Record<string, string> = admin) =>
    inject('POST', 'delivery', headers, body);

  const select = (product: { id: string; clientId: string }) => selectProduct(ctx.app, admin, product);

  /** The finished stock of the fixture's order line and length: its balance and its ledger rows. */
  async function finishedStock(of: Produced) {
    const ledger = await inject(
      'GET',
      `stockLog/finished?rebarId=${of.line.rebarId}&length=${of.line.length}&maxResultCount=100`,
      admin,
    );
    expect(ledger.statusCode, ledger.body).toBe(200);
    return answerOf(ledger, pagedResultSchema(stockLogItemSchema)).items;
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    produced = await producedBundles(ctx.app, { pieces: 10, perBundle: 4 });
    other = await producedBundles(ctx.app, { productCode: 'LINE2', pieces: 3 });
    await select(produced.product);
  });

  it('sends picked bundles: finished stock out per order line, bundles delivered, the ledger adding up', async () => {
    const [first, second] = produced.bundles;
    const before = await finishedStock(produced);
    const response = await deliver({
      site: '滨江一号地块',
      vehicle: '沪A·12345',
      receiver: '王工',
      remark: null,
      // The same tag scanned twice counts once.
      bundleScanIds: [first!.scanId, second!.scanId, first!.scanId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = answerOf(response, deliveryNoteDetailSchema);
    expect(note.code).toMatch(/^DN\d{8}-\d{4}$/);
    expect(note).toMatchObject({ site: '滨江一号地块', vehicle: '沪A·12345', receiver: '王工', bundleCount: 2 });
    expect(note.pieces).toBe(first!.pieces + second!.pieces);
    expect(note.bundles.map((bundle) => [bundle.scanId, bundle.status, bundle.deliveryNoteCode])).toEqual([
      [first!.scanId, 'delivered', note.code],
      [second!.scanId, 'delivered', note.code],
    ]);

    const after = await finishedStock(produced);
    const moves = after.filter((row) => row.sourceCode === note.code);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      direction: 'out',
      reason: 'delivery',
      sourceType: 'delivery',
      sourceId: note.id,
      quantity: 8,
      length: produced.line.length,
    });
    expect(after).toHaveLength(before.length + 1);
    expect(moves[0]!.balanceAfter).toBe(before[0]!.balanceAfter - 8);
    expect(moves[0]!.weight).toBeCloseTo(note.weight, 3);

    const integrity = await inject('GET', 'stock/integrity', admin);
    expect(integrity.statusCode, integrity.body).toBe(200);
    expect(answerOf(integrity, stockIntegritySchema)).toMatchObject({ ok: true, mismatches: [] });

    const left = await inject('GET', `bundle?taskId=${produced.task.id}`, admin);
    expect(answerOf(left, bundlePageSchema).items.map((bundle) => bundle.number)).toEqual([3]);
    const gone = await inject('GET', `bundle?taskId=${produced.task.id}&status=delivered`, admin);
    expect(answerOf(gone, bundlePageSchema).items.map((bundle) => bundle.deliveryNoteCode)).toEqual([
      note.code,
      note.code,
    ]);
  });

  it('refuses a bundle already delivered (409) and tags unknown in the line (400), writing nothing', async () => {
    const [first, , third] = produced.bundles;
    const before = await finishedStock(produced);
    const twice = await deliver({ site: 'B', bundleScanIds: [third!.scanId, first!.scanId] });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error.code).toBe('bundle_already_delivered');
    expect(twice.json().error.message).toMatch(
      new RegExp(`Bundle 1/3 of ${produced.line.mark} already left with delivery note DN`),
    );

    const stranger = 'AAAAAAAAAAAAAAAAAAAAAA';
    const unknown = await deliver({ site: 'B', bundleScanIds: [third!.scanId, stranger, other.bundles[0]!.scanId] });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error.code).toBe('bundle_unknown');
    expect(unknown.json().error.message).toContain(stranger);
    expect(unknown.json().error.message).toContain(other.bundles[0]!.scanId);

    const invalid = await deliver({ site: '', bundleScanIds: ['short'] });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.details).sort()).toEqual(['bundleScanIds.0', 'site']);

    expect(await finishedStock(produced)).toHaveLength(before.length);
    const still = await inject('GET', `bundle?taskId=${produced.task.id}`, admin);
    expect(answerOf(still, bundlePageSchema).items.map((bundle) => bundle.scanId)).toEqual([third!.scanId]);
  });

  it('applies a retried request once (same Idempotency-Key, same answer)', async () => {
    const fresh = await producedBundles(ctx.app, { pieces: 2, perBundle: 2 });
    const key = randomUUID();
    const body = { site: 'Retry site', bundleScanIds: [fresh.bundles[0]!.scanId] };
    const first = await deliver(body, { ...admin, 'idempotency-key': key });
    const again = await deliver(body, { ...admin, 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(answerOf(again, deliveryNoteDetailSchema).id).toBe(answerOf(first, deliveryNoteDetailSchema).id);
    const list = await inject('GET', 'delivery?filter=Retry%20site', admin);
    expect(answerOf(list, counted).totalCount).toBe(1);
    const ledger = await finishedStock(fresh);
    expect(ledger.filter((row) => row.sourceCode === answerOf(first, deliveryNoteDetailSchema).code)).toHaveLength(1);
  });

  it('lists and shows the notes of the current line only, and prints one', async () => {
    const list = await inject('GET', 'delivery?sorting=code%20desc', admin);
    expect(list.statusCode, list.body).toBe(200);
    const notes = answerOf(list, deliveryNotePageSchema);
    expect(notes.totalCount).toBe(2);
    const note = notes.items.find((item) => item.site === '滨江一号地块')!;
    expect(note).toMatchObject({ bundleCount: 2, pieces: 8, creatorName: expect.any(String) });

    const detail = await inject('GET', `delivery/${note.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(answerOf(detail, deliveryNoteDetailSchema).bundles).toHaveLength(2);

    const pdf = await inject('GET', `delivery/${note.id}/pdf`, admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(readPdf(pdf.rawPayload).pages.map((page) => Math.round(page.width))).toEqual([595]);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(answerOf(await inject('GET', `delivery?dayFrom=${tomorrow}`, admin), counted).totalCount).toBe(0);
    expect(answerOf(await inject('GET', `delivery?dayTo=${tomorrow}`, admin), counted).totalCount).toBe(2);
    expect(today).toMatch(/^\d{4}-/);

    // Another line's user sees none of them.
    await select(other.product);
    expect((await inject('GET', `delivery/${note.id}`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `delivery/${note.id}/pdf`, admin)).statusCode).toBe(404);
    expect(answerOf(await inject('GET', 'delivery', admin), counted).totalCount).toBe(0);
    await select(produced.product);
  });
});
