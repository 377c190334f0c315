import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ready as zplRenderer } from 'zpl-renderer-js';
import { type Bundle, bundleCodeSchema, bundlePageSchema, scanUrl } from '@armature/domain';
import { equipment } from '../src/modules/equipment/index.ts';
import { demandOrderLines } from '../src/modules/planning/index.ts';
import { bundles, tasks } from '../src/modules/processing/index.ts';
import { insertBundles } from '../src/modules/processing/bundle-insert.ts';
import { DEMO_OPERATOR } from '../src/modules/users/index.ts';
import { loginAs, selectProduct } from './helpers/auth.ts';
import { printerListener } from './helpers/printer.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { producedBundles } from './bundle-fixture.ts';
import { readPdf } from './bundle-pdf.ts';
import { answerOf } from './helpers/inject.ts';

type Headers = { authorization: string };
type Produced = Awaited<ReturnType<typeof producedBundles>>;

const HOST = 'plant.example:8443';
const ORIGIN = `http://${HOST}`;

/** Renders ZPL offline (zebrash, WebAssembly) and reads the QR code of each label's picture. */
async function qrCodesOfZpl(zpl: string, dpi: '203' | '300'): Promise<string[]> {
  const { api } = await zplRenderer;
  const pictures = await api.zplToBase64MultipleAsync(zpl, 100, 150, dpi === '203' ? 8 : 12);
  return pictures.map((picture) => {
    const png = PNG.sync.read(Buffer.from(picture, 'base64'));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  });
}

describe.each(testDatabases())('bundle codes and tag printing on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let produced: Produced;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: object = admin) =>
    ctx.app.inject({ method, url: `/api/${url}`, headers: { ...headers, host: HOST }, payload });
  const codesOf = async (taskId: string) =>
    answerOf(await call('GET', `bundle?taskId=${taskId}&status=produced`), bundlePageSchema).items;
  const scanIdsWhere = async (condition: ReturnType<typeof eq>) =>
    (
      await ctx.app.db
        .select({ scanId: bundles.scanId })
        .from(bundles)
        .innerJoin(tasks, eq(tasks.id, bundles.taskId))
        .innerJoin(demandOrderLines, eq(demandOrderLines.id, bundles.orderLineId))
        .where(and(eq(bundles.productId, produced.product.id), condition))
    ).map((row) => scanUrl(ORIGIN, row.scanId));
  const qrOfPdf = async (query: string) => {
    const response = await call('GET', `bundle/tags?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return new Set(readPdf(response.rawPayload).qrCodes);
  };

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    produced = await producedBundles(ctx.app, { pieces: 10, perBundle: 4 });
    await selectProduct(ctx.app, admin, produced.product);
  });

  it('gives every bundle a typeable code, unique in its client, searchable in the bundle list', async () => {
    const items = await codesOf(produced.task.id);
    expect(items).toHaveLength(3);
    for (const item of items) expect(bundleCodeSchema.safeParse(item.code).success).toBe(true);
    expect(new Set(items.map((item) => item.code)).size).toBe(3);
    const found = await call('GET', `bundle?filter=${items[1]!.code}`);
    expect(answerOf(found, bundlePageSchema).items.map((item) => item.scanId)).toEqual([items[1]!.scanId]);
  });

  it('draws again when a code is taken, also by completions writing at the same moment', async () => {
    // Bundles of a task of their own, so the other tests' tasks keep their three.
    const own = await producedBundles(ctx.app, { pieces: 1, perBundle: 1 });
    const [template] = await ctx.app.db.select().from(bundles).where(eq(bundles.id, own.bundles[0]!.id));
    const { id: _id, code: taken, ...row } = template!;
    // Every first draw is the taken code, then each writer draws from a few codes the others draw too.
    const writers = Array.from({ length: 6 }, (_, writer) => {
      const draws = [
        taken,
        ...Array.from({ length: 7 }, (_, n) => `B-QQQQ-${'0123456789ABCDEF'[(writer + n) % 8]}${writer % 2}`),
      ];
      return () => draws.shift()!;
    });
    const rows = (count: number) =>
      Array.from({ length: count }, () => ({ ...row, scanId: randomBytes(16).toString('base64url') }));
    const written = writers.map(() => rows(2));
    await Promise.all(
      writers.map((draw, index) => ctx.app.db.transaction((tx) => insertBundles(tx, written[index]!, draw))),
    );
    const made = await ctx.app.db
      .select({ code: bundles.code })
      .from(bundles)
      .where(
        inArray(
          bundles.scanId,
          written.flat().map((each) => each.scanId),
        ),
      );
    expect(made).toHaveLength(12);
    expect(new Set(made.map((each) => each.code)).size).toBe(12);
    expect(made.map((each) => each.code)).not.toContain(taken);
  });

  it('traces a bundle from its code as typed (any case, without dashes)', async () => {
    const [item] = await codesOf(produced.task.id);
    const typed = item!.code.replace(/-/g, '').toLowerCase();
    const response = await call('GET', `inspection/trace/bundle/${typed}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().bundle.scanId).toBe(item!.scanId);
    expect((await call('GET', 'inspection/trace/bundle/B-ZZZZ-ZZ')).statusCode).toBe(404);
  });

  it('delivers bundles picked by code beside scanned ones, and prints the tags of the note', async () => {
    const picked = await producedBundles(ctx.app, { pieces: 6, perBundle: 2 });
    const [first, second, third] = await codesOf(picked.task.id);
    const response = await call('POST', 'delivery', {
      site: 'Code site',
      bundleScanIds: [first!.code, second!.scanId],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(
      response
        .json()
        .bundles.map((bundle: Bundle) => bundle.scanId)
        .sort(),
    ).toEqual([first!.scanId, second!.scanId].sort());
    const unknown = await call('POST', 'delivery', { site: 'Code site', bundleScanIds: [third!.code, 'B-ZZZZ-ZZ'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('bundle_unknown');
    expect(await qrOfPdf(`deliveryNoteId=${response.json().id}`)).toEqual(
      new Set([first!, second!].map((bundle) => scanUrl(ORIGIN, bundle.scanId))),
    );
  });

  // Every tag of the demo order and machine, each QR code read back from the PDF: slow on a loaded machine.
  it("prints one PDF of all tags of an order, and of a machine's bundles still in the plant", async () => {
    expect(await qrOfPdf(`orderId=${produced.line.orderId}`)).toEqual(
      new Set(await scanIdsWhere(eq(demandOrderLines.orderId, produced.line.orderId))),
    );
    const machineId = produced.task.equipmentId;
    const byMachine = await qrOfPdf(`machineId=${machineId}`);
    expect(byMachine).toEqual(
      new Set(await scanIdsWhere(and(eq(tasks.equipmentId, machineId), eq(bundles.status, 'produced'))!)),
    );
    for (const bundle of produced.bundles) expect(byMachine).toContain(scanUrl(ORIGIN, bundle.scanId));
  }, 240_000);

  it('prints the tags of a shift: what the line made between its start and end that plant day', async () => {
    const shift = await producedBundles(ctx.app, { pieces: 4, perBundle: 2 });
    const machineId = shift.task.equipmentId;
    await ctx.app.db
      .update(equipment)
      .set({
        shiftCalendar: {
          shifts: [
            { name: 'A', start: '08:00', end: '16:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
            { name: 'N', start: '22:00', end: '06:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
          ],
          daysOff: [],
        },
      })
      .where(eq(equipment.id, machineId));
    // Asia/Shanghai (UTC+8): one bundle at 10:00 on the 3rd (shift A), one at 02:00 on the 4th (night shift N of the 3rd).
    const [day, night] = shift.bundles;
    await ctx.app.db.update(bundles).set({ producedAt: '2026-03-03T02:00:00.000Z' }).where(eq(bundles.id, day!.id));
    await ctx.app.db.update(bundles).set({ producedAt: '2026-03-03T18:00:00.000Z' }).where(eq(bundles.id, night!.id));
    expect(await qrOfPdf('day=2026-03-03&shift=A')).toEqual(new Set([scanUrl(ORIGIN, day!.scanId)]));
    expect(await qrOfPdf('day=2026-03-03&shift=N')).toEqual(new Set([scanUrl(ORIGIN, night!.scanId)]));
    expect(await qrOfPdf('day=2026-03-04&shift=A')).toEqual(new Set());
    // One machine's shift: its own bundles, none of another machine's.
    expect(await qrOfPdf(`day=2026-03-03&shift=A&machineId=${machineId}`)).toEqual(
      new Set([scanUrl(ORIGIN, day!.scanId)]),
    );
    const [elsewhere] = await ctx.app.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.productId, shift.product.id), ne(equipment.id, machineId)));
    expect(await qrOfPdf(`day=2026-03-03&shift=A&machineId=${elsewhere!.id}`)).toEqual(new Set());
  });

  it("prints one PDF of all tags of a schedule's tasks", async () => {
    const schedule = await producedBundles(ctx.app, { pieces: 4, perBundle: 2 });
    expect(await qrOfPdf(`dailyPlanId=${schedule.task.dailyPlanId}`)).toEqual(
      new Set(schedule.bundles.map((bundle) => scanUrl(ORIGIN, bundle.scanId))),
    );
  });

  it('refuses a selection that is not exactly one, and answers 404 for records of another line', async () => {
    const two = await call(
      'GET',
      `bundle/tags?orderId=${produced.line.orderId}&machineId=${produced.task.equipmentId}`,
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().error.details).toHaveProperty('ids');
    expect((await call('GET', 'bundle/tags?day=2026-03-03')).json().error.details).toHaveProperty('shift');
    const other = await producedBundles(ctx.app, { productCode: 'LINE2', pieces: 2, perBundle: 2 });
    expect((await call('GET', `bundle/tags?orderId=${other.line.orderId}`)).statusCode).toBe(404);
    expect((await call('GET', `bundle/tags?machineId=${other.task.equipmentId}`)).statusCode).toBe(404);
    expect((await call('GET', `bundle/tags?dailyPlanId=${other.task.dailyPlanId}`)).statusCode).toBe(404);
    const scheduleAndOrder = await call(
      'GET',
      `bundle/tags?dailyPlanId=${other.task.dailyPlanId}&orderId=${produced.line.orderId}`,
    );
    expect(scheduleAndOrder.json().error.details).toHaveProperty('ids');
  });

  it('writes the tags as ZPL at 203 and 300 dpi, whose rendered QR codes hold the scan pages', async () => {
    const items = await codesOf(produced.task.id);
    const expected = produced.bundles.map((bundle) => scanUrl(ORIGIN, bundle.scanId));
    for (const dpi of ['203', '300'] as const) {
      const response = await call('GET', `task/${produced.task.id}/tags?format=zpl&dpi=${dpi}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain(`tags-${dpi}dpi.zpl`);
      const zpl = response.body;
      expect(zpl.match(/\^XA/g)).toHaveLength(3);
      expect(zpl).toContain(dpi === '203' ? '^PW800' : '^PW1200');
      for (const item of items) expect(zpl).toContain(`^FD${item.code}^FS`);
      expect(zpl).toMatch(/\^B7N,/);
      expect(zpl).toMatch(/\^GFA,/);
      expect(new Set(await qrCodesOfZpl(zpl, dpi))).toEqual(new Set(expected));
    }
  });

  it('sends the ZPL to the label printer at its resolution over its raw port, and says when it cannot', async () => {
    const printer = await printerListener();
    try {
      const created = await call('POST', 'labelPrinter', {
        code: 'ZT-1',
        name: 'Shear line tags',
        host: '127.0.0.1',
        port: printer.port,
        dpi: '300',
      });
      expect(created.statusCode, created.body).toBe(201);
      const sent = await call('POST', `task/${produced.task.id}/tags/print`, { printerId: created.json().id });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ labels: 3, printer: 'Shear line tags' });
      const file = await call('GET', `task/${produced.task.id}/tags?format=zpl&dpi=300`);
      expect(await printer.jobs[0]).toBe(file.body);

      const batch = await call('POST', 'bundle/tags/print', {
        printerId: created.json().id,
        ids: [produced.bundles[0]!.id],
      });
      expect(batch.json()).toEqual({ labels: 1, printer: 'Shear line tags' });
      expect((await printer.jobs[1])!.match(/\^XA/g)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => printer.server.close(resolve));
    }
    const gone = await call('POST', 'labelPrinter', {
      code: 'ZT-2',
      name: 'Gone',
      host: '127.0.0.1',
      port: printer.port,
    });
    const refused = await call('POST', `task/${produced.task.id}/tags/print`, { printerId: gone.json().id });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.code).toBe('printer_unreachable');
    const none = await call('POST', 'bundle/tags/print', { printerId: gone.json().id, day: '2020-01-01', shift: 'A' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('tags_none');
  });

  it("lets the demo operator print their task's tags, as PDF or ZPL", async () => {
    const operator = await loginAs(ctx.app, DEMO_OPERATOR.userName, DEMO_OPERATOR.password);
    await selectProduct(ctx.app, operator, produced.product);
    const pdf = await call('GET', `task/${produced.task.id}/tags`, undefined, operator);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const zpl = await call('GET', `task/${produced.task.id}/tags?format=zpl`, undefined, operator);
    expect(zpl.statusCode).toBe(200);
    expect((await call('GET', 'labelPrinter/all', undefined, operator)).statusCode).toBe(200);
  });
});
