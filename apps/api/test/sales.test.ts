import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  SALES_LEAD_ENDPOINTS,
  SALES_LEAD_PERMISSIONS,
  clientResource,
  maintenanceVisitResource,
  productTypeResource,
  resourceItemSchema,
  resourcePageSchema,
  salesLeadResource,
  sparePartResource,
  type SalesLead,
} from '@armature/domain';
import { createUser, loginAs, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, endpointCallerFor, errorOf, injectorFor } from './helpers/inject.ts';

type Headers = Record<string, string>;
const leadSchema = resourceItemSchema(salesLeadResource);
const visitSchema = resourceItemSchema(maintenanceVisitResource);
const clientSchema = resourceItemSchema(clientResource);

describe.each(testDatabases())('sales and service on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: { authorization: string };
  /** A salesperson: every lead permission a role can hold (converting is the admins'). */
  let sales: Headers;

  const inject = injectorFor(ctx);
  const call = endpointCallerFor(ctx);

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const role = uniqueName('sales');
    expect((await inject('POST', 'roles', admin, { name: role })).statusCode).toBe(201);
    const { read, add, update, delete: remove } = SALES_LEAD_PERMISSIONS;
    const granted = await inject('PUT', `permissions?providerName=R&providerKey=${role}`, admin, {
      permissions: [read, add, update, remove].map((name) => ({ name, isGranted: true })),
    });
    expect(granted.statusCode).toBeLessThan(300);
    const user = await createUser(ctx.app, admin, { roleNames: [role] });
    sales = await loginAs(ctx.app, user.userName, user.password);
  });

  const newLead = async (headers: Headers, fields: Record<string, unknown> = {}) => {
    const response = await inject('POST', 'salesLead', headers, { company: uniqueName('华南钢构'), ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, leadSchema);
  };
  const move = (lead: SalesLead, status: string, headers: Headers = admin) =>
    inject('PUT', `salesLead/${lead.id}`, headers, { ...lead, status });
  /** The lead moved along the workflow to `won`, step by step. */
  const wonLead = async () => {
    let lead = await newLead(sales, { contact: '钱经理', phone: '0755-8333 1201', region: '广东 深圳' });
    for (const status of ['contacted', 'quoted', 'won']) {
      const moved = await move(lead, status, sales);
      expect(moved.statusCode, moved.body).toBe(200);
      lead = answerOf(moved, leadSchema);
    }
    return lead;
  };
  const partIds = async () => {
    const parts = await inject('GET', 'spareOarts?maxResultCount=3&sorting=code%20asc', admin);
    return answerOf(parts, resourcePageSchema(sparePartResource)).items;
  };

  it('creates, lists, reads, updates and deletes leads at the path and its alias', async () => {
    const types = answerOf(
      await inject('GET', 'productType/all', admin),
      z.array(resourceItemSchema(productTypeResource)),
    );
    const lead = await newLead(sales, {
      contact: '黄经理',
      phone: '020-3888 0001',
      source: 'exhibition',
      productTypeId: types[0]!.id,
      nextFollowUp: '2026-12-03',
      owner: '周销售',
    });
    expect(lead).toMatchObject({
      status: 'new',
      source: 'exhibition',
      productTypeName: types[0]!.name,
      nextFollowUp: '2026-12-03',
      clientId: null,
    });
    const byAlias = await inject('GET', `salesClue/${lead.id}`, sales);
    expect(byAlias.json()).toEqual(lead);
    const listed = await inject('GET', 'salesLead?status=new&sorting=nextFollowUp%20desc&maxResultCount=1000', sales);
    expect(answerOf(listed, resourcePageSchema(salesLeadResource)).items.map((item) => item.id)).toContain(lead.id);
    const edited = await inject('PUT', `salesLead/${lead.id}`, sales, { ...lead, nextFollowUp: null, owner: '吴销售' });
    expect(edited.json()).toMatchObject({ nextFollowUp: null, owner: '吴销售', status: 'new' });
    expect((await inject('DELETE', `salesLead/${lead.id}`, sales)).statusCode).toBe(204);
  });

  it('seeds leads at each step, the won one converted', async () => {
    const leads = answerOf(
      await inject('GET', 'salesLead?maxResultCount=1000', admin),
      resourcePageSchema(salesLeadResource),
    ).items;
    const statuses = new Set(leads.map((lead) => lead.status));
    for (const status of ['new', 'contacted', 'quoted', 'won', 'lost']) expect(statuses).toContain(status);
    expect(leads.find((lead) => lead.clientId !== null)).toMatchObject({
      status: 'won',
      clientName: '苏州恒通钢筋制品有限公司',
    });
  });

  it('moves a lead along the workflow only, refusing with the statuses named in the caller’s language', async () => {
    const lead = await newLead(sales);
    const skipped = await inject(
      'PUT',
      `salesLead/${lead.id}`,
      { ...sales, 'accept-language': 'zh-CN' },
      { ...lead, status: 'won' },
    );
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().error).toMatchObject({
      code: 'sales_lead_transition',
      message: '线索不能从“新线索”改为“赢单”',
    });
    const contacted = answerOf(await move(lead, 'contacted'), leadSchema);
    const back = await inject(
      'PUT',
      `salesLead/${lead.id}`,
      { ...admin, 'accept-language': 'en-US' },
      {
        ...contacted,
        status: 'new',
      },
    );
    expect(back.json().error.message).toBe('A lead cannot go from Contacted to New');
    const lost = answerOf(await move(contacted, 'lost'), leadSchema);
    expect(lost.status).toBe('lost');
    expect((await move(lost, 'quoted')).statusCode).toBe(409);
    // A lead is entered at its start: never already won.
    const created = await inject('POST', 'salesLead', admin, { company: uniqueName('X'), status: 'won' });
    expect(created.statusCode).toBe(409);
    expect((await inject('GET', `salesLead/${lead.id}`, admin)).json().status).toBe('lost');
  });

  it('converts a won lead into a client once, replaying a retry with the same key', async () => {
    const lead = await wonLead();
    const key = randomUUID();
    const convert = (headers: Headers) =>
      call(SALES_LEAD_ENDPOINTS.convert, { params: { id: lead.id }, body: {}, headers });
    const first = await convert({ ...admin, 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const client = first.answer();
    expect(client).toMatchObject({
      companyName: lead.company,
      legalRepresentative: '钱经理',
      telephone: '0755-8333 1201',
      companyAddress: '广东 深圳',
      status: 'active',
    });
    expect(client.code).toMatch(/^LEAD-[0-9A-F]{10}$/);
    const replay = await convert({ ...admin, 'idempotency-key': key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(client.id);

    const again = await convert({ ...admin, 'accept-language': 'zh-CN' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'sales_lead_converted',
      message: `线索已转为客户 ${client.code}`,
    });
    const clients = (await inject('GET', `client?filter=${encodeURIComponent(lead.company)}`, admin)).json();
    expect(clients.totalCount).toBe(1);
    expect((await inject('GET', `salesLead/${lead.id}`, admin)).json()).toMatchObject({
      clientId: client.id,
      clientName: lead.company,
    });
    // The converted client is the lead's: it cannot be deleted from under it.
    expect((await inject('DELETE', `client/${client.id}`, admin)).json().error.code).toBe('in_use');
  });

  it('converts under a given code, refusing a taken one and a lead not won', async () => {
    const lead = await wonLead();
    const taken = await inject('POST', `salesLead/${lead.id}/convert`, admin, { code: 'DEMO' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('duplicate');
    expect((await inject('GET', `salesLead/${lead.id}`, admin)).json().clientId).toBeNull();
    const code = uniqueName('C').toUpperCase();
    const converted = await inject('POST', `salesClue/${lead.id}/convert`, admin, { code });
    expect(converted.json().code).toBe(code);
    expect((await inject('POST', `salesLead/${lead.id}/convert`, admin, { code: 'bad code!' })).statusCode).toBe(400);

    const open = await newLead(admin);
    const refused = await inject('POST', `salesLead/${open.id}/convert`, { ...admin, 'accept-language': 'en-US' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'sales_lead_not_won',
      message: 'The lead is New: only a won lead becomes a client',
    });
    expect((await inject('POST', `salesLead/${randomUUID()}/convert`, admin)).statusCode).toBe(404);
  });

  it('refuses converting to anyone but an administrator', async () => {
    const lead = await wonLead();
    const refused = await inject('POST', `salesLead/${lead.id}/convert`, sales);
    expect(refused.statusCode).toBe(403);
    expect((await inject('GET', `salesLead/${lead.id}`, admin)).json().clientId).toBeNull();
    const planner = await loginAs(ctx.app, 'planner');
    expect((await inject('GET', 'salesLead', planner)).statusCode).toBe(403);
    expect((await inject('GET', 'maintenanceVisit', planner)).statusCode).toBe(403);
  });

  it('keeps a visit’s parts with their quantities and names, and a used part from being deleted', async () => {
    const [a, b] = await partIds();
    const clients = answerOf(await inject('GET', 'client/all', admin), z.array(clientSchema));
    const clientId = clients.find((client) => client.code === 'DEMO')!.id;
    const created = await inject('POST', 'clientMaintenance', admin, {
      code: uniqueName('FW').toUpperCase(),
      clientId,
      equipmentSerial: 'GJW16-2403-0117',
      visitDate: '2026-11-20',
      technician: '李工',
      workDone: '更换刀片',
      partsUsed: [
        { id: b!.id, quantity: 1.5 },
        { id: a!.id, quantity: 2 },
      ],
      nextVisitDate: '2027-02-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    const visit = answerOf(created, visitSchema);
    expect(visit).toMatchObject({
      visitDate: '2026-11-20',
      nextVisitDate: '2027-02-20',
      clientName: expect.any(String),
    });
    expect(visit.partsUsed).toEqual([
      { id: b!.id, quantity: 1.5, name: b!.name },
      { id: a!.id, quantity: 2, name: a!.name },
    ]);
    const edited = await inject('PUT', `maintenanceVisit/${visit.id}`, admin, {
      ...visit,
      partsUsed: [{ id: a!.id, quantity: 3 }],
    });
    expect(answerOf(edited, visitSchema).partsUsed).toEqual([{ id: a!.id, quantity: 3, name: a!.name }]);
    const sorted = await inject('GET', 'maintenanceVisit?sorting=visitDate%20desc&maxResultCount=1000', admin);
    const dates = answerOf(sorted, resourcePageSchema(maintenanceVisitResource)).items.map((item) => item.visitDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const deletePart = await inject('DELETE', `spareOarts/${a!.id}`, { ...admin, 'accept-language': 'en-US' });
    expect(deletePart.statusCode).toBe(409);
    expect(deletePart.json().error.message).toMatch(new RegExp(`Maintenance visits \\(\\d+\\): .*${visit.code}`));
    expect((await inject('DELETE', `maintenanceVisit/${visit.id}`, admin)).statusCode).toBe(204);
  });

  it('refuses a bad parts list or date with 400 on the field, writing nothing', async () => {
    const [a] = await partIds();
    const clientId = answerOf(await inject('GET', 'client/all', admin), z.array(clientSchema))[0]!.id;
    const base = {
      code: uniqueName('FW').toUpperCase(),
      clientId,
      visitDate: '2026-11-20',
      technician: '王工',
      workDone: '检查',
    };
    const before = (await inject('GET', 'maintenanceVisit', admin)).json().totalCount;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ partsUsed: [{ id: randomUUID(), quantity: 1 }] }, 'partsUsed.0.id', '请输入有效的值'],
      [
        {
          partsUsed: [
            { id: a!.id, quantity: 1 },
            { id: a!.id, quantity: 2 },
          ],
        },
        'partsUsed.1.id',
        '已存在',
      ],
      [{ partsUsed: [{ id: a!.id, quantity: 0 }] }, 'partsUsed.0.quantity', '不能小于'],
      [{ partsUsed: [{ id: a!.id, quantity: 1.005 }] }, 'partsUsed.0.quantity', '最多 2 位小数'],
      [{ visitDate: '2026-02-30' }, 'visitDate', '请输入有效的值'],
      [{ visitDate: null }, 'visitDate', '必填'],
      [{ nextVisitDate: '2026-11-19' }, 'nextVisitDate', '不能小于范围的下限'],
    ];
    for (const [change, field, message] of cases) {
      const response = await inject(
        'POST',
        'maintenanceVisit',
        { ...admin, 'accept-language': 'zh-CN' },
        {
          ...base,
          ...change,
        },
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const details = errorOf(response).details ?? {};
      expect(Object.keys(details), JSON.stringify(change)).toContain(field);
      expect(details[field]!.join(' '), JSON.stringify(change)).toContain(message);
    }
    expect((await inject('GET', 'maintenanceVisit', admin)).json().totalCount).toBe(before);
    const badDate = await inject('POST', 'salesLead', admin, { company: 'X', nextFollowUp: '12/01/2026' });
    expect(Object.keys(badDate.json().error.details)).toEqual(['nextFollowUp']);
  });

  it('seeds two visits with the parts they used', async () => {
    const visits = answerOf(
      await inject('GET', 'maintenanceVisit?maxResultCount=1000', admin),
      resourcePageSchema(maintenanceVisitResource),
    );
    const seeded = visits.items.filter((visit) => visit.partsUsed.length > 0);
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    expect(seeded.flatMap((visit) => visit.partsUsed.map((part) => part.name))).toContain('剪切上刀片');
  });
});
