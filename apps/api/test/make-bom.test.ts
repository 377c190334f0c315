import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { answerOf, errorOf, withId } from './helpers/inject.ts';
import { designBomDetailSchema, makeBomDetailSchema, makeBomPageSchema } from '@armature/domain';
import { loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases())('manufacturing BOMs (%s)', (kind) => {
  const ctx = useTestApp(kind);
  // One sign-in for the file: parallel requests (the parts of a design, made at once) each signing the admin in
  // again raced each other's sign-in bookkeeping on PostgreSQL (a 409, then the lockout's 429) in a fresh clone.
  let admin: ReturnType<typeof loginAs> | undefined;
  const as = async (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url: `/api/${url}`,
      headers: { ...(await (admin ??= loginAs(ctx.app, 'admin'))), ...headers },
      payload,
    });
  const sent = async (method: Method, url: string, payload: object) => {
    const response = await as(method, url, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const created = async <S extends z.ZodType>(schema: S, method: Method, url: string, payload: object) =>
    answerOf(await sent(method, url, payload), schema);
  const part = (code: string, fields: object = {}) =>
    created(withId, 'POST', 'spareOarts', { code, name: code, unit: '件', ...fields });

  /** A small design BOM by hand: ROOT → A × 2 (5 kg, 100) → B × 3 (1 kg, 10, bought); ROOT → C × 1 (no figures). */
  async function smallDesign(code: string) {
    const [root, a, b, c] = await Promise.all([
      part(`${code}-R`),
      part(`${code}-A`, { weight: 5, unitPrice: 100 }),
      part(`${code}-B`, { weight: 1, unitPrice: 10, supplier: '外协厂' }),
      part(`${code}-C`),
    ]);
    const design = await created(designBomDetailSchema, 'POST', 'designBOM', {
      code,
      name: `${code} 样机`,
      partId: root.id,
    });
    const rootNode = design.nodes[0]!.id;
    const nodeA = await created(withId, 'POST', `designBOM/${design.id}/nodes`, {
      parentNodeId: rootNode,
      partId: a.id,
      quantity: 2,
    });
    await sent('POST', `designBOM/${design.id}/nodes`, { parentNodeId: nodeA.id, partId: b.id, quantity: 3 });
    await sent('POST', `designBOM/${design.id}/nodes`, { parentNodeId: rootNode, partId: c.id, quantity: 1 });
    return design.id;
  }

  it('derives only from a released design BOM, copying its tree with roll-ups and make-or-buy', async () => {
    const designId = await smallDesign(`MK${kind.slice(0, 2).toUpperCase()}`);
    const refused = await as('POST', 'makeBOM', { designBomId: designId });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('bom_not_released');
    expect((await as('POST', `designBOM/${designId}/release`)).statusCode).toBe(200);

    const derived = await as('POST', 'makeBOM', { designBomId: designId });
    expect(derived.statusCode).toBe(201);
    const bom = answerOf(derived, makeBomDetailSchema);
    expect(bom).toMatchObject({ designBomId: designId, designVersion: 1, nodeCount: 4 });
    expect(bom.code).toMatch(/^MK.. v1$/);
    const byCode = Object.fromEntries(bom.nodes.map((node) => [node.partCode.split('-')[1], node]));
    // By hand: A 2 per unit, B 2 × 3 = 6; root weight 2 × 5 + 6 × 1 = 16 kg, cost 2 × 100 + 6 × 10 = 260.
    expect(bom.nodes.map((node) => node.partCode.split('-')[1])).toEqual(['R', 'A', 'B', 'C']);
    expect(byCode.R).toMatchObject({
      rolledQuantity: 1,
      rolledWeight: 16,
      rolledCost: 260,
      childCount: 2,
      makeOrBuy: 'make',
    });
    expect(byCode.A).toMatchObject({ rolledQuantity: 2, rolledWeight: 16, rolledCost: 260, makeOrBuy: 'make' });
    expect(byCode.B).toMatchObject({ rolledQuantity: 6, rolledWeight: 6, rolledCost: 60, makeOrBuy: 'buy' });
    expect(byCode.C).toMatchObject({ rolledQuantity: 1, rolledWeight: 0, makeOrBuy: 'make', techniqueIds: [] });

    const unknown = await as('POST', 'makeBOM', { designBomId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details).toHaveProperty('designBomId');

    const listed = answerOf(await as('GET', `makeBOM?designBomId=${designId}`), makeBomPageSchema);
    expect(listed.totalCount).toBe(1);
    expect(listed.items[0]!.id).toBe(bom.id);
  });

  it('updates a node’s process data; techniques must exist, and one in use cannot be deleted', async () => {
    const designId = await smallDesign(`MN${kind.slice(0, 2).toUpperCase()}`);
    await as('POST', `designBOM/${designId}/release`);
    const bom = await created(makeBomDetailSchema, 'POST', 'makeBOM', { designBomId: designId });
    const node = bom.nodes.find((each) => each.partCode.endsWith('-A'))!;
    const technique = await created(withId, 'POST', 'technique', {
      code: `TW${kind.slice(0, 2).toUpperCase()}`,
      name: '焊接组对',
    });

    const bad = await as('PUT', `makeBOM/${bom.id}/nodes/${node.id}`, {
      techniqueIds: [technique.id, '00000000-0000-4000-8000-000000000000'],
      makeOrBuy: 'make',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details).toHaveProperty('techniqueIds');

    const updated = await as('PUT', `makeBOM/${bom.id}/nodes/${node.id}`, {
      techniqueIds: [technique.id, technique.id],
      sequence: 20,
      workCentre: 'GJW-16 剪切生产线',
      makeOrBuy: 'buy',
    });
    expect(updated.statusCode).toBe(200);
    const after = answerOf(updated, makeBomDetailSchema).nodes.find((each) => each.id === node.id)!;
    expect(after).toMatchObject({
      techniqueIds: [technique.id],
      techniqueNames: ['焊接组对'],
      sequence: 20,
      workCentre: 'GJW-16 剪切生产线',
      makeOrBuy: 'buy',
    });
    expect(answerOf(updated, makeBomDetailSchema).lastModificationTime).not.toBeNull();

    const inUse = await as('DELETE', `technique/${technique.id}`, undefined, { 'accept-language': 'en-US' });
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).message).toContain('Manufacturing BOMs (1)');

    const elsewhere = await as('PUT', `makeBOM/${bom.id}/nodes/00000000-0000-4000-8000-000000000000`, {
      techniqueIds: [],
      makeOrBuy: 'make',
    });
    expect(elsewhere.statusCode).toBe(404);

    expect((await as('DELETE', `makeBOM/${bom.id}`)).statusCode).toBe(204);
    expect((await as('GET', `makeBOM/${bom.id}`)).statusCode).toBe(404);
    expect((await as('DELETE', `technique/${technique.id}`)).statusCode).toBe(204);
  });

  it('exports the routing sheet as .xlsx with headers in the caller’s language', async () => {
    const page = answerOf(await as('GET', 'makeBOM?filter=GJW16'), makeBomPageSchema);
    const demo = page.items.find((item) => item.code === 'GJW16 v1')!;
    const detail = answerOf(await as('GET', `makeBOM/${demo.id}`), makeBomDetailSchema);
    const file = await as('GET', `makeBOM/${demo.id}/export`, undefined, { 'accept-language': 'en-US' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Level',
      'Part code',
      'Part name',
      'Quantity',
      'Unit',
      'Techniques',
      'Sequence',
      'Work centre',
      'Make or buy',
    ]);
    expect(sheet.rowCount).toBe(detail.nodes.length + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe('GJW16');
    const rollers = detail.nodes.findIndex((node) => node.partCode === 'RL-F60');
    expect(sheet.getRow(rollers + 2).getCell(2).value).toBe('    RL-F60');
    expect(sheet.getRow(rollers + 2).getCell(4).value).toBe(24);
    const motors = detail.nodes.findIndex((node) => node.partCode === 'MT-AS75');
    expect(sheet.getRow(motors + 2).getCell(9).value).toBe('Buy');
  });

  it('is the maker’s: a plant user gets 403', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    for (const [method, url] of [
      ['GET', 'makeBOM'],
      ['POST', 'makeBOM'],
      ['GET', 'makeBOM/00000000-0000-4000-8000-000000000000'],
      ['GET', 'makeBOM/00000000-0000-4000-8000-000000000000/export'],
      ['DELETE', 'makeBOM/00000000-0000-4000-8000-000000000000'],
    ] as const)
      expect((await ctx.app.inject({ method, url: `/api/${url}`, headers: planner, payload: {} })).statusCode).toBe(
        403,
      );
  });
});
