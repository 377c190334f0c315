import { beforeAll, describe, expect, it } from 'vitest';
import { answerOf, errorOf } from './helpers/inject.ts';
import {
  bomCompareSchema,
  bomNodeSchema,
  bomSubtreeSchema,
  designBomDetailSchema,
  designBomPageSchema,
} from '@armature/domain';
import type { BomNode, DesignBomDetail } from '@armature/domain';
import { digitalTwinBoms, makeBoms } from '../src/modules/bom/index.ts';
import { loginAs } from './helpers/auth.ts';
import { bomClient, shapeOf, uniqueCode, type Headers, type Part } from './helpers/bom-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

describe.each(testDatabases())('design BOMs on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let api: ReturnType<typeof bomClient>;

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    api = bomClient(ctx.app, admin);
  });

  const nodeOf = (detail: DesignBomDetail, partId: string) => detail.nodes.find((node) => node.partId === partId)!;

  it('rolls up quantities, weights and costs per top-level unit (checked by hand)', async () => {
    const machine = await api.part('M', { weight: 10, unitPrice: 1000 });
    const arm = await api.part('A', { weight: 3, unitPrice: 50 });
    const screw = await api.part('S', { weight: 0.25, unitPrice: 1.1 });
    const base = await api.part('B', { weight: 1.5 });
    const created = await api.create(machine.id);
    expect(created).toMatchObject({ version: 1, status: 'draft', partId: machine.id, nodeCount: 1, basedOnId: null });
    const root = created.nodes[0]!;
    expect(root).toMatchObject({ parentId: null, depth: 0, quantity: 1, rolledQuantity: 1 });
    const armNode = await api.add(created.id, root.id, arm.id, 2);
    await api.add(created.id, armNode.id, screw.id, 4);
    await api.add(created.id, root.id, base.id, 3);

    const detail = await api.detail(created.id);
    expect(detail.nodes.map((node) => [node.partCode, node.depth, node.sortIndex, node.childCount])).toEqual([
      [machine.code, 0, 0, 2],
      [arm.code, 1, 0, 1],
      [screw.code, 2, 0, 0],
      [base.code, 1, 1, 0],
    ]);
    // Screws: 2 arms × 4 = 8 per machine, 8 × 0.25 kg = 2 kg, 8 × 1.10 = 8.80.
    expect(nodeOf(detail, screw.id)).toMatchObject({ rolledQuantity: 8, rolledWeight: 2, rolledCost: 8.8 });
    // Arms: 2 × 3 kg + 2 kg = 8 kg; 2 × 50 + 8.80 = 108.80.
    expect(nodeOf(detail, arm.id)).toMatchObject({ rolledQuantity: 2, rolledWeight: 8, rolledCost: 108.8 });
    // Base: 3 × 1.5 kg = 4.5 kg, no price.
    expect(nodeOf(detail, base.id)).toMatchObject({ rolledQuantity: 3, rolledWeight: 4.5, rolledCost: 0 });
    // The machine: 10 + 8 + 4.5 kg; 1000 + 108.80.
    expect(detail.totals).toEqual({ weight: 22.5, cost: 1108.8, distinctParts: 4 });

    const subtree = await ctx.app.inject({
      method: 'GET',
      url: `/api/designBOM/${created.id}/children/${armNode.id}`,
      headers: admin,
    });
    expect(subtree.statusCode).toBe(200);
    const { node, path, nodes } = answerOf(subtree, bomSubtreeSchema);
    expect(node).toMatchObject({ id: armNode.id, rolledQuantity: 2, rolledWeight: 8 });
    expect(path).toEqual([{ id: root.id, partCode: machine.code, partName: 'M part' }]);
    expect(nodes.map((each) => [each.partCode, each.rolledQuantity])).toEqual([
      [arm.code, 2],
      [screw.code, 8],
    ]);
    // A node of another BOM is none of this one's.
    const other = await api.create(arm.id);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/designBOM/${other.id}/children/${armNode.id}`,
      headers: admin,
    });
    expect(foreign.statusCode).toBe(404);
  });

  describe('cycles at depth 5', () => {
    let parts: Record<'M' | 'A' | 'B' | 'C' | 'D' | 'E' | 'F', Part>;
    let bom: DesignBomDetail;
    let chain: BomNode[];

    beforeAll(async () => {
      parts = Object.fromEntries(
        await Promise.all(['M', 'A', 'B', 'C', 'D', 'E', 'F'].map(async (code) => [code, await api.part(code)])),
      );
      bom = await api.create(parts.M.id);
      chain = [bom.nodes[0]!];
      for (const code of ['A', 'B', 'C', 'D', 'E'] as const)
        chain.push(await api.add(bom.id, chain.at(-1)!.id, parts[code].id));
      expect(chain.at(-1)?.depth).toBe(5);
    });

    it('refuses adding a part under itself at any depth, naming the path', async () => {
      const response = await api.inject('POST', `designBOM/${bom.id}/nodes`, {
        parentNodeId: chain.at(-1)!.id,
        partId: parts.A.id,
        quantity: 1,
      });
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('bom_cycle');
      const path = [parts.A, parts.B, parts.C, parts.D, parts.E, parts.A].map((part) => part.code).join(' > ');
      expect(error.message).toContain(path);
      const root = await api.inject('POST', `designBOM/${bom.id}/nodes`, {
        parentNodeId: chain.at(-1)!.id,
        partId: parts.M.id,
        quantity: 1,
      });
      expect(errorOf(root).code).toBe('bom_cycle');
      expect((await api.detail(bom.id)).nodeCount).toBe(6);
    });

    it('refuses moving a subtree that holds an ancestor of its new parent', async () => {
      const branch = await api.add(bom.id, chain[0]!.id, parts.F.id);
      await api.add(bom.id, branch.id, parts.C.id, 2);
      const response = await api.inject('POST', `designBOM/${bom.id}/nodes/${branch.id}/move`, {
        parentNodeId: chain.at(-1)!.id,
        index: 0,
      });
      expect(response.statusCode).toBe(400);
      const path = [parts.C, parts.D, parts.E, parts.F, parts.C].map((part) => part.code).join(' > ');
      expect(errorOf(response)).toMatchObject({ code: 'bom_cycle' });
      expect(errorOf(response).message).toContain(path);
      // Under itself or its own subtree: 400 on the new parent.
      const under = await api.inject('POST', `designBOM/${bom.id}/nodes/${chain[2]!.id}/move`, {
        parentNodeId: chain[4]!.id,
        index: 0,
      });
      expect(under.statusCode).toBe(400);
      expect(errorOf(under).details).toHaveProperty('parentNodeId');
      const root = await api.inject('POST', `designBOM/${bom.id}/nodes/${chain[0]!.id}/move`, {
        parentNodeId: chain[1]!.id,
        index: 0,
      });
      expect(root.statusCode).toBe(409);
      expect(errorOf(root).code).toBe('bom_root_node');
    });

    it('moves a node with its subtree: depths follow, both sibling lists are numbered again', async () => {
      const fresh = await api.create(parts.M.id);
      const rootId = fresh.nodes[0]!.id;
      const a = await api.add(fresh.id, rootId, parts.A.id);
      const b = await api.add(fresh.id, rootId, parts.B.id);
      const c = await api.add(fresh.id, rootId, parts.C.id);
      const d = await api.add(fresh.id, c.id, parts.D.id);
      await api.add(fresh.id, d.id, parts.E.id);
      const moved = await api.inject('POST', `designBOM/${fresh.id}/nodes/${a.id}/move`, {
        parentNodeId: d.id,
        index: 0,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(shapeOf(answerOf(moved, designBomDetailSchema))).toEqual([
        [0, parts.M.code, 1, 0],
        [1, parts.B.code, 1, 0],
        [1, parts.C.code, 1, 1],
        [2, parts.D.code, 1, 0],
        [3, parts.A.code, 1, 0],
        [3, parts.E.code, 1, 1],
      ]);
      // A drag within one list.
      const back = await api.inject('POST', `designBOM/${fresh.id}/nodes/${c.id}/move`, {
        parentNodeId: rootId,
        index: 0,
      });
      expect(
        answerOf(back, designBomDetailSchema)
          .nodes.filter((node) => node.depth === 1)
          .map((node) => [node.id, node.sortIndex]),
      ).toEqual([
        [c.id, 0],
        [b.id, 1],
      ]);
    });
  });

  it('freezes a released version and copies it into a new draft', async () => {
    const machine = await api.part('RM', { weight: 5 });
    const gear = await api.part('RG', { weight: 1 });
    const pin = await api.part('RP');
    const v1 = await api.create(machine.id);
    const gearNode = await api.add(v1.id, v1.nodes[0]!.id, gear.id, 2);
    await api.add(v1.id, gearNode.id, pin.id, 3);
    const released = await api.release(v1.id);
    expect(released).toMatchObject({ status: 'released', releasedByName: expect.any(String) });

    const writes: [string, 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['header', 'PUT', `designBOM/${v1.id}`, { name: 'Renamed' }],
      ['add', 'POST', `designBOM/${v1.id}/nodes`, { parentNodeId: gearNode.id, partId: machine.id, quantity: 1 }],
      ['update', 'PUT', `designBOM/${v1.id}/nodes/${gearNode.id}`, { quantity: 5 }],
      ['move', 'POST', `designBOM/${v1.id}/nodes/${gearNode.id}/move`, { parentNodeId: v1.nodes[0]!.id, index: 0 }],
      ['remove', 'DELETE', `designBOM/${v1.id}/nodes/${gearNode.id}`],
      ['release', 'POST', `designBOM/${v1.id}/release`],
      ['import', 'POST', `designBOM/${v1.id}/import`, { lines: [{ level: 1, partCode: pin.code, quantity: 1 }] }],
      ['delete', 'DELETE', `designBOM/${v1.id}`],
    ];
    for (const [what, method, url, payload] of writes) {
      const response = await api.inject(method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(409);
      expect(errorOf(response).code).toBe('bom_released');
    }
    const frozen = await api.detail(v1.id);
    expect(frozen).toMatchObject({ status: 'released', name: v1.name, nodeCount: 3 });
    expect(frozen.nodes.map((node) => node.quantity)).toEqual([1, 2, 3]);

    const v2 = await api.copy(v1.id);
    expect(v2).toMatchObject({ code: v1.code, version: 2, status: 'draft', basedOnId: v1.id, releasedAt: null });
    expect(shapeOf(v2)).toEqual(shapeOf(frozen));
    const oldIds = new Set(frozen.nodes.map((node) => node.id));
    expect(v2.nodes.some((node) => oldIds.has(node.id))).toBe(false);
    expect(v2.nodes[2]!.parentId).toBe(v2.nodes[1]!.id);
    expect(v2.totals).toEqual(frozen.totals);

    const again = await api.inject('POST', `designBOM/${v1.id}/versions`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'bom_draft_exists' });

    await api.release(v2.id);
    expect((await api.detail(v1.id)).status).toBe('obsolete');
    expect((await api.detail(v2.id)).status).toBe('released');
    const obsoleteWrite = await api.inject('PUT', `designBOM/${v1.id}/nodes/${gearNode.id}`, { quantity: 5 });
    expect(errorOf(obsoleteWrite).code).toBe('bom_released');

    const latest = await api.inject('GET', `designBOM?latestOnly=true&filter=${v1.code}`);
    expect(answerOf(latest, designBomPageSchema).items.map((item) => item.version)).toEqual([2]);
    const every = await api.inject('GET', `designBOM?filter=${v1.code}&sorting=version asc`);
    expect(answerOf(every, designBomPageSchema)).toMatchObject({
      totalCount: 2,
      items: [{ version: 1 }, { version: 2 }],
    });
  });

  it('compares two versions: added, removed and changed quantities', async () => {
    const [machine, a, b, c, d] = await Promise.all(['CM', 'CA', 'CB', 'CC', 'CD'].map((code) => api.part(code)));
    const v1 = await api.create(machine!.id);
    const root1 = v1.nodes[0]!.id;
    const a1 = await api.add(v1.id, root1, a!.id, 2);
    await api.add(v1.id, a1.id, b!.id, 4);
    await api.add(v1.id, root1, c!.id, 1);
    await api.release(v1.id);
    const v2 = await api.copy(v1.id);
    const find = (partId: string) => v2.nodes.find((node) => node.partId === partId)!;
    const changed = await api.inject('PUT', `designBOM/${v2.id}/nodes/${find(b!.id).id}`, { quantity: 6 });
    expect(answerOf(changed, bomNodeSchema)).toMatchObject({ quantity: 6, rolledQuantity: 12 });
    expect((await api.inject('DELETE', `designBOM/${v2.id}/nodes/${find(c!.id).id}`)).statusCode).toBe(204);
    await api.add(v2.id, v2.nodes[0]!.id, d!.id, 3);

    const response = await api.inject('GET', `designBOM/compare?left=${v1.id}&right=${v2.id}`);
    expect(response.statusCode).toBe(200);
    const comparison = answerOf(response, bomCompareSchema);
    expect(comparison.left.version).toBe(1);
    expect(comparison.right.version).toBe(2);
    expect(comparison.rows.map((row) => [row.path.join('/'), row.leftQuantity, row.rightQuantity, row.change])).toEqual(
      [
        [a!.code, 2, 2, 'same'],
        [`${a!.code}/${b!.code}`, 4, 6, 'changed'],
        [c!.code, 1, null, 'removed'],
        [d!.code, null, 3, 'added'],
      ],
    );
    expect(comparison.summary).toEqual({ added: 1, removed: 1, changed: 1 });
  });

  it('deletes subtrees and drafts, keeps the root and what other BOMs derive from', async () => {
    const [machine, a, b] = await Promise.all(['DM', 'DA', 'DB'].map((code) => api.part(code)));
    const bom = await api.create(machine!.id);
    const root = bom.nodes[0]!;
    const first = await api.add(bom.id, root.id, a!.id);
    await api.add(bom.id, first.id, b!.id);
    const second = await api.add(bom.id, root.id, b!.id);
    const rootDelete = await api.inject('DELETE', `designBOM/${bom.id}/nodes/${root.id}`);
    expect(rootDelete.statusCode).toBe(409);
    expect(errorOf(rootDelete).code).toBe('bom_root_node');
    expect((await api.inject('DELETE', `designBOM/${bom.id}/nodes/${first.id}`)).statusCode).toBe(204);
    const left = await api.detail(bom.id);
    expect(left.nodes.map((node) => [node.id, node.sortIndex])).toEqual([
      [root.id, 0],
      [second.id, 0],
    ]);
    const rootUpdate = await api.inject('PUT', `designBOM/${bom.id}/nodes/${root.id}`, { quantity: 7, remark: 'top' });
    expect(answerOf(rootUpdate, bomNodeSchema)).toMatchObject({ quantity: 1, remark: 'top' });

    // A manufacturing BOM and a twin BOM derived from the design BOM keep it.
    const twinCode = uniqueCode('TW');
    await ctx.app.db.insert(makeBoms).values({ designBomId: bom.id, name: 'Derived routing' });
    await ctx.app.db.insert(digitalTwinBoms).values({ designBomId: bom.id, code: twinCode, name: 'Twin' });
    const used = await api.inject('DELETE', `designBOM/${bom.id}`);
    expect(used.statusCode).toBe(409);
    expect(errorOf(used).code).toBe('in_use');
    expect(errorOf(used).message).toContain('Derived routing');
    expect(errorOf(used).message).toContain(twinCode);

    const spare = await api.create(a!.id);
    await api.add(spare.id, spare.nodes[0]!.id, b!.id);
    expect((await api.inject('DELETE', `designBOM/${spare.id}`)).statusCode).toBe(204);
    expect((await api.inject('GET', `designBOM/${spare.id}`)).statusCode).toBe(404);
  });

  it('checks the input: duplicate codes, unknown parts, a parent of another BOM', async () => {
    const [machine, other] = await Promise.all(['VM', 'VO'].map((code) => api.part(code)));
    const bom = await api.create(machine!.id);
    const duplicate = await api.inject('POST', 'designBOM', { code: bom.code, name: 'Again', partId: machine!.id });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate)).toMatchObject({ code: 'duplicate', details: { code: expect.any(Array) } });
    const unknownPart = await api.inject('POST', 'designBOM', {
      code: uniqueCode('X'),
      name: 'X',
      partId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownPart.statusCode).toBe(400);
    expect(errorOf(unknownPart).details).toHaveProperty('partId');
    const otherBom = await api.create(other!.id);
    const foreignParent = await api.inject('POST', `designBOM/${bom.id}/nodes`, {
      parentNodeId: otherBom.nodes[0]!.id,
      partId: other!.id,
      quantity: 1,
    });
    expect(foreignParent.statusCode).toBe(400);
    expect(errorOf(foreignParent).details).toHaveProperty('parentNodeId');
    const badQuantity = await api.inject('POST', `designBOM/${bom.id}/nodes`, {
      parentNodeId: bom.nodes[0]!.id,
      partId: other!.id,
      quantity: 0.0001,
    });
    expect(badQuantity.statusCode).toBe(400);
    expect(errorOf(badQuantity).details).toHaveProperty('quantity');
    expect((await api.detail(bom.id)).nodeCount).toBe(1);
  });

  it('applies a retried add-node once (same Idempotency-Key, same answer)', async () => {
    const [machine, a] = await Promise.all(['IM', 'IA'].map((code) => api.part(code)));
    const bom = await api.create(machine!.id);
    const payload = { parentNodeId: bom.nodes[0]!.id, partId: a!.id, quantity: 2 };
    const key = { 'idempotency-key': `bom-node-${bom.id}` };
    const first = await api.inject('POST', `designBOM/${bom.id}/nodes`, payload, key);
    const retry = await api.inject('POST', `designBOM/${bom.id}/nodes`, payload, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(answerOf(retry, bomNodeSchema).id).toBe(answerOf(first, bomNodeSchema).id);
    expect((await api.detail(bom.id)).nodeCount).toBe(2);
  });

  it('applies a retried create and a retried delete once (same Idempotency-Key, same answer)', async () => {
    const machine = await api.part('IC');
    const code = uniqueCode('IC');
    const payload = { code, name: `${code} machine`, partId: machine.id };
    const createKey = { 'idempotency-key': `bom-create-${code}` };
    const first = await api.inject('POST', 'designBOM', payload, createKey);
    const retry = await api.inject('POST', 'designBOM', payload, createKey);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const created = answerOf(first, designBomDetailSchema);
    expect(answerOf(retry, designBomDetailSchema).id).toBe(created.id);

    const deleteKey = { 'idempotency-key': `bom-delete-${code}` };
    const removed = await api.inject('DELETE', `designBOM/${created.id}`, undefined, deleteKey);
    const again = await api.inject('DELETE', `designBOM/${created.id}`, undefined, deleteKey);
    expect(removed.statusCode).toBe(204);
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await api.inject('GET', `designBOM/${created.id}`)).statusCode).toBe(404);
  });

  it('is the maker’s: a plant user gets 403', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/designBOM', headers: planner });
    expect(list.statusCode).toBe(403);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/designBOM',
      headers: planner,
      payload: { code: 'NOPE', name: 'Nope', partId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(create.statusCode).toBe(403);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/designBOM/all', headers: admin });
    expect(all.statusCode).toBe(200);
  });
});
