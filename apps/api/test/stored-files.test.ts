import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requirePrincipal } from '../src/core/auth/access.plugin.ts';
import { localFileStore } from '../src/core/files/file-store.ts';
import { storedFiles } from '../src/core/files/files.table.ts';
import { contentDisposition } from '../src/core/files/content-disposition.ts';
import { fileOf, runFileWrite, sendStoredFile, toAttachment } from '../src/core/files/stored-files.ts';
import { readUpload } from '../src/core/files/upload.ts';
import { AppError } from '../src/core/http/app-error.ts';
import { loginAs } from './helpers/auth.ts';
import { multipartFile } from './helpers/multipart.ts';
import { SAMPLE_PNG, samplePdf } from './helpers/sample-files.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, withId } from './helpers/inject.ts';
import { attachmentSchema } from '@armature/domain';

const OWNER_TYPE = 'testOwner';
/** What the test upload route answers: the file as an attachment, with its sha256. */
const keptFileSchema = attachmentSchema.extend({ sha256: z.string() });

const ownerOf = (ownerId: string) => ({ ownerType: OWNER_TYPE, ownerId, clientId: null, productId: null });

/** Maker files of a test owner: upload (`?fail=1`: the transaction fails after the file was kept), read, delete. */
const testFileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  const params = z.object({ ownerId: z.uuid() });
  app.post(
    '/test-files/:ownerId',
    {
      config: { access: 'authenticated' },
      schema: { params, querystring: z.object({ fail: z.literal('1').optional() }) },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      reply.code(201);
      return runFileWrite(request, reply, async (_tx, files) => {
        const { userId, name } = requirePrincipal(request);
        const file = await files.keep(upload, ownerOf(request.params.ownerId), { id: userId, name });
        if (request.query.fail) throw new AppError('stale_update');
        return { ...toAttachment(file), sha256: file.sha256 };
      });
    },
  );
  app.get(
    '/test-files/:ownerId/:fileId',
    {
      config: { access: 'authenticated' },
      schema: {
        params: params.extend({ fileId: z.uuid() }),
        querystring: z.object({ download: z.literal('1').optional() }),
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        await fileOf(app.db, ownerOf(request.params.ownerId), request.params.fileId),
        request.query.download === '1',
      ),
  );
  app.delete(
    '/test-files/:ownerId/:fileId',
    {
      config: { access: 'authenticated' },
      schema: {
        params: params.extend({ fileId: z.uuid() }),
        querystring: z.object({ fail: z.literal('1').optional() }),
      },
    },
    async (request, reply) => {
      reply.code(204);
      await runFileWrite(request, reply, async (tx, files) => {
        await files.remove(await fileOf(tx, ownerOf(request.params.ownerId), request.params.fileId));
        if (request.query.fail) throw new AppError('stale_update');
      });
    },
  );
};

describe('the local file store', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'armature-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const store = localFileStore(root);

  it('puts, gets and deletes bytes by key, leaving no partial file behind', async () => {
    await store.put('kind/one', Buffer.from('first'));
    expect(await text((await store.get('kind/one'))!)).toBe('first');
    expect(readdirSync(path.join(root, 'kind'))).toEqual(['one']);
    await store.delete('kind/one');
    expect(await store.get('kind/one')).toBeNull();
    await store.delete('kind/one');
    expect(await store.get('kind/never')).toBeNull();
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../outside', 'a/../../b', '/absolute', 'a//b', 'dot.dot', ''])
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
    expect(existsSync(path.join(root, '..', 'outside'))).toBe(false);
  });

  it('names downloads for every browser (RFC 6266 / 5987)', () => {
    expect(contentDisposition('attachment', 'plain.pdf')).toBe(
      `attachment; filename="plain.pdf"; filename*=UTF-8''plain.pdf`,
    );
    expect(contentDisposition('inline', '质保书 "A"(1).pdf')).toBe(
      `inline; filename="___ _A_(1).pdf"; filename*=UTF-8''%E8%B4%A8%E4%BF%9D%E4%B9%A6%20%22A%22%281%29.pdf`,
    );
  });

  it('names no download with a control or bidi character, whoever gave the name', () => {
    expect(contentDisposition('attachment', 'makeBOM-X\u202egnp.html\r\n.xlsx')).toBe(
      `attachment; filename="makeBOM-Xgnp.html.xlsx"; filename*=UTF-8''makeBOM-Xgnp.html.xlsx`,
    );
  });
});

describe.each(testDatabases())('stored files on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'armature-stored-files-'));
  const ctx = useTestApp(kind, { config: { dataDir }, extraRoutes: testFileRoutes });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let admin: Record<string, string>;
  let ownerId = 0;
  const nextOwner = () => `00000000-0000-4000-8000-${String(++ownerId).padStart(12, '0')}`;
  const keptFiles = () => {
    const folder = path.join(dataDir, 'files', OWNER_TYPE);
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const rowsOf = (owner: string) => ctx.app.db.select().from(storedFiles).where(eq(storedFiles.ownerId, owner));

  const upload = (owner: string, fileName: string, content: Buffer, query = '', field = 'file') => {
    const body = multipartFile(fileName, content, field);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/test-files/${owner}${query}`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    admin = { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' };
  });

  it('keeps a checked upload: its sniffed type, size, sha256 and a clean name; the bytes come back the same', async () => {
    const owner = nextOwner();
    const pdf = await samplePdf();
    const response = await upload(owner, 'C:\\fakepath\\cert\u0007ificate.pdf', pdf);
    expect(response.statusCode, response.body).toBe(201);
    const kept = answerOf(response, keptFileSchema);
    expect(kept).toMatchObject({
      fileName: 'certificate.pdf',
      mediaType: 'application/pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    const [row] = await rowsOf(owner);
    expect(row).toMatchObject({
      clientId: null,
      productId: null,
      ownerType: OWNER_TYPE,
      storageKey: expect.any(String),
    });
    expect(row!.storageKey.startsWith(`${OWNER_TYPE}/`)).toBe(true);

    const back = await ctx.app.inject({ method: 'GET', url: `/api/test-files/${owner}/${kept.id}`, headers: admin });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-length']).toBe(String(pdf.length));
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.rawPayload.equals(pdf)).toBe(true);
    // Another owner's path does not reach it.
    const stranger = await ctx.app.inject({
      method: 'GET',
      url: `/api/test-files/${nextOwner()}/${kept.id}`,
      headers: admin,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('accepts JPEG and WebP by content, and refuses what is not a picture or a PDF whatever its name', async () => {
    const owner = nextOwner();
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(64),
    ]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    expect((await upload(owner, 'a.bin', jpeg)).json()).toMatchObject({ mediaType: 'image/jpeg' });
    expect((await upload(owner, 'b.bin', webp)).json()).toMatchObject({ mediaType: 'image/webp' });
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    for (const [name, content] of [
      ['x.pdf', Buffer.from('%PD')],
      ['x.png', zip],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const refused = await upload(owner, name, content);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json(), name).toMatchObject({ error: { code: 'file_type_refused' } });
    }
    expect(await rowsOf(owner)).toHaveLength(2);
  });

  it('answers 400 on `file` without one, 413 over 10 MB, and keeps nothing either way', async () => {
    const owner = nextOwner();
    const before = keptFiles().length;
    const otherField = await upload(owner, 'a.png', SAMPLE_PNG, '', 'attachment');
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json()).toMatchObject({
      error: { code: 'validation_failed', details: { file: [expect.any(String)] } },
    });
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/test-files/${owner}`,
      headers: admin,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toMatchObject({ error: { details: { file: [expect.any(String)] } } });
    const big = await upload(owner, 'big.png', Buffer.concat([SAMPLE_PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: { code: 'file_too_large' } });
    expect(await rowsOf(owner)).toEqual([]);
    expect(keptFiles()).toHaveLength(before);
  });

  it('answers a broken multipart body with 400, never 500', async () => {
    const owner = nextOwner();
    const { payload, headers } = multipartFile('a.png', SAMPLE_PNG);
    const boundary = headers['content-type'].split('boundary=')[1]!;
    const fieldOnly = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nplain text\r\n--${boundary}--\r\n`,
    );
    for (const [label, body, type] of [
      ['unterminated', payload.subarray(0, payload.length - 20), headers['content-type']],
      ['no boundary', payload, 'multipart/form-data'],
      ['a field, no file', fieldOnly, headers['content-type']],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/test-files/${owner}`,
        headers: { ...admin, 'content-type': type },
        payload: body,
      });
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
    }
    expect(await rowsOf(owner)).toEqual([]);
  });

  it('deletes the written bytes when the transaction fails, and keeps them when a removal fails', async () => {
    const owner = nextOwner();
    const before = keptFiles().length;
    const failed = await upload(owner, 'a.png', SAMPLE_PNG, '?fail=1');
    expect(failed.statusCode).toBe(409);
    expect(await rowsOf(owner)).toEqual([]);
    expect(keptFiles()).toHaveLength(before);

    const kept = answerOf(await upload(owner, 'a.png', SAMPLE_PNG), withId);
    expect(keptFiles()).toHaveLength(before + 1);
    const remove = (query: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/test-files/${owner}/${kept.id}${query}`, headers: admin });
    expect((await remove('?fail=1')).statusCode).toBe(409);
    expect(await rowsOf(owner)).toHaveLength(1);
    expect(keptFiles()).toHaveLength(before + 1);
    expect((await remove('')).statusCode).toBe(204);
    expect(await rowsOf(owner)).toEqual([]);
    expect(keptFiles()).toHaveLength(before);
  });

  it('keeps, lists and serves a name ending in the sniffed type, without bidi or control characters', async () => {
    const owner = nextOwner();
    const served = async (id: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/test-files/${owner}/${id}?download=1`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      return response.headers['content-disposition'];
    };
    const html = await upload(owner, 'x.html', SAMPLE_PNG);
    expect(html.json()).toMatchObject({ fileName: 'x.html.png', mediaType: 'image/png' });
    expect(await served(answerOf(html, withId).id)).toBe(
      `attachment; filename="x.html.png"; filename*=UTF-8''x.html.png`,
    );
    // `invoice\u202Egnp.pdf` shows as `invoicefdp.png`: the override goes, the PDF stays a PDF.
    const overridden = await upload(owner, 'invoice\u202Egnp.pdf', await samplePdf());
    expect(overridden.json()).toMatchObject({ fileName: 'invoicegnp.pdf', mediaType: 'application/pdf' });
    expect(await served(answerOf(overridden, withId).id)).toBe(
      `attachment; filename="invoicegnp.pdf"; filename*=UTF-8''invoicegnp.pdf`,
    );
    expect((await rowsOf(owner)).map((row) => row.fileName).sort()).toEqual(['invoicegnp.pdf', 'x.html.png']);

    // A file kept before names were cleaned is served and listed clean.
    const legacy = answerOf(html, withId).id;
    await ctx.app.db
      .update(storedFiles)
      .set({ fileName: 'old\u2067\u202Egnp.html\u0007' })
      .where(eq(storedFiles.id, legacy));
    expect(await served(legacy)).toBe(`attachment; filename="oldgnp.html.png"; filename*=UTF-8''oldgnp.html.png`);
    const [row] = await ctx.app.db.select().from(storedFiles).where(eq(storedFiles.id, legacy));
    expect(toAttachment(row!).fileName).toBe('oldgnp.html.png');
  });

  it('answers 404 when a row outlived its bytes', async () => {
    const owner = nextOwner();
    const kept = answerOf(await upload(owner, 'a.png', SAMPLE_PNG), withId);
    const [row] = await rowsOf(owner);
    rmSync(path.join(dataDir, 'files', ...row!.storageKey.split('/')));
    const read = await ctx.app.inject({ method: 'GET', url: `/api/test-files/${owner}/${kept.id}`, headers: admin });
    expect(read.statusCode).toBe(404);
  });
});
