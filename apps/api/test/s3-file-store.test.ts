import { z } from 'zod';
import { mkdtempSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentSchema, resourceItemSchema, sparePartResource } from '@armature/domain';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { fileStoreFor } from '../src/core/files/file-store.ts';
import { s3FileStore, type S3Settings } from '../src/core/files/s3-file-store.ts';
import { loginAs } from './helpers/auth.ts';
import { multipartFile } from './helpers/multipart.ts';
import { samplePdf } from './helpers/sample-files.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, pageOf, withId } from './helpers/inject.ts';

type LocalS3 = { run(): Promise<{ port: number }>; close(): Promise<void> };
// s3rver ships no types: the two calls used here, typed by hand.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => LocalS3;

const BUCKET = 'armature-files';
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: mkdtempSync(path.join(tmpdir(), 'armature-s3rver-')),
  configureBuckets: [{ name: BUCKET }],
});
// s3rver accepts any key pair whose signature matches (its own S3RVER / S3RVER by default).
const settings: S3Settings = {
  endpoint: '',
  bucket: BUCKET,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  region: 'us-east-1',
  forcePathStyle: true,
};

beforeAll(async () => {
  const { port } = await server.run();
  settings.endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => server.close());

describe('S3-compatible file store (s3rver)', () => {
  it('puts, gets and deletes objects by key; a missing key reads as nothing', async () => {
    const store = s3FileStore(settings);
    const bytes = Buffer.from('%PDF-1.4 not really, but bytes all the same');
    await store.put('test/one-object', bytes);
    const read = await store.get('test/one-object');
    expect(read).not.toBeNull();
    expect((await buffer(read!)).equals(bytes)).toBe(true);
    await store.delete('test/one-object');
    expect(await store.get('test/one-object')).toBeNull();
    await expect(store.delete('test/never-there')).resolves.toBeUndefined();
  });

  it('is the store of a configuration with S3 settings, one client per configuration', () => {
    const config = { dataDir: tmpdir(), s3: settings };
    expect(fileStoreFor(config)).toBe(fileStoreFor(config));
    expect(fileStoreFor(config)).toBe(s3FileStore(settings));
  });
});

describe('S3 settings from the environment', () => {
  const s3Env = {
    S3_ENDPOINT: 'https://minio.plant.example:9000',
    S3_BUCKET: 'armature',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'very-secret-key-material',
    JWT_SECRET: 'x'.repeat(40),
  };

  it('reads the bucket when the four variables are set (region and path style defaulted)', () => {
    expect(loadConfig(s3Env, tmpdir()).s3).toEqual({
      endpoint: 'https://minio.plant.example:9000',
      bucket: 'armature',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret-key-material',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3Env, S3_REGION: 'cn-east-1', S3_FORCE_PATH_STYLE: 'false' }, tmpdir()).s3).toMatchObject({
      region: 'cn-east-1',
      forcePathStyle: false,
    });
    expect(loadConfig({ JWT_SECRET: s3Env.JWT_SECRET }, tmpdir()).s3).toBeUndefined();
  });

  it('refuses a partial or invalid setting without echoing a secret', () => {
    const { S3_BUCKET: _bucket, ...withoutBucket } = s3Env;
    expect(() => loadConfig(withoutBucket, tmpdir())).toThrow(ConfigError);
    expect(() => loadConfig(withoutBucket, tmpdir())).toThrow(/S3_BUCKET/);
    try {
      loadConfig({ ...s3Env, S3_ENDPOINT: 'ftp://nowhere' }, tmpdir());
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/S3_ENDPOINT/);
      expect(String(error)).not.toContain(s3Env.S3_SECRET_ACCESS_KEY);
    }
  });
});

describe.each(testDatabases())('part attachments in the bucket (%s)', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'armature-s3-app-'));
  const ctx = useTestApp(kind, { config: { dataDir, s3: settings } });

  it('keeps an upload in the bucket, not under DATA_DIR, and reads it back byte for byte', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/spareOarts',
      headers: admin,
      payload: { code: `S3-${kind}`, name: '桶中零件', unit: '件' },
    });
    const part = answerOf(created, withId);
    const pdf = await samplePdf('Drawing in a bucket');
    const body = multipartFile('drawing.pdf', pdf);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/spareOarts/${part.id}/attachments`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/spareOarts/${part.id}/attachments/${answerOf(uploaded, attachmentSchema).id}`,
      headers: admin,
    });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf)).toBe(true);
    expect(readdirSync(dataDir)).toEqual([]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/spareOarts/${part.id}/attachments/${answerOf(uploaded, attachmentSchema).id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('writes the demo pictures into the bucket at start', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const parts = await ctx.app.inject({ method: 'GET', url: '/api/spareOarts?filter=PLC-1214', headers: admin });
    const plc = answerOf(parts, pageOf(resourceItemSchema(sparePartResource))).items.find(
      (item) => item.code === 'PLC-1214',
    )!;
    const [picture] = answerOf(
      await ctx.app.inject({ method: 'GET', url: `/api/spareOarts/${plc.id}/attachments`, headers: admin }),
      z.array(attachmentSchema),
    );
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/spareOarts/${plc.id}/attachments/${picture!.id}`,
      headers: admin,
    });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.length).toBe(picture!.size);
  });
});
