import { z } from 'zod';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachmentSchema, partWhereUsedSchema, resourceItemSchema, sparePartResource } from '@armature/domain';

import { prepareDatabase } from '../src/setup/prepare.ts';
import { loginAs } from './helpers/auth.ts';
import { multipartFile } from './helpers/multipart.ts';
import { SAMPLE_PNG, samplePdf } from './helpers/sample-files.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, errorOf, injectorFor, pageOf } from './helpers/inject.ts';

describe.each(testDatabases())('parts library (%s)', (kind) => {
  const ctx = useTestApp(kind, { config: { dataDir: mkdtempSync(path.join(tmpdir(), 'armature-parts-')) } });
  let admin: { authorization: string };
  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
  });
  const inject = injectorFor(ctx);
  const partByCode = async (code: string) => {
    const page = answerOf(
      await inject('GET', `spareOarts?filter=${encodeURIComponent(code)}`, admin),
      pageOf(resourceItemSchema(sparePartResource)),
    );
    return page.items.find((part) => part.code === code)!;
  };
  const upload = async (partId: string, fileName: string, content: Buffer | string) => {
    const body = multipartFile(fileName, content);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/spareOarts/${partId}/attachments`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };

  it('keeps the parts (and their prices) from plant users: /all needs the parts library permission', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    for (const path of ['spareOarts/all', 'spareParts/all']) {
      const refused = await ctx.app.inject({ method: 'GET', url: `/api/${path}`, headers: planner });
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
      const listed = await inject('GET', path, admin);
      expect(listed.statusCode, path).toBe(200);
      expect(answerOf(listed, z.array(resourceItemSchema(sparePartResource))).length).toBeGreaterThan(0);
    }
    // Other master data stays readable as select options.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/technique/all', headers: planner })).statusCode).toBe(200);
  });

  it('creates, reads, updates and deletes a part at the spec path and at the alias', async () => {
    const created = await inject('POST', 'spareParts', admin, {
      code: 'T-BRG-6205',
      name: '深沟球轴承',
      unit: '件',
      specification: '6205-2RS',
      unitPrice: 18.5,
      weight: 0.128,
      leadTimeDays: 7,
    });
    expect(created.statusCode).toBe(201);
    const part = answerOf(created, resourceItemSchema(sparePartResource));
    expect(
      answerOf(await inject('GET', `spareOarts/${part.id}`, admin), resourceItemSchema(sparePartResource)),
    ).toMatchObject({
      code: 'T-BRG-6205',
      unitPrice: 18.5,
    });
    const updated = await inject('PUT', `spareOarts/${part.id}`, admin, {
      ...part,
      name: '深沟球轴承 (密封)',
      unitPrice: 21,
    });
    expect(updated.statusCode).toBe(200);
    expect(
      answerOf(await inject('GET', `spareParts/${part.id}`, admin), resourceItemSchema(sparePartResource)),
    ).toMatchObject({
      name: '深沟球轴承 (密封)',
      unitPrice: 21,
    });
    const duplicate = await inject('POST', 'spareOarts', admin, { code: 'T-BRG-6205', name: 'again', unit: '件' });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await inject('POST', 'spareOarts', admin, { code: 'T-X', name: 'x', unit: '', unitPrice: -1 });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(errorOf(invalid).details!)).toEqual(expect.arrayContaining(['unit', 'unitPrice']));
    expect((await inject('DELETE', `spareParts/${part.id}`, admin)).statusCode).toBe(204);
    expect((await inject('GET', `spareOarts/${part.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses to delete a part that design BOMs use, naming them', async () => {
    const sensor = await partByCode('SN-PX12');
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/spareOarts/${sensor.id}`,
      headers: { ...admin, 'accept-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(409);
    const error = errorOf(refused);
    expect(error.code).toBe('in_use');
    expect(error.message).toContain('Design BOMs (3): G2L32 v1, GJW16 v1, HGS40 v1');
    expect((await inject('GET', `spareOarts/${sensor.id}`, admin)).statusCode).toBe(200);
  });

  it('answers where a part is used: every BOM version, occurrences and the quantity per top-level unit', async () => {
    const sensor = await partByCode('SN-PX12');
    const used = answerOf(await inject('GET', `spareOarts/${sensor.id}/where-used`, admin), partWhereUsedSchema);
    // By hand from the demo trees: GJW16 shear unit 1 × 2; G2L32 two heads × 2 each; HGS40 clamp 1 × 1.
    expect(
      used.designBoms.map(({ code, version, status, occurrences, rolledQuantity }) => ({
        code,
        version,
        status,
        occurrences,
        rolledQuantity,
      })),
    ).toEqual([
      { code: 'G2L32', version: 1, status: 'released', occurrences: 1, rolledQuantity: 4 },
      { code: 'GJW16', version: 1, status: 'released', occurrences: 1, rolledQuantity: 2 },
      { code: 'HGS40', version: 1, status: 'released', occurrences: 1, rolledQuantity: 1 },
    ]);
    // The demo manufacturing BOM is the shear line's.
    expect(used.makeBoms.map((bom) => bom.code)).toEqual(['GJW16 v1']);

    const encoder = await partByCode('SN-EN1024');
    const encoders = answerOf(await inject('GET', `spareParts/${encoder.id}/where-used`, admin), partWhereUsedSchema);
    expect(encoders.designBoms.map((bom) => [bom.code, bom.rolledQuantity])).toEqual([
      ['G2L32', 1],
      ['GJW16', 1],
      ['WG12D', 1],
    ]);

    const unused = answerOf(
      await inject('POST', 'spareOarts', admin, { code: 'T-UNUSED', name: '备用', unit: '件' }),
      resourceItemSchema(sparePartResource),
    );
    expect((await inject('GET', `spareOarts/${unused.id}/where-used`, admin)).json()).toEqual({
      designBoms: [],
      makeBoms: [],
    });
    expect((await inject('GET', 'spareOarts/00000000-0000-4000-8000-000000000000/where-used', admin)).statusCode).toBe(
      404,
    );
  });

  it('keeps pictures and drawings checked by content and size, read back byte for byte', async () => {
    const part = answerOf(
      await inject('POST', 'spareOarts', admin, { code: 'T-PIC', name: '带图零件', unit: '件' }),
      resourceItemSchema(sparePartResource),
    );
    const pdf = await samplePdf('Drawing T-PIC');

    const picture = await upload(part.id, 'photo.png', SAMPLE_PNG);
    expect(picture.statusCode).toBe(201);
    expect(answerOf(picture, attachmentSchema)).toMatchObject({
      fileName: 'photo.png',
      mediaType: 'image/png',
      size: SAMPLE_PNG.length,
    });
    const drawing = await upload(part.id, '图纸 T-PIC.pdf', pdf);
    expect(drawing.statusCode).toBe(201);

    const pretending = await upload(part.id, 'notes.png', 'just some text, not a picture');
    expect(pretending.statusCode).toBe(400);
    expect(errorOf(pretending).code).toBe('file_type_refused');
    const huge = await upload(part.id, 'huge.pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('file_too_large');

    const listed = answerOf(await inject('GET', `spareParts/${part.id}/attachments`, admin), z.array(attachmentSchema));
    expect(listed.map((file) => [file.fileName, file.mediaType])).toEqual([
      ['photo.png', 'image/png'],
      ['图纸 T-PIC.pdf', 'application/pdf'],
    ]);
    const inline = await inject(
      'GET',
      `spareOarts/${part.id}/attachments/${answerOf(picture, attachmentSchema).id}`,
      admin,
    );
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    const saved = await inject(
      'GET',
      `spareOarts/${part.id}/attachments/${answerOf(drawing, attachmentSchema).id}?download=1`,
      admin,
    );
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
    expect(saved.rawPayload.equals(pdf)).toBe(true);

    const removed = await inject(
      'DELETE',
      `spareOarts/${part.id}/attachments/${answerOf(picture, attachmentSchema).id}`,
      admin,
    );
    expect(removed.statusCode).toBe(204);
    expect(
      (await inject('GET', `spareOarts/${part.id}/attachments/${answerOf(picture, attachmentSchema).id}`, admin))
        .statusCode,
    ).toBe(404);
    expect(
      answerOf(await inject('GET', `spareOarts/${part.id}/attachments`, admin), z.array(attachmentSchema)),
    ).toHaveLength(1);
    // Another part's file is not this part's.
    const other = await partByCode('SN-PE');
    expect(
      (await inject('GET', `spareOarts/${other.id}/attachments/${answerOf(drawing, attachmentSchema).id}`, admin))
        .statusCode,
    ).toBe(404);
  });

  it('applies a retried upload once (same idempotency key)', async () => {
    const part = answerOf(
      await inject('POST', 'spareOarts', admin, { code: 'T-IDEM', name: '重试', unit: '件' }),
      resourceItemSchema(sparePartResource),
    );
    const body = multipartFile('once.png', SAMPLE_PNG);
    const send = async () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/spareOarts/${part.id}/attachments`,
        headers: { ...admin, ...body.headers, 'idempotency-key': `part-upload-${kind}` },
        payload: body.payload,
      });
    const first = await send();
    const second = await send();
    expect(answerOf(second, attachmentSchema).id).toBe(answerOf(first, attachmentSchema).id);
    expect(
      answerOf(await inject('GET', `spareOarts/${part.id}/attachments`, admin), z.array(attachmentSchema)),
    ).toHaveLength(1);
  });

  it('shows the demo pictures, written to the file store at start', async () => {
    const blade = await partByCode('BL-S16U');
    const [picture] = answerOf(
      await inject('GET', `spareOarts/${blade.id}/attachments`, admin),
      z.array(attachmentSchema),
    );
    expect(picture).toMatchObject({ fileName: 'shear-blade.png', mediaType: 'image/png' });
    const bytes = await inject('GET', `spareOarts/${blade.id}/attachments/${picture!.id}`, admin);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.rawPayload.length).toBe(picture!.size);
  });

  it('has the demo after start, and a second seeding changes nothing', async () => {
    const counts = async () => {
      const { rows } = (await ctx.app.db.execute(
        "select (select count(*) from spare_parts)::int as parts, (select count(*) from design_bom where status = 'released')::int as boms, (select count(*) from design_bom_node)::int as nodes, (select count(*) from make_bom)::int as make, (select count(*) from digital_twin_bom)::int as twins, (select count(*) from plc_task_template)::int as plc, (select count(*) from stored_file where owner_type = 'sparePart')::int as pictures",
      )) as unknown as { rows: Record<string, number>[] };
      return rows[0]!;
    };
    const before = await counts();
    expect(before.boms).toBe(4);
    expect(before.nodes).toBeGreaterThanOrEqual(60);
    expect(before).toMatchObject({ make: 1, twins: 1, plc: 2 });
    expect(before.parts).toBeGreaterThanOrEqual(46);
    expect(before.pictures).toBeGreaterThanOrEqual(6);
    const motor = await partByCode('MT-SV55');
    const renamed = await inject('PUT', `spareOarts/${motor.id}`, admin, {
      ...motor,
      name: '伺服电机 5.5 kW (改型)',
      id: undefined,
      creationTime: undefined,
    });
    expect(renamed.statusCode).toBe(200);

    await prepareDatabase(ctx.handle, { adminPassword: undefined });
    expect(await counts()).toEqual(before);
    expect((await partByCode('MT-SV55')).name).toBe('伺服电机 5.5 kW (改型)');
  });

  it('is the maker’s: a plant user gets 403', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    const sensor = await partByCode('SN-PX12');
    for (const [method, url] of [
      ['GET', 'spareOarts'],
      ['GET', `spareParts/${sensor.id}`],
      ['POST', 'spareOarts'],
      ['DELETE', `spareOarts/${sensor.id}`],
      ['GET', `spareOarts/${sensor.id}/where-used`],
      ['GET', `spareOarts/${sensor.id}/attachments`],
      ['POST', `spareOarts/${sensor.id}/attachments`],
    ] as const)
      expect(
        (await ctx.app.inject({ method, url: `/api/${url}`, headers: planner, payload: {} })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
  });
});
