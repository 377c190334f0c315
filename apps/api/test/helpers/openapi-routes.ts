import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.ts';
import { z } from 'zod';
import { answerOf } from './inject.ts';

/**
 * The API's routes as its OpenAPI document lists them: what the fuzz test and the tenancy sweep walk,
 * so a route added tomorrow is walked the day it is added.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  $ref?: string;
  required?: string[];
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  minItems?: number;
};
export type Parameter = { in: string; name: string; schema?: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Route = { method: Method; path: string; operation: Operation };

/** The part of `/api/docs/json` the sweeps read: each path's operations by method. */
const openApiDocSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.custom<Operation>((operation) => typeof operation === 'object' && operation !== null),
    ),
  ),
});

/** Every operation of `/api/docs/json`, one route per method and path (`/api/task/{id}/start`). */
export async function openApiRoutes(app: App): Promise<Route[]> {
  const doc = answerOf(await app.inject({ method: 'GET', url: '/api/docs/json' }), openApiDocSchema);
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      operation,
    })),
  );
}

export const queryNames = (route: Route): string[] =>
  (route.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);

/** A paged list: a GET taking `skipCount`. */
export const isList = (route: Route): boolean => route.method === 'GET' && queryNames(route).includes('skipCount');

export const isUpload = (route: Route): boolean =>
  Boolean(route.operation.requestBody?.content?.['multipart/form-data']);

/** The names of a route's path parameters, in order (`id`, `nodeId`…). */
export const pathParams = (route: Route): string[] =>
  [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/** The path with each parameter given a value as it is (the fuzz sends raw ones): one for all, or one per name. */
export function fillPath(path: string, values: string | Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    typeof values === 'string' ? values : (values[name] ?? ''),
  );
}

const SAMPLE_STRINGS: Record<string, () => string> = {
  date: () => '2026-12-01',
  'date-time': () => '2026-12-01T08:00:00.000Z',
  uuid: () => randomUUID(),
  email: () => 'sample@example.com',
};

/**
 * A value of the schema with only its required parts, plausible enough to pass validation where a
 * schema says enough (dates, uuids, minimums, lengths): what an id-bearing route gets as a body so
 * its answer is about the id, not the body.
 */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  const choice = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((each) => each.type !== 'null');
  if (choice) return sampleOf(choice);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part)));
  if (schema.enum?.length) return schema.enum[0];
  const type = [schema.type ?? 'object'].flat().find((each) => each !== 'null');
  switch (type) {
    case 'string':
      return SAMPLE_STRINGS[schema.format ?? '']?.() ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return Math.max(1, (schema.minimum ?? 0) + (schema.exclusiveMinimum === undefined ? 0 : 1));
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => sampleOf(schema.items)) : [];
    default:
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name])]));
  }
}

/** The JSON body a route declares, sampled (an empty object where it declares none). */
export const sampleBody = (route: Route): unknown =>
  sampleOf(route.operation.requestBody?.content?.['application/json']?.schema);
