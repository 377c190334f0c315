import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { seededRandom } from '@armature/domain';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/core/db/client.ts';
import { listedProductsSchema, loginAs } from './helpers/auth.ts';
import {
  fillPath,
  isList,
  isUpload,
  openApiRoutes,
  queryNames,
  type JsonSchema,
  type Route,
} from './helpers/openapi-routes.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, errorBodySchema } from './helpers/inject.ts';

/**
 * A fuzz test over the OpenAPI document. For every write route (POST, PUT, DELETE) and every
 * list route (a GET taking `skipCount`), generated bad bodies, queries and path parameters — NUL and
 * control characters, 1 MB strings, NaN and ±1e308, wrong types, `__proto__` / `constructor` keys,
 * unknown fields, invalid dates — must never answer 5xx, must answer every error in the one shape,
 * and must store nothing: every table keeps its row count.
 *
 * `npm test` runs a bounded sample (FUZZ_CASES cases per route, 8 by default, drawn with a fixed seed).
 * The long run takes every generated case of every route:
 *   FUZZ_LONG=1 npx vitest run --project api test/openapi-fuzz.test.ts
 * FUZZ_SEED=<n> draws another sample.
 */
const LONG = process.env.FUZZ_LONG === '1';
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 10);
/**
 * The long run sends thousands of requests; the bounded one about a thousand (8 per route over some
 * 170 routes), which on a busy two-core machine takes more than the project's default minute.
 */
const LONG_TIMEOUT = LONG ? 60 * 60_000 : 5 * 60_000;

type Case = { url: string; payload?: string | Buffer; label: string; contentType?: string };

const MEGABYTE = 'x'.repeat(1024 * 1024);
const HALF_MEGABYTE = 'y'.repeat(512 * 1024);

/** Strings no text field takes. */
const BAD_STRINGS = ['a\u0000b', '\u0000', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', MEGABYTE, HALF_MEGABYTE];
const INVALID_DATES = ['2026-02-30', '2026-13-01', 'not-a-date', '2026-11-21T25:61:00Z', '0000-00-00'];
/** Raw JSON values: NaN, Infinity are not JSON at all; the others are of the wrong type or out of range. */
const RAW_NUMBERS = ['NaN', 'Infinity', '-Infinity', '1e308', '-1e308', '1e-320', '1.5', '"12"'];
const WRONG_TYPES = ['{}', '[]', 'true', 'null', '"__proto__"', '{"__proto__":{"polluted":1}}'];

function typesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = schema.type ? [schema.type].flat() : [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(typesOf);
  return [...new Set([...own, ...nested, ...(schema.enum ? ['enum'] : [])])];
}

const isDateLike = (name: string, schema: JsonSchema | undefined) =>
  /date|time/i.test(name) || /date/.test(schema?.format ?? '');

/** Raw JSON texts of values a property of this schema must refuse. */
function badValuesFor(name: string, schema: JsonSchema | undefined): string[] {
  const types = typesOf(schema);
  const values: string[] = [];
  if (types.includes('string') || types.includes('enum') || types.length === 0)
    values.push(...BAD_STRINGS.map((value) => JSON.stringify(value)), '1e308', '{}', '[]', 'true');
  if (types.includes('number') || types.includes('integer'))
    values.push(...RAW_NUMBERS, JSON.stringify('a\u0000'), '{}', '[]');
  if (types.includes('boolean')) values.push('"true"', '1', '{}');
  if (types.includes('array')) values.push('"not a list"', '[1e308]', JSON.stringify(['a\u0000b']), '{"0":1}');
  if (types.includes('object')) values.push('"x"', '[]', '{"__proto__":{"polluted":1}}');
  if (isDateLike(name, schema)) values.push(...INVALID_DATES.map((value) => JSON.stringify(value)));
  if (values.length === 0) values.push(...WRONG_TYPES);
  return values;
}

/** Bodies of a write route: wrong top-level types, each property given a bad value, prototype keys. */
function badBodies(schema: JsonSchema | undefined): { payload: string; label: string }[] {
  const bodies = [
    ...['[]', '"text"', '1e308', 'NaN', 'true', 'null', '{"a":', '\u0000'].map((payload) => ({
      payload,
      label: `body ${payload.slice(0, 12)}`,
    })),
    { payload: '{"__proto__":{"isAdmin":true}}', label: '__proto__ key' },
    { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', label: 'constructor.prototype key' },
  ];
  for (const [name, property] of Object.entries(schema?.properties ?? {}))
    for (const value of badValuesFor(name, property)) {
      const label = `${name}=${value.slice(0, 24)}`;
      bodies.push({ payload: `{${JSON.stringify(name)}:${value}}`, label });
      // The same bad value beside unknown and prototype-named fields.
      bodies.push({
        payload: `{${JSON.stringify(name)}:${value},"unknownField":"x","constructor":{"name":"y"}}`,
        label: `${label} + unknown fields`,
      });
    }
  return bodies;
}

/** Query values a list must refuse or treat as plain text (never a 5xx). */
const BAD_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%07',
  '%1B',
  'NaN',
  '1e308',
  '-1e308',
  'Infinity',
  '-1',
  '1.5',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty%20desc',
  '2026-02-30',
  'not-a-date',
  '%E0%A4%A',
  encodeURIComponent('x'.repeat(100_000)),
];

const BOUNDARY = '----fuzz0123456789';

/** A multipart body of `parts` (name, optional file name, content), closed or not. */
function multipart(parts: { name: string; fileName?: string; content: string | Buffer }[], closed = true): Buffer {
  const chunks = parts.flatMap(({ name, fileName, content }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(closed ? `--${BOUNDARY}--\r\n` : '')]);
}

/**
 * Uploads an upload route (multipart/form-data, one file in `file`) must refuse or read without
 * storing anything: no file, the wrong field, several files, empty, binary, NUL and huge names,
 * unterminated and malformed bodies, a missing boundary.
 */
function badUploads(url: string): Case[] {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const binary = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const bodies: [string, Buffer | string, string?][] = [
    ['no parts', `--${BOUNDARY}--\r\n`],
    ['field only', multipart([{ name: 'file', content: 'BF2D@' }])],
    ['other field', multipart([{ name: 'upload', fileName: 'a.abs', content: 'BF2D@Hj@C65@' }])],
    [
      'two files',
      multipart([
        { name: 'file', fileName: 'a.abs', content: 'x' },
        { name: 'file', fileName: 'b.abs', content: 'y' },
      ]),
    ],
    ['empty file', multipart([{ name: 'file', fileName: 'a.abs', content: '' }])],
    ['binary file', multipart([{ name: 'file', fileName: 'a.xlsx', content: binary }])],
    ['zip magic', multipart([{ name: 'file', fileName: 'a.xlsx', content: Buffer.from('PK\u0003\u0004garbage') }])],
    ['NUL in name', multipart([{ name: 'file', fileName: 'a\u0000.abs', content: 'BF2D@' }])],
    [
      'long name',
      multipart([{ name: 'file', fileName: `${'n'.repeat(100_000)}.csv`, content: 'Mark,Diameter\nA,12' }]),
    ],
    ['NUL in text', multipart([{ name: 'file', fileName: 'a.csv', content: 'Mark,Diameter\nA\u0000,12' }])],
    ['prototype header', multipart([{ name: 'file', fileName: 'a.csv', content: '__proto__,constructor\n1,2' }])],
    ['unterminated', multipart([{ name: 'file', fileName: 'a.abs', content: 'BF2D@' }], false)],
    ['garbage', 'not multipart at all'],
    ['no boundary', multipart([{ name: 'file', fileName: 'a.abs', content: 'x' }]), 'multipart/form-data'],
  ];
  return bodies.map(([label, payload, contentType]) => ({
    url,
    payload,
    label: `upload: ${label}`,
    contentType: contentType ?? type,
  }));
}

function casesOf(route: Route): Case[] {
  const cases: Case[] = [];
  const ids = [randomUUID(), 'a'.repeat(300), '%00', '__proto__', '1e308', 'not-a-uuid'];
  const hasPathParams = route.path.includes('{');
  const basePath = fillPath(route.path, randomUUID());
  if (route.method === 'GET') {
    for (const name of queryNames(route))
      for (const value of BAD_QUERY_VALUES)
        cases.push({ url: `${basePath}?${name}=${value}`, label: `${name}=${value.slice(0, 20)}` });
    cases.push({ url: `${basePath}?skipCount=1&skipCount=2&maxResultCount=a`, label: 'repeated keys' });
    return cases;
  }
  if (hasPathParams)
    for (const id of ids)
      cases.push({ url: fillPath(route.path, id), payload: '{}', label: `path ${id.slice(0, 12)}` });
  if (route.operation.requestBody?.content?.['multipart/form-data']) cases.push(...badUploads(basePath));
  const schema = route.operation.requestBody?.content?.['application/json']?.schema;
  if (schema || route.method !== 'DELETE')
    for (const body of badBodies(schema)) cases.push({ url: basePath, payload: body.payload, label: body.label });
  return cases;
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: table } of result.rows) {
    const counted = (await db.execute(sql.raw(`select count(*)::int as value from "${table}"`))) as unknown as {
      rows: { value: number }[];
    };
    counts[table] = Number(counted.rows[0]?.value ?? 0);
  }
  return counts;
}

describe.each(testDatabases())('fuzzing the OpenAPI routes on %s', (kind) => {
  const ctx = useTestApp(kind);

  it(
    'answers generated bad input with 4xx in the one error shape, and stores nothing',
    async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const products = answerOf(
        await ctx.app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
        listedProductsSchema,
      );
      const line1 = products.find((product) => product.code === 'LINE1')!;
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/client/set-currentUser-productId',
        headers: admin,
        payload: { clientId: line1.clientId, productId: line1.id },
      });
      const routes = await openApiRoutes(ctx.app);
      const fuzzed = routes.filter((route) => ['POST', 'PUT', 'DELETE'].includes(route.method) || isList(route));
      expect(fuzzed.filter((route) => route.method !== 'GET').length).toBeGreaterThan(30);
      expect(fuzzed.filter(isList).length).toBeGreaterThan(10);

      // Deterministic draws, so a failing sample is replayed with its seed.
      const draw = seededRandom(SEED);
      const plan = fuzzed.map((route) => {
        const all = casesOf(route);
        const cases = LONG
          ? all
          : Array.from({ length: Math.min(CASES_PER_ROUTE, all.length) }, () => all[Math.floor(draw() * all.length)]!);
        return { route, cases };
      });
      // Logout's body is optional: an empty one ends the caller's sign-in. Its cases get sign-ins of their own.
      const isLogout = (route: Route) => route.path === '/api/account/logout';
      // An upload preview answers a readable file with its problems (200) and stores nothing: the row
      // counts below hold it to that.
      expect(fuzzed.filter(isUpload).length).toBeGreaterThan(0);
      const spareSessions: { authorization: string }[] = [];
      for (const { cases } of plan.filter(({ route }) => isLogout(route)))
        for (const _ of cases) spareSessions.push(await loginAs(ctx.app, 'admin'));

      const before = await rowCounts(ctx.handle.db);
      const failures: string[] = [];
      let requests = 0;
      const statuses = new Map<number, number>();
      const started = Date.now();
      for (const { route, cases } of plan) {
        for (const fuzzCase of cases) {
          const session = isLogout(route) ? (spareSessions.pop() ?? admin) : admin;
          requests++;
          const response = await ctx.app.inject({
            method: route.method,
            url: fuzzCase.url,
            headers: {
              ...session,
              'accept-language': 'en-US',
              ...(fuzzCase.payload === undefined ? {} : { 'content-type': fuzzCase.contentType ?? 'application/json' }),
            },
            ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const where = `${route.method} ${route.path} [${fuzzCase.label}] → ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`${where} ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400) {
            if (!errorBodySchema.safeParse(response.json()).success)
              failures.push(`${where} not in the error shape: ${response.body.slice(0, 200)}`);
          } else if (route.method !== 'GET' && !isLogout(route) && !isUpload(route))
            failures.push(`${where}: bad input accepted`);
        }
      }
      const seconds = (Date.now() - started) / 1000;
      const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      console.info(
        `fuzz on ${kind}: ${requests} requests over ${fuzzed.length} routes in ${seconds.toFixed(1)} s (${histogram.join(', ')})`,
      );
      expect(failures).toEqual([]);
      expect(await rowCounts(ctx.handle.db)).toEqual(before);
      // The caller's session survived all of it.
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/account/current-user', headers: admin })).statusCode,
      ).toBe(200);
    },
    LONG_TIMEOUT,
  );
});
