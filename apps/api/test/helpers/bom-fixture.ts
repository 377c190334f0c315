import { expect } from 'vitest';
import type { BomNode, DesignBomDetail } from '@armature/domain';
import type { App } from '../../src/app.ts';

export type Headers = Record<string, string>;
export type Part = { id: string; code: string };

let counter = 0;
/** A code no other test of the run uses (parts and BOMs are global data). */
export const uniqueCode = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();

/** Design BOM calls through HTTP as `headers`' user, each expecting its success status. */
export function bomClient(app: App, headers: Headers) {
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, extra: Headers = {}) =>
    app.inject({ method, url: `/api/${url}`, headers: { ...headers, ...extra }, payload });
  const expectStatus = async <T>(status: number, response: Promise<Awaited<ReturnType<typeof inject>>>) => {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(status);
    return answered.statusCode === 204 ? (undefined as T) : answered.json<T>();
  };
  return {
    inject,
    /** A part of the library, through `POST /api/spareOarts`. */
    part: async (prefix: string, figures: { weight?: number | null; unitPrice?: number | null } = {}) =>
      expectStatus<Part>(
        201,
        inject('POST', 'spareOarts', { code: uniqueCode(prefix), name: `${prefix} part`, unit: 'pc', ...figures }),
      ),
    create: (partId: string, code = uniqueCode('BOM')) =>
      expectStatus<DesignBomDetail>(201, inject('POST', 'designBOM', { code, name: `${code} machine`, partId })),
    detail: (id: string) => expectStatus<DesignBomDetail>(200, inject('GET', `designBOM/${id}`)),
    add: (bomId: string, parentNodeId: string, partId: string, quantity = 1) =>
      expectStatus<BomNode>(201, inject('POST', `designBOM/${bomId}/nodes`, { parentNodeId, partId, quantity })),
    release: (id: string) => expectStatus(200, inject('POST', `designBOM/${id}/release`)),
    copy: (id: string) => expectStatus<DesignBomDetail>(201, inject('POST', `designBOM/${id}/versions`)),
  };
}

/** A tree as shapes that survive copies and imports: depth, part and quantity in pre-order. */
export const shapeOf = (detail: DesignBomDetail) =>
  detail.nodes.map((node) => [node.depth, node.partCode, node.quantity, node.sortIndex]);
