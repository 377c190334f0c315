import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  RESOURCES,
  idSchema,
  isRequired,
  pagedResultSchema,
  productResource,
  productSettingResource,
  referrersOf,
  resourceByName,
  resourceItemSchema,
  resourcePageSchema,
  type FieldDef,
  type Resource,
} from '@armature/domain';
import { createUser, loginAs, selectProduct, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, injectorFor, pageOf } from './helpers/inject.ts';

type Headers = { authorization: string };
/** A record of any resource, kept whole: its id and concurrency token, and every other field as it came. */
const itemSchema = z.looseObject({ id: idSchema, lastModificationTime: z.string().nullable() });
type Item = z.output<typeof itemSchema>;

const ALL = RESOURCES as readonly Resource[];
const editable = (resource: Resource) =>
  (Object.entries(resource.fields) as [string, FieldDef][]).filter(([, field]) => !field.readOnly && !field.makerOnly);

/** Values breaking each resource's cross-field check. */
const CHECK_BREAKERS: Record<string, Record<string, unknown>> = {
  inspectionType: { lowerTolerance: 2, upperTolerance: 1 },
  productSetting: { wasteLength: 800, minTailLength: 700 },
  rebar: { wasteLength: 800, minTailLength: 700 },
  maintenanceVisit: { visitDate: '2026-11-20', nextVisitDate: '2026-11-19' },
};

/** Bad values per field kind: each must answer 400 naming the field. */
function badValues(field: FieldDef): unknown[] {
  switch (field.kind) {
    case 'code':
      return ['bad code!', 'X'.repeat(33)];
    case 'text':
      return ['x'.repeat(field.max + 1)];
    case 'telephone':
      return ['call me'];
    case 'int':
      return [field.min + 0.5, field.max + 1, field.min - 1];
    case 'decimal':
      return [field.max + 1, field.min + 10 ** -(field.scale + 1)];
    case 'enum':
      return ['nope'];
    case 'reference':
      return [randomUUID()];
    case 'intList':
      return [['x'], [field.max + 1]];
    case 'date':
      return ['2026-02-30', '20.11.2026', '2026-11-20T08:00:00Z'];
    case 'partList':
      return [[{ id: randomUUID(), quantity: 1 }], [{ id: 'x', quantity: 1 }], 'x'];
  }
}

describe.each(testDatabases())('generic resources on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  /** An admin working in LINE2: product-scoped records of LINE1 are not theirs. */
  let otherPlant: Headers;
  /** A signed-in user holding no permission at all. */
  let nobody: Headers;
  let lines: { LINE1: { id: string; clientId: string }; LINE2: { id: string; clientId: string } };

  const inject = injectorFor(ctx);

  const select = (headers: Headers, product: { id: string; clientId: string }) =>
    selectProduct(ctx.app, headers, product);

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    const byCode = (code: string) => products.find((product) => product.code === code)!;
    lines = { LINE1: byCode('LINE1'), LINE2: byCode('LINE2') };
    await select(admin, lines.LINE1);
    const other = await createUser(ctx.app, admin, { roleNames: ['admin'] });
    otherPlant = await loginAs(ctx.app, other.userName, other.password);
    await select(otherPlant, lines.LINE2);
    const roleName = uniqueName('none');
    expect((await inject('POST', 'roles', admin, { name: roleName })).statusCode).toBe(201);
    const plain = await createUser(ctx.app, admin, { roleNames: [roleName], productIds: [lines.LINE1.id] });
    nobody = await loginAs(ctx.app, plain.userName, plain.password);
    await select(nobody, lines.LINE1);
  });

  /** A valid value of the field; references get a fresh target record. */
  async function validValue(field: FieldDef): Promise<unknown> {
    switch (field.kind) {
      case 'code':
        return uniqueName('R').toUpperCase();
      case 'text':
        return uniqueName('t').slice(0, field.max);
      case 'telephone':
        return '+86 21 5555 0101';
      case 'int':
        return field.min;
      case 'decimal':
        return Math.min(field.max, Math.max(field.min, 1));
      case 'enum':
        return Object.keys(field.options)[0];
      case 'reference':
        return (await create(resourceByName(field.to))).id;
      case 'intList':
        return [field.min, field.max];
      case 'date':
        return '2026-11-20';
      case 'partList':
        return [{ id: (await create(resourceByName(field.to))).id, quantity: 1 }];
    }
  }

  async function validInput(resource: Resource): Promise<Record<string, unknown>> {
    const input: Record<string, unknown> = {};
    for (const [name, field] of editable(resource)) input[name] = await validValue(field);
    return input;
  }

  async function create(resource: Resource, input?: Record<string, unknown>): Promise<Item> {
    const response = await inject('POST', resource.path, admin, input ?? (await validInput(resource)));
    if (response.statusCode !== 201)
      throw new Error(`create ${resource.name}: ${response.statusCode} ${response.body}`);
    return answerOf(response, itemSchema);
  }

  /** A record to work on: a new one, or the current product's row for update-only resources. */
  async function someRecord(resource: Resource): Promise<Item> {
    if (resource.operations.includes('create')) return create(resource);
    const list = answerOf(await inject('GET', `${resource.path}?maxResultCount=1000`, admin), pageOf(itemSchema));
    return list.items.find((item) => item.productId === lines.LINE1.id) ?? list.items[0]!;
  }

  /** A value of one of the record's editable fields different from the stored one. */
  function changed(resource: Resource, item: Item): [string, unknown] {
    const text = editable(resource).find(([, field]) => field.kind === 'text' && !isRequiredGrade(resource, field));
    if (text) return [text[0], `changed ${uniqueName('')}`.slice(0, (text[1] as { max: number }).max)];
    const [name, field] = editable(resource).find(([, each]) => each.kind === 'int')! as [string, { min: number }];
    return [name, item[name] === field.min ? field.min + 1 : field.min];
  }
  // A rebar's grade is part of its derived name; changing any other text is simpler to assert.
  const isRequiredGrade = (resource: Resource, field: FieldDef) => resource.name === 'rebar' && isRequired(field);

  describe.each(ALL.map((resource) => [resource.name, resource] as const))('%s', (_name, resource) => {
    const creates = resource.operations.includes('create');

    it('creates, reads, lists, updates and deletes', async () => {
      const item = await someRecord(resource);
      const read = await inject('GET', `${resource.path}/${item.id}`, admin);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(item);

      for (const sortable of resource.sortable)
        for (const direction of ['asc', 'desc']) {
          const page = await inject(
            'GET',
            `${resource.path}?sorting=${sortable}%20${direction}&maxResultCount=1`,
            admin,
          );
          expect(page.statusCode, `${sortable} ${direction}`).toBe(200);
          expect(page.json().items).toHaveLength(1);
        }
      expect((await inject('GET', `${resource.path}?sorting=nope`, admin)).statusCode).toBe(400);
      const paged = (await inject('GET', `${resource.path}?skipCount=0&maxResultCount=1`, admin)).json();
      expect(paged.totalCount).toBeGreaterThanOrEqual(1);

      const searchable = resource.searchable.find((name) => typeof item[name] === 'string');
      if (searchable) {
        const found = (
          await inject('GET', `${resource.path}?filter=${encodeURIComponent(String(item[searchable]))}`, admin)
        ).json();
        expect(found.items.map((each: Item) => each.id)).toContain(item.id);
      }
      for (const filterable of resource.filterable) {
        const value = item[filterable];
        if (value === null) continue;
        const filtered = (
          await inject('GET', `${resource.path}?${filterable}=${String(value)}&maxResultCount=1000`, admin)
        ).json();
        expect(
          filtered.items.map((each: Item) => each.id),
          filterable,
        ).toContain(item.id);
        expect(filtered.items.every((each: Item) => each[filterable] === value)).toBe(true);
      }
      const all = await inject('GET', `${resource.path}/all`, nobody);
      expect(all.statusCode).toBe(resource.optionsAccess ? 403 : 200);
      expect((await inject('GET', `${resource.path}/all`, admin)).statusCode).toBe(200);

      const [field, value] = changed(resource, item);
      const updated = await inject('PUT', `${resource.path}/${item.id}`, admin, { ...item, [field]: value });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()[field]).toEqual(value);
      const stale = await inject('PUT', `${resource.path}/${item.id}`, admin, item);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('stale_update');

      if (!creates) {
        expect((await inject('POST', resource.path, admin, {})).statusCode).toBe(404);
        return;
      }
      expect((await inject('DELETE', `${resource.path}/${item.id}`, admin)).statusCode).toBe(204);
      expect((await inject('GET', `${resource.path}/${item.id}`, admin)).statusCode).toBe(404);
    });

    it('refuses a PUT that leaves a field out, changing nothing: null clears, absence is not taken as clearing', async () => {
      const item = await someRecord(resource);
      for (const [name] of editable(resource)) {
        const { [name]: _left, ...body } = item;
        const response = await inject('PUT', `${resource.path}/${item.id}`, admin, body);
        expect(response.statusCode, name).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
        expect(Object.keys(response.json().error.details), name).toEqual([name]);
      }
      expect((await inject('GET', `${resource.path}/${item.id}`, admin)).json()).toEqual(item);
    });

    it('answers 400 naming the field for each bad value', async () => {
      const target = creates ? undefined : await someRecord(resource);
      const base = target ?? (await validInput(resource));
      const write = (payload: Record<string, unknown>) =>
        target
          ? inject('PUT', `${resource.path}/${target.id}`, admin, payload)
          : inject('POST', resource.path, admin, payload);
      for (const [name, field] of editable(resource)) {
        const cases = [...badValues(field), ...(isRequired(field) && creates ? [undefined] : [])];
        for (const bad of cases) {
          const response = await write({ ...base, [name]: bad });
          expect(response.statusCode, `${name} = ${JSON.stringify(bad)}`).toBe(400);
          const fields = Object.keys(response.json().error.details).map((path) => path.split('.')[0]);
          expect(fields, `${name} = ${JSON.stringify(bad)}`).toContain(name);
        }
      }
      const breaker = CHECK_BREAKERS[resource.name];
      if (resource.check) {
        expect(breaker).toBeDefined();
        const response = await write({ ...base, ...breaker });
        expect(response.statusCode).toBe(400);
      }
    });

    it('answers 403 without the permission', async () => {
      expect((await inject('GET', resource.path, nobody)).statusCode).toBe(403);
      expect((await inject('GET', `${resource.path}/${randomUUID()}`, nobody)).statusCode).toBe(403);
      if (creates) expect((await inject('POST', resource.path, nobody, {})).statusCode).toBe(403);
      expect((await inject('PUT', `${resource.path}/${randomUUID()}`, nobody, {})).statusCode).toBe(403);
    });

    // Only the cases that apply are declared, so nothing shows as skipped.
    if (resource.scope === 'product')
      it('keeps records of one product out of another', async () => {
        const item = await create(resource);
        expect((await inject('GET', `${resource.path}/${item.id}`, otherPlant)).statusCode).toBe(404);
        expect((await inject('PUT', `${resource.path}/${item.id}`, otherPlant, item)).statusCode).toBe(404);
        expect((await inject('DELETE', `${resource.path}/${item.id}`, otherPlant)).statusCode).toBe(404);
        const list = (await inject('GET', `${resource.path}?maxResultCount=1000`, otherPlant)).json();
        expect(list.items.map((each: Item) => each.id)).not.toContain(item.id);
      });

    if (creates)
      it('answers 409 on a duplicate unique set, and replays an idempotent create', async () => {
        const input = await validInput(resource);
        const key = randomUUID();
        const first = await inject('POST', resource.path, { ...admin, 'idempotency-key': key }, input);
        const replay = await inject('POST', resource.path, { ...admin, 'idempotency-key': key }, input);
        expect(first.statusCode).toBe(201);
        expect(replay.statusCode).toBe(201);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.json().id).toBe(first.json().id);

        // Without a unique set (a lead, a visit) the same values again are another record.
        const duplicate = await inject('POST', resource.path, admin, input);
        expect(duplicate.statusCode).toBe(resource.unique.length > 0 ? 409 : 201);
        if (resource.unique.length === 0) return;
        expect(duplicate.json().error.code).toBe('duplicate');
        for (const name of resource.unique[0] ?? [])
          expect(Object.keys(duplicate.json().error.details)).toContain(name);
      });

    // A read-only reference is the server's to set (a converted lead's client): a form cannot write it.
    const blocking = referrersOf(resource.name).filter(
      ({ definition }) => !definition.readOnly && (definition.kind === 'partList' || !definition.ownedBy),
    );
    if (creates && blocking.length > 0)
      it('refuses deleting a record others refer to', async () => {
        for (const referrer of blocking) {
          const target = await create(resource);
          const referring = await create(referrer.resource, {
            ...(await validInput(referrer.resource)),
            [referrer.field]: referrer.definition.kind === 'partList' ? [{ id: target.id, quantity: 1 }] : target.id,
          });
          const refused = await inject('DELETE', `${resource.path}/${target.id}`, admin);
          expect(refused.statusCode).toBe(409);
          expect(refused.json().error.code).toBe('in_use');
          expect(refused.json().error.message).toContain(String(referring[referrer.resource.labelField]));
        }
      });
  });

  describe('rules of their own', () => {
    it("derives a rebar spec's name and nominal unit weight, keeping an explicit one", async () => {
      const grade = uniqueName('G').slice(0, 16);
      const spec = (diameter: number, unitWeight?: number) =>
        inject('POST', 'rebar', admin, { grade, diameter, unitWeight, stockLengths: [12000, 9000, 9000] });
      const twelve = (await spec(12)).json();
      expect(twelve).toMatchObject({ name: `${grade} Φ12`, unitWeight: 0.888, stockLengths: [9000, 12000] });
      expect((await spec(7)).json().unitWeight).toBe(0.302);
      expect((await spec(9, 0.5)).json().unitWeight).toBe(0.5);
    });

    it('serves product settings to the maker in full and to the plant for its product, without maker-only fields', async () => {
      const settingsPage = resourcePageSchema(productSettingResource);
      const maker = answerOf(await inject('GET', 'product-setting?maxResultCount=1000', admin), settingsPage);
      expect(maker.items.map((item) => item.productName)).toEqual(expect.arrayContaining(['一号加工线', '二号加工线']));
      const plant = answerOf(await inject('GET', 'product-setting/normal', otherPlant), settingsPage);
      expect(plant.items.map((item) => item.productId)).toEqual([lines.LINE2.id]);
      const row = plant.items[0]!;
      const updated = await inject('PUT', `product-setting/normal/${row.id}`, otherPlant, {
        ...row,
        kerf: 7,
        wasteLength: 300,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ kerf: row.kerf, wasteLength: 300 });
      const line1Row = maker.items.find((item) => item.productId === lines.LINE1.id)!;
      expect((await inject('GET', `product-setting/normal/${line1Row.id}`, otherPlant)).statusCode).toBe(404);
      const byMaker = await inject('PUT', `product-setting/${row.id}`, admin, {
        ...answerOf(updated, resourceItemSchema(productSettingResource)),
        kerf: 7,
      });
      expect(byMaker.json().kerf).toBe(7);
    });

    it('gives a new product its settings row with the default waste length and stock lengths', async () => {
      const product = await create(resourceByName('product'), {
        code: uniqueName('P').toUpperCase(),
        name: 'New line',
        clientId: lines.LINE1.clientId,
      });
      const settings = (await inject('GET', `product-setting?productId=${product.id}`, admin)).json();
      expect(settings.items).toEqual([
        expect.objectContaining({ productName: 'New line', wasteLength: 500, stockLengths: [9000, 12000], kerf: 0 }),
      ]);
      expect((await inject('DELETE', `product/${product.id}`, admin)).statusCode).toBe(204);
    });

    it("keeps a user's own waste length over the product's", async () => {
      const empty = (await inject('GET', 'user-product-setting', otherPlant)).json();
      expect(empty).toMatchObject({ id: null, productId: lines.LINE2.id, wasteLength: null });
      const product = (await inject('GET', 'user-product-setting/waste-length', otherPlant)).json();
      expect(product.source).toBe('product');
      const saved = await inject('PUT', 'user-product-setting', otherPlant, { wasteLength: 250 });
      expect(saved.json()).toMatchObject({ productId: lines.LINE2.id, wasteLength: 250 });
      expect((await inject('GET', 'user-product-setting/waste-length', otherPlant)).json()).toEqual({
        wasteLength: 250,
        source: 'user',
      });
      expect((await inject('GET', `user-product-setting/${saved.json().id}`, otherPlant)).statusCode).toBe(200);
      expect((await inject('GET', `user-product-setting/${saved.json().id}`, admin)).statusCode).toBe(404);
      expect((await inject('PUT', 'user-product-setting', otherPlant, { wasteLength: 12001 })).statusCode).toBe(400);
      await inject('PUT', 'user-product-setting', otherPlant, { wasteLength: null });
      expect((await inject('GET', 'user-product-setting/waste-length', otherPlant)).json().source).toBe('product');
    });

    it('refuses deleting a product holding plant data, naming it', async () => {
      const refused = await inject('DELETE', `product/${lines.LINE2.id}`, { ...admin, 'accept-language': 'zh-CN' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('钢筋规格 (22): HRB400E Φ8');
    });

    it('seeds the demo master data', async () => {
      const count = async (path: string) =>
        answerOf(await inject('GET', path, admin), pagedResultSchema(z.unknown())).totalCount;
      expect(await count('technique?filter=CUT')).toBe(1);
      expect(await count('ispectionType')).toBeGreaterThanOrEqual(5);
      expect(await count('inspectionType')).toBeGreaterThanOrEqual(5);
      expect(await count('productType?filter=CUT-LINE')).toBe(1);
      expect(await count('partType?filter=PLC')).toBe(1);
      expect(await count('rebarMaterial?filter=HRB500E')).toBe(1);
      const rebars = (await inject('GET', 'rebar?diameter=12&maxResultCount=100', otherPlant)).json();
      expect(rebars.items.map((item: Item) => [item.name, item.unitWeight, item.rebarMaterialName])).toEqual([
        ['HRB400E Φ12', 0.888, 'HRB400E 热轧带肋钢筋'],
        ['HRB500E Φ12', 0.888, 'HRB500E 热轧带肋钢筋'],
      ]);
      const line1 = (await inject('GET', `product/${lines.LINE1.id}`, admin)).json();
      expect(line1.productTypeName).toBe('剪切生产线');
    });
  });
});
