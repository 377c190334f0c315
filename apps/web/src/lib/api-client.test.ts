import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, noContentSchema } from '@armature/domain';
import { ApiError, api, dispositionFileName, toSearchParams } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const itemSchema = z.object({ id: z.string(), name: z.string() });
const idParams = z.object({ id: z.string() });
const noParams = z.object({});
const things = {
  get: defineEndpoint({
    method: 'GET',
    path: 'things/:id',
    params: idParams,
    response: itemSchema,
    access: 'authenticated',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'things',
    params: noParams,
    body: z.object({ name: z.string() }),
    status: 201,
    response: itemSchema,
    access: 'authenticated',
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: 'things/:id',
    params: idParams,
    status: 204,
    response: noContentSchema,
    access: 'authenticated',
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: 'auth/refresh',
    params: noParams,
    body: z.object({}),
    response: itemSchema,
    access: 'public',
  }),
};
const getA = () => api.call(things.get, { params: { id: 'a' } });
const create = (name: string, options: { headers?: Record<string, string> } = {}) =>
  api.call(things.create, { params: {}, body: { name }, ...options });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('answers a read as its schema parses it', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'a', name: 'A', extra: true }));
    await expect(getA()).resolves.toEqual({ id: 'a', name: 'A' });
  });

  it('refuses an answer its schema refuses, naming the request and the field', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'a', name: 42 }));
    const error = await getA().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
    expect((error as ApiError).message).toMatch(/GET \/api\/things\/a/);
    expect((error as ApiError).message).toMatch(/name/);
  });

  it("parses a write's answer, and reads a 204 as nothing", async () => {
    fetchMock.mockResolvedValue(json(201, { id: 'b', name: 'B' }));
    await expect(create('B')).resolves.toEqual({ id: 'b', name: 'B' });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.call(things.delete, { params: { id: 'b' } })).resolves.toBeUndefined();
  });

  it('calls a declared endpoint: its path filled from the params, its body sent, its answer parsed', async () => {
    const rename = defineEndpoint({
      method: 'POST',
      path: 'things/:id/rename',
      params: z.object({ id: z.string() }),
      body: z.object({ name: z.string() }),
      response: itemSchema,
      access: 'authenticated',
    });
    fetchMock.mockResolvedValue(json(200, { id: 'a b', name: 'C', extra: 1 }));
    await expect(api.call(rename, { params: { id: 'a b' }, body: { name: 'C' } })).resolves.toEqual({
      id: 'a b',
      name: 'C',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/things\/a%20b\/rename$/);
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ name: 'C' }) });
  });

  it('still turns an error answer into its code and message', async () => {
    fetchMock.mockResolvedValue(json(404, { error: { code: 'not_found', message: 'Not found' } }));
    await expect(api.call(things.get, { params: { id: 'x' } })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  describe('when an API process dies or the database is briefly away', () => {
    const sentKey = (call: number) =>
      ((fetchMock.mock.calls[call] as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'];

    it('retries a write with the same Idempotency-Key after a 502 and a lost connection', async () => {
      fetchMock
        .mockResolvedValueOnce(new Response('bad gateway', { status: 502 }))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(json(201, { id: 'b', name: 'B' }));
      await expect(create('B')).resolves.toEqual({ id: 'b', name: 'B' });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(sentKey(0)).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set([sentKey(0), sentKey(1), sentKey(2)]).size).toBe(1);
    });

    it("keeps the caller's own key, and gives each new write a key of its own", async () => {
      fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
      await create('A', { headers: { 'Idempotency-Key': 'mine' } });
      await api.call(things.delete, { params: { id: 'a' } });
      await api.call(things.delete, { params: { id: 'a' } });
      expect(sentKey(0)).toBe('mine');
      expect(sentKey(1)).toBeDefined();
      expect(sentKey(2)).not.toBe(sentKey(1));
    });

    it('gives up after three retries with the last answer, localized as the server sent it', async () => {
      const unavailable = () =>
        json(503, { error: { code: 'database_unavailable', message: 'La base de données est indisponible' } });
      fetchMock.mockImplementation(async () => unavailable());
      await expect(getA()).rejects.toMatchObject({
        status: 503,
        code: 'database_unavailable',
        message: 'La base de données est indisponible',
      });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    }, 10_000);

    it('never retries an upload, a token-less call or an answer that is final', async () => {
      fetchMock.mockImplementation(async () => new Response('bad gateway', { status: 502 }));
      const form = new FormData();
      form.append('file', new Blob(['x']), 'x.abs');
      await expect(api.upload('things/import', form, itemSchema)).rejects.toMatchObject({ status: 502 });
      await expect(api.call(things.refresh, { params: {}, body: {}, tokenless: true })).rejects.toMatchObject({
        status: 502,
      });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(sentKey(0)).toBeUndefined();
      fetchMock.mockImplementation(async () => json(409, { error: { code: 'conflict', message: 'Conflict' } }));
      await expect(create('A')).rejects.toMatchObject({ status: 409 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });
  });

  it('sends query parameters as before: arrays repeated, empty values dropped', () => {
    expect(toSearchParams({ a: 1, b: ['x', 'y'], c: '', d: null, e: undefined, f: false })).toBe(
      '?a=1&b=x&b=y&f=false',
    );
    expect(toSearchParams({})).toBe('');
  });

  it('uploads a multipart form without a JSON content type, and parses the answer', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'c', name: 'C' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.abs');
    await expect(api.upload('things/import', form, itemSchema)).resolves.toEqual({ id: 'c', name: 'C' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('downloads a file with the name the server gave it', async () => {
    fetchMock.mockResolvedValue(
      new Response('BF2D@', {
        status: 200,
        headers: { 'Content-Disposition': `attachment; filename="a.abs"; filename*=UTF-8''%E8%AE%A2%E5%8D%95.abs` },
      }),
    );
    const file = await api.download('things/a/export', { format: 'bvbs' });
    expect(file.fileName).toBe('订单.abs');
    await expect(file.blob.text()).resolves.toBe('BF2D@');
    expect(dispositionFileName('attachment; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(dispositionFileName(null)).toBeUndefined();
  });
});
