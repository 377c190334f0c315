import { expect } from 'vitest';
import { z } from 'zod';
import {
  bomNodeSchema,
  DESIGN_BOM_ACTION_ENDPOINTS,
  designBomDetailSchema,
  idSchema,
  type DesignBomDetail,
} from '@armature/domain';
import { answerOf } from './inject.ts';
import type { App } from '../../src/app.ts';

export type Headers = Record<string, string>;
const partSchema = z.object({ id: idSchema, code: z.string() });
export type Part = z.output<typeof partSchema>;

let counter = 0;
/** A code no other test of the run uses (parts and BOMs are global data). */
export const uniqueCode = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();

/** Design BOM calls through HTTP as `headers`' user, each expecting its success status. */
export function bomClient(app: App, headers: Headers) {
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, extra: Headers = {}) =>
    app.inject({ method, url: `/api/${url}`, headers: { ...headers, ...extra }, payload });
  const expectStatus = async <S extends z.ZodType>(
    status: number,
    schema: S,
    response: Promise<Awaited<ReturnType<typeof inject>>>,
  ) => {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(status);
    return answerOf(answered, schema);
  };
  return {
    inject,
    /** A part of the library, through `POST /api/spareOarts`. */
    part: async (prefix: string, figures: { weight?: number | null; unitPrice?: number | null } = {}) =>
      expectStatus(
        201,
        partSchema,
        inject('POST', 'spareOarts', { code: uniqueCode(prefix), name: `${prefix} part`, unit: 'pc', ...figures }),
      ),
    create: (partId: string, code = uniqueCode('BOM')) =>
      expectStatus(201, designBomDetailSchema, inject('POST', 'designBOM', { code, name: `${code} machine`, partId })),
    detail: (id: string) => expectStatus(200, designBomDetailSchema, inject('GET', `designBOM/${id}`)),
    add: (bomId: string, parentNodeId: string, partId: string, quantity = 1) =>
      expectStatus(201, bomNodeSchema, inject('POST', `designBOM/${bomId}/nodes`, { parentNodeId, partId, quantity })),
    release: (id: string) =>
      expectStatus(200, DESIGN_BOM_ACTION_ENDPOINTS.release.response, inject('POST', `designBOM/${id}/release`)),
    copy: (id: string) => expectStatus(201, designBomDetailSchema, inject('POST', `designBOM/${id}/versions`)),
  };
}

/** A tree as shapes that survive copies and imports: depth, part and quantity in pre-order. */
export const shapeOf = (detail: DesignBomDetail) =>
  detail.nodes.map((node) => [node.depth, node.partCode, node.quantity, node.sortIndex]);
