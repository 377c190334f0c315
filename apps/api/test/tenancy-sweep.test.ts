import { randomUUID } from 'node:crypto';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema } from '@armature/domain';
import type { App } from '../src/app.ts';
import type { Db } from '../src/core/db/client.ts';
import { cutPlans } from '../src/modules/planning/index.ts';
import { createPurchaseList, purchaseLists } from '../src/modules/stock/index.ts';
import { DEMO_INSPECTOR, DEMO_KEEPER, DEMO_OPERATOR, DEMO_PLANNER } from '../src/modules/users/index.ts';
import { producedBundles } from './bundle-fixture.ts';
import { chooseProduct, createUser, loginAs, uniqueName, type ListedProduct } from './helpers/auth.ts';
import { createCharacteristic, techniqueId } from './helpers/inspection-fixture.ts';
import { multipartFile } from './helpers/multipart.ts';
import {
  fillPath,
  isUpload,
  openApiRoutes,
  pathParams,
  queryNames,
  sampleBody,
  type Route,
} from './helpers/openapi-routes.ts';
import { SAMPLE_PNG } from './helpers/sample-files.ts';
import { answerOf, pageOf, wholeRecord, withId } from './helpers/inject.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { SEED_AUTHOR } from '../src/core/tenancy/actor.ts';

/**
 * The security probe as a permanent test. Two clients — the demo's `DEMO` (A) and one made
 * here through the API (B), each with plant data of its own — and, for each demo role, A's user
 * against every id-bearing route of the OpenAPI document with B's ids, then B's user against A's:
 * reads, writes, deletes, actions, exports and streams answer 404 (or 403 where the role lacks the
 * route's permission), never 2xx nor 5xx, and the other client's rows stay as they were. Every list,
 * search and export (every GET without a path parameter, plain and with each id-like query parameter
 * given the other client's ids) answers without any of the other client's ids in its body.
 *
 * A new route is swept the day it is added: its path parameters are looked up in ID_SOURCES by the
 * path up to its last parameter, its id-like query parameters in QUERY_SOURCES, and an unknown one
 * fails the test until its author says where the other client's ids come from (or why the route
 * holds no client's data). The maker's admin is not swept: maker staff see every client by design.
 */

const ROLES = ['planner', 'stockKeeper', 'operator', 'inspector'] as const;
type Role = (typeof ROLES)[number];
const DEMO_USERS: Record<Role, { userName: string; password: string }> = {
  planner: DEMO_PLANNER,
  stockKeeper: DEMO_KEEPER,
  operator: DEMO_OPERATOR,
  inspector: DEMO_INSPECTOR,
};

type Headers = Record<string, string>;

/** Kinds of a client's records a route may name. */
type Resource =
  | 'client'
  | 'product'
  | 'productSetting'
  | 'userProductSetting'
  | 'user'
  | 'role'
  | 'rebarMaterial'
  | 'rebar'
  | 'receipt'
  | 'certificate'
  | 'heatNo'
  | 'rawStock'
  | 'finishedStock'
  | 'tailStock'
  | 'wasteStock'
  | 'demandOrder'
  | 'cutPlan'
  | 'dailyPlan'
  | 'task'
  | 'bundle'
  | 'bundleScan'
  | 'delivery'
  | 'purchaseList'
  | 'labelPrinter'
  | 'stockLocation'
  | 'rebarDelivery'
  | 'stockTake'
  | 'vehicle'
  | 'loadPlan'
  | 'loadPlanTruck'
  | 'orderDrop'
  | 'equipment'
  | 'inspection'
  | 'notification'
  | 'message';

/**
 * Where a path's parameters come from: a client's records (the route answers 404 or 403 for the
 * other client's), a client's values a search takes (it answers without the other client's records:
 * a heat number is the mill's, not the plant's), or why the route holds no client's data.
 */
type Source = { resource: Resource } | { search: Resource } | { unswept: string };

const MAKER_DATA = 'maker master data, shared by every client (not tenant data)';
const MAKER_ONLY = 'the maker’s own records (BOM centre, sales), for maker staff only: no client owns them';

/**
 * Keyed by a route's path up to its last parameter: `/api/task/{id}/start` is `/api/task/{id}`. A
 * route whose key is missing fails the sweep.
 */
const ID_SOURCES: Record<string, Source> = {
  '/api/users/{id}': { resource: 'user' },
  '/api/roles/{id}': { resource: 'role' },
  '/api/client/{id}': { resource: 'client' },
  '/api/product/{id}': { resource: 'product' },
  '/api/product/by-client/{clientId}': { search: 'client' },
  '/api/product-setting/{id}': { resource: 'productSetting' },
  '/api/product-setting/normal/{id}': { resource: 'productSetting' },
  '/api/user-product-setting/{id}': { resource: 'userProductSetting' },
  '/api/rebarMaterial/{id}': { resource: 'rebarMaterial' },
  '/api/rebar/{id}': { resource: 'rebar' },
  '/api/rebarReceive/{id}': { resource: 'receipt' },
  '/api/stock/raw/{id}': { resource: 'rawStock' },
  '/api/stock/finished/{id}': { resource: 'finishedStock' },
  '/api/stock/tail/{id}': { resource: 'tailStock' },
  '/api/stock/waste/{id}': { resource: 'wasteStock' },
  '/api/demandOrder/{id}': { resource: 'demandOrder' },
  '/api/cutPlan/{id}': { resource: 'cutPlan' },
  '/api/dailyPlan/{id}': { resource: 'dailyPlan' },
  '/api/task/{id}': { resource: 'task' },
  '/api/delivery/{id}': { resource: 'delivery' },
  '/api/purchaseList/{id}': { resource: 'purchaseList' },
  '/api/labelPrinter/{id}': { resource: 'labelPrinter' },
  '/api/stockLocation/{id}': { resource: 'stockLocation' },
  '/api/rebarDelivery/{id}': { resource: 'rebarDelivery' },
  '/api/stockTake/{id}': { resource: 'stockTake' },
  '/api/bundle/{id}': { resource: 'bundle' },
  '/api/vehicle/{id}': { resource: 'vehicle' },
  '/api/loadPlan/{id}': { resource: 'loadPlan' },
  '/api/loadPlan/{id}/truck/{truck}': { resource: 'loadPlanTruck' },
  '/api/demandOrder/{id}/drops/{seq}': { resource: 'orderDrop' },
  '/api/equipment/{id}': { resource: 'equipment' },
  '/api/equipment/normal/{id}': { resource: 'equipment' },
  '/api/digitalTwin/equipment/{id}': { resource: 'equipment' },
  '/api/inspection/receipt/{receiptId}': { resource: 'receipt' },
  '/api/inspection/receipt/{receiptId}/certificates/{fileId}': { resource: 'certificate' },
  '/api/inspection/task/{taskId}': { resource: 'task' },
  '/api/inspection/trace/bundle/{scanId}': { resource: 'bundleScan' },
  '/api/inspection/trace/heat/{heatNo}': { search: 'heatNo' },
  '/api/inspection/{id}': { resource: 'inspection' },
  '/api/notifications/{id}': { resource: 'notification' },
  '/api/messages/{id}': { resource: 'message' },
  '/api/drop/{token}': {
    unswept:
      'public by design: a drop’s unguessable, revocable link answers anyone, without internal ids (load-delivery.test.ts)',
  },
  '/api/scan/{scanId}': {
    unswept: 'public by design: a bundle tag’s unguessable scan id answers anyone, without internal ids (scan.test.ts)',
  },
  '/api/inspection/sampling-plans/{techniqueId}': {
    unswept: `a technique is ${MAKER_DATA}; the plan written is the caller’s own product’s`,
  },
  '/api/technique/{id}': { unswept: MAKER_DATA },
  '/api/ispectionType/{id}': { unswept: MAKER_DATA },
  '/api/inspectionType/{id}': { unswept: MAKER_DATA },
  '/api/productType/{id}': { unswept: MAKER_DATA },
  '/api/partType/{id}': { unswept: MAKER_DATA },
  '/api/spareOarts/{id}': { unswept: MAKER_ONLY },
  '/api/spareOarts/{id}/attachments/{fileId}': { unswept: MAKER_ONLY },
  '/api/spareParts/{id}': { unswept: MAKER_ONLY },
  '/api/spareParts/{id}/attachments/{fileId}': { unswept: MAKER_ONLY },
  '/api/designBOM/{id}': { unswept: MAKER_ONLY },
  '/api/designBOM/{id}/children/{nodeId}': { unswept: MAKER_ONLY },
  '/api/designBOM/{id}/nodes/{nodeId}': { unswept: MAKER_ONLY },
  '/api/makeBOM/{id}': { unswept: MAKER_ONLY },
  '/api/makeBOM/{id}/nodes/{nodeId}': { unswept: MAKER_ONLY },
  '/api/digitalTwinBOM/{id}': { unswept: MAKER_ONLY },
  '/api/PLCTask/{id}': { unswept: MAKER_ONLY },
  '/api/salesLead/{id}': { unswept: MAKER_ONLY },
  '/api/salesClue/{id}': { unswept: MAKER_ONLY },
  '/api/maintenanceVisit/{id}': { unswept: MAKER_ONLY },
  '/api/clientMaintenance/{id}': { unswept: MAKER_ONLY },
};

/** Id-like query parameters (`…Id`, `ids`, `heatNo`) of GET routes, by name; a missing one fails the sweep. */
const QUERY_SOURCES: Record<string, Source> = {
  clientId: { resource: 'client' },
  productId: { resource: 'product' },
  equipmentId: { resource: 'equipment' },
  machineId: { resource: 'equipment' },
  orderId: { resource: 'demandOrder' },
  deliveryNoteId: { resource: 'delivery' },
  taskId: { resource: 'task' },
  dailyPlanId: { resource: 'dailyPlan' },
  receiptId: { resource: 'receipt' },
  stockId: { resource: 'rawStock' },
  rebarId: { resource: 'rebar' },
  rebarMaterialId: { resource: 'rebarMaterial' },
  vehicleId: { resource: 'vehicle' },
  locationId: { resource: 'stockLocation' },
  ids: { resource: 'bundle' },
  heatNo: { search: 'heatNo' },
  techniqueId: { unswept: MAKER_DATA },
  inspectionTypeId: { unswept: MAKER_DATA },
  productTypeId: { unswept: MAKER_DATA },
  partTypeId: { unswept: MAKER_DATA },
  designBomId: { unswept: MAKER_ONLY },
};
const isIdLike = (name: string) => /Id$|^ids$|^heatNo$/.test(name);

/** The key of a route in ID_SOURCES: its path up to its last parameter. */
const sourceKey = (path: string) => path.slice(0, path.lastIndexOf('}') + 1);

/** A client as the sweep sees it: its product, a user of each demo role, and its records by kind. */
type Tenant = {
  name: string;
  clientId: string;
  product: ListedProduct;
  users: Record<Role, Headers>;
  /** Each record as the values of the path parameters naming it (a certificate: its receipt and itself). */
  records: Record<Resource, string[][]>;
  /** Every id of the client's records found, to look for in the other client's answers. */
  secrets: Set<string>;
};

/** What an upload route gets: a real certificate picture. */
const UPLOAD = multipartFile('certificate.png', SAMPLE_PNG);

async function sent(app: App, method: Route['method'], url: string, headers: Headers, payload?: object) {
  const response = await app.inject({ method, url, headers, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

async function ok<S extends z.ZodType>(
  schema: S,
  app: App,
  method: Route['method'],
  url: string,
  headers: Headers,
  payload?: object,
) {
  return answerOf(await sent(app, method, url, headers, payload), schema);
}

/**
 * Plant data of the client's product made through the API as the maker's admin (and its users): a
 * role of the client's own, a material and a spec, a machine, a receipt with its certificate, tail and waste bars, a produced
 * task's bundles (written as the shop floor does, bundle-fixture.ts), one delivered, a cutting plan's purchase list
 * (written as approving a plan that buys does), a label printer, the receipt's
 * failed inspection (its bars held, the line's quality readers notified), a message, a user setting.
 */
async function furnish(app: App, admin: Headers, tenant: Omit<Tenant, 'records' | 'secrets'>, receiptCheck: string) {
  const tag = uniqueName('T').toUpperCase();
  const { product } = tenant;
  await chooseProduct(app, admin, product.code);
  const post = (url: string, payload: object) => sent(app, 'POST', url, admin, payload);
  /** A record made, read back for its id. */
  const made = (url: string, payload: object) => ok(withId, app, 'POST', url, admin, payload);
  const material = await made('/api/rebarMaterial', { code: tag, name: `${tag} steel`, grade: tag });
  const rebar = await made('/api/rebar', {
    grade: tag,
    diameter: 14,
    unitWeight: 1.21,
    rebarMaterialId: material.id,
  });
  // A role of the client's own (roles belong to a client; the demo roles are the maker's templates).
  await post('/api/roles', { name: `${tag}.crew`, description: 'Shift crew', clientId: tenant.clientId });
  await post('/api/equipment', {
    serialNumber: `${tag}-M`,
    name: `${tag} cutter`,
    spec: 'GQ-50',
    clientId: tenant.clientId,
    productId: product.id,
    saleStatus: 'sold',
  });
  const receipt = await made('/api/rebarReceive', {
    rebarId: rebar.id,
    supplier: 'Mill',
    heatNo: `${tag}-H`,
    length: 9000,
    bundles: 1,
    barCount: 5,
    receiveDate: '2026-11-22',
  });
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/inspection/receipt/${receipt.id}/certificates`,
    headers: { ...admin, ...UPLOAD.headers },
    payload: UPLOAD.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  for (const kind of ['tail', 'waste'])
    await post(`/api/stockLog/${kind}`, {
      rebarId: rebar.id,
      length: 1500,
      direction: 'in',
      quantity: 2,
      reason: 'adjustment',
    });
  const produced = await producedBundles(app, { productCode: product.code, pieces: 8, perBundle: 4 });
  await post('/api/delivery', { site: `${tag} site`, bundleScanIds: [produced.bundles[0]!.scanId] });
  await app.db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: cutPlans.id, code: cutPlans.code })
      .from(cutPlans)
      .where(
        and(
          eq(cutPlans.productId, product.id),
          notExists(tx.select().from(purchaseLists).where(eq(purchaseLists.cutPlanId, cutPlans.id))),
        ),
      )
      .limit(1);
    const bought = { rebarId: rebar.id, grade: tag, diameter: 14, length: 12_000, bars: 3, unitWeight: 1.21 };
    const scope = { clientId: tenant.clientId, productId: product.id };
    const why = { freeBars: 0, reason: 'no_stock' } as const;
    await createPurchaseList(tx, { scope, user: SEED_AUTHOR }, plan!, [{ ...bought, ...why }], '2026-12-01');
  });
  await post('/api/labelPrinter', { code: tag, name: `${tag} printer`, host: '127.0.0.1', port: 9, dpi: '203' });
  const rack = await made('/api/stockLocation', { code: tag, name: `${tag} rack`, kind: 'rack' });
  await post('/api/rebarDelivery', {
    supplier: 'Mill',
    deliveryNoteNo: `${tag}-DN`,
    receiveDate: '2026-11-22',
    lines: [{ rebarId: rebar.id, heatNo: `${tag}-K`, length: 9000, bundles: 1, barCount: 4, weighedWeight: 44 }],
  });
  await post('/api/stockTake', {
    locationId: rack.id,
    lines: [{ rebarId: rebar.id, length: 9000, heatNo: `${tag}-L`, counted: 2 }],
  });
  const truck = await made('/api/vehicle', {
    code: tag,
    name: `${tag} truck`,
    plate: `${tag}-01`,
    bedLength: 13_600,
    maxPayload: 25_000,
    bays: 8,
  });
  const order = produced.line.orderId;
  await sent(app, 'PUT', `/api/demandOrder/${order}/drops`, admin, {
    drops: [{ site: `${tag} site`, date: '2031-05-06', marks: [produced.line.mark] }],
  });
  await post('/api/loadPlan', { date: '2031-05-06', vehicleId: truck.id });
  await post(`/api/demandOrder/${order}/drops/1/share`, { share: true });
  await post(`/api/inspection/receipt/${receipt.id}`, { checks: [{ inspectionTypeId: receiptCheck, passed: false }] });
  const keeper = await ok(withId, app, 'GET', '/api/account/current-user', tenant.users.stockKeeper);
  await sent(app, 'POST', '/api/messages', tenant.users.planner, {
    recipientIds: [keeper.id],
    subject: `${tag} bars`,
    body: 'HRB400E Φ14 for tomorrow.',
  });
  await sent(app, 'PUT', '/api/user-product-setting', tenant.users.planner, { wasteLength: 250 });
}

/** The client's records, listed as the maker's admin working in its product and as its own users. */
async function recordsOf(app: App, admin: Headers, tenant: Omit<Tenant, 'records' | 'secrets'>) {
  await chooseProduct(app, admin, tenant.product.code);
  const page = async (url: string, headers = admin) =>
    (await ok(pageOf(wholeRecord), app, 'GET', `${url}${url.includes('?') ? '&' : '?'}maxResultCount=1000`, headers))
      .items;
  const ids = (items: Record<string, unknown>[], field = 'id') => items.map((item) => [String(item[field])]);
  const { clientId, product, users } = tenant;
  const receipts = await page('/api/rebarReceive');
  const bundles = await page('/api/bundle');
  const plans = await ok(z.array(wholeRecord), app, 'GET', '/api/loadPlan', admin);
  const certificates: string[][] = [];
  for (const [receiptId] of ids(receipts)) {
    const files = await ok(z.array(withId), app, 'GET', `/api/inspection/receipt/${receiptId}/certificates`, admin);
    certificates.push(...files.map((file) => [receiptId!, file.id]));
  }
  const own = async (url: string) => (await Promise.all(ROLES.map((role) => page(url, users[role])))).flat();
  const settings = await Promise.all(
    ROLES.map((role) =>
      ok(z.object({ id: idSchema.nullable() }), app, 'GET', '/api/user-product-setting', users[role]),
    ),
  );
  const records: Record<Resource, string[][]> = {
    client: [[clientId]],
    product: [[product.id]],
    productSetting: ids(await page(`/api/product-setting?productId=${product.id}`)),
    userProductSetting: settings.filter((setting) => setting.id).map((setting) => [setting.id!]),
    user: ids(await page(`/api/users?clientId=${clientId}`)),
    // The client's own roles; the maker's templates are shared with every client.
    role: ids((await page('/api/roles')).filter((role) => role.clientId === clientId)),
    rebarMaterial: ids(await page('/api/rebarMaterial')),
    rebar: ids(await page('/api/rebar')),
    receipt: ids(receipts),
    certificate: certificates,
    heatNo: ids(receipts, 'heatNo'),
    rawStock: ids(await page('/api/stock/raw?includeEmpty=true')),
    finishedStock: ids(await page('/api/stock/finished?includeEmpty=true')),
    tailStock: ids(await page('/api/stock/tail?includeEmpty=true')),
    wasteStock: ids(await page('/api/stock/waste?includeEmpty=true')),
    demandOrder: ids(await page('/api/demandOrder')),
    cutPlan: ids(await page('/api/cutPlan')),
    dailyPlan: ids(await page('/api/dailyPlan')),
    task: ids(await page('/api/task')),
    bundle: ids(bundles),
    bundleScan: ids(bundles, 'scanId'),
    delivery: ids(await page('/api/delivery')),
    purchaseList: ids(await page('/api/purchaseList?status=all')),
    labelPrinter: ids(await page('/api/labelPrinter')),
    stockLocation: ids(await page('/api/stockLocation')),
    rebarDelivery: ids(await page('/api/rebarDelivery')),
    stockTake: ids(await page('/api/stockTake')),
    vehicle: ids(await page('/api/vehicle')),
    loadPlan: ids(plans),
    loadPlanTruck: plans.map((plan) => [String(plan.id), '1']),
    orderDrop: (await page('/api/demandOrder')).map((order) => [String(order.id), '1']),
    equipment: ids(await page(`/api/equipment?clientId=${clientId}`)),
    inspection: ids(await page('/api/inspection')),
    notification: ids(await own('/api/notifications')),
    message: ids(await own('/api/messages')),
  };
  const logs = await Promise.all(['raw', 'finished', 'tail', 'waste'].map((kind) => page(`/api/stockLog/${kind}`)));
  // A plan's truck and an order's drop are named by the plan's or order's id (a secret already) and a
  // small number, which is no secret: any body may hold a "1".
  const { loadPlanTruck: _trucks, orderDrop: _drops, ...secretRecords } = records;
  const secrets = new Set([...Object.values(secretRecords).flat(2), ...logs.flat().map((log) => String(log.id))]);
  return { records, secrets };
}

/**
 * Sends a probe over HTTP to the listening app (streams need a real socket) and reads the answer
 * whole, or up to its first event if it is a stream (then lets it go).
 */
async function answer(base: string, method: Route['method'], url: string, headers: Headers, sent?: unknown) {
  const abort = new AbortController();
  const upload = sent === UPLOAD ? UPLOAD : undefined;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...headers,
      'accept-language': 'en-US',
      ...(sent === undefined ? {} : (upload?.headers ?? { 'content-type': 'application/json' })),
    },
    body: upload ? upload.payload : sent === undefined ? undefined : JSON.stringify(sent),
    signal: abort.signal,
  });
  const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const decoder = new TextDecoder();
  let body = '';
  try {
    for await (const chunk of response.body ?? []) {
      body += decoder.decode(chunk, { stream: true });
      if (streaming && /\ndata: [^\n]*\n\n/.test(body)) break;
    }
  } finally {
    abort.abort();
  }
  return { status: response.status, body };
}

/**
 * Per table, the count and an md5 of a client's rows: those of its client, its products or its
 * users, whichever column the table has; tables of none of them whole.
 */
async function digestOf(db: Db, clientId: string): Promise<Record<string, string>> {
  const result = (await db.execute(sql`
    select table_name, array_agg(column_name::text) as columns from information_schema.columns
    where table_schema = 'public' and table_name in
      (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
    group by table_name order by table_name`)) as unknown as { rows: { table_name: string; columns: string[] }[] };
  const digest: Record<string, string> = {};
  for (const { table_name: table, columns } of result.rows) {
    const owned = columns.includes('client_id')
      ? sql`client_id = ${clientId}`
      : columns.includes('product_id')
        ? sql`product_id in (select id from products where client_id = ${clientId})`
        : columns.includes('user_id')
          ? sql`user_id in (select id from users where client_id = ${clientId})`
          : sql`true`;
    const row = (await db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
          from ${sql.identifier(table)} t where ${owned}`,
    )) as unknown as { rows: { n: number; hash: string }[] };
    digest[table] = `${row.rows[0]!.n}:${row.rows[0]!.hash}`;
  }
  return digest;
}

/** One request of the sweep: a route given the other client's ids (`named`) or a read of the caller's own. */
type Probe = { route: Route; url: string; body?: unknown; named: boolean; nobodys: string; searched?: string };

const errorCode = (body: string) => {
  try {
    return JSON.parse(body)?.error?.code as unknown;
  } catch {
    return undefined;
  }
};

/**
 * What the sweep sends a route with `other`'s records: each id-bearing route with one record of the
 * kind its path names (the route is what is swept, not the records) and a body it would take; each
 * other GET (lists, searches, exports, streams) plain, then with each id-like query parameter given
 * one of the other client's ids. Routes holding no client's data are noted in `unswept`.
 */
function probesOf(route: Route, other: Tenant, unswept: Set<string>): Probe[] {
  const names = pathParams(route);
  const source = names.length ? ID_SOURCES[sourceKey(route.path)]! : undefined;
  if (source && 'unswept' in source) {
    unswept.add(`${route.method} ${route.path}: ${source.unswept}`);
    return [];
  }
  const body = route.method === 'GET' ? undefined : isUpload(route) ? UPLOAD : sampleBody(route);
  const nobodys = fillPath(route.path, Object.fromEntries(names.map((name) => [name, randomUUID()])));
  if (source) {
    const kind = 'search' in source ? source.search : source.resource;
    if (!other.records[kind].length)
      unswept.add(`${route.method} ${route.path}: ${other.name} has no ${kind} of its own`);
    return other.records[kind].slice(0, 1).map((values) => ({
      route,
      url: fillPath(route.path, Object.fromEntries(names.map((name, i) => [name, encodeURIComponent(values[i]!)]))),
      body,
      named: 'resource' in source,
      nobodys,
      // A search may echo what it was asked for.
      searched: 'search' in source ? values[0] : undefined,
    }));
  }
  if (route.method !== 'GET') return [];
  const queries = [''];
  for (const name of queryNames(route).filter(isIdLike)) {
    const query = QUERY_SOURCES[name]!;
    if ('unswept' in query) continue;
    const kind = 'search' in query ? query.search : query.resource;
    for (const [value] of other.records[kind].slice(0, 1)) queries.push(`?${name}=${encodeURIComponent(value!)}`);
  }
  return queries.map((query) => ({ route, url: `${route.path}${query}`, named: false, nobodys: route.path }));
}

describe.each(testDatabases())('the two-client tenancy sweep on %s', (kind) => {
  // Live events for the streams; jobs run nowhere, so nothing but the sweep touches the clients' rows.
  const ctx = useTestApp(kind, { config: { worker: 'off' }, background: {} });

  it(
    'keeps each client’s records out of the other’s reach on every id-bearing route, list and export',
    async () => {
      const { app } = ctx;
      const admin = { ...(await loginAs(app, 'admin')), 'accept-language': 'en-US' };
      const routes = await openApiRoutes(app);

      // Where every path and id-like query parameter gets the other client's ids: a new route fails here.
      const unknownPaths = [
        ...new Set(routes.filter((route) => pathParams(route).length).map((route) => sourceKey(route.path))),
      ].filter((key) => !ID_SOURCES[key]);
      const unknownQueries = [
        ...new Set(
          routes
            .filter((route) => route.method === 'GET')
            .flatMap(queryNames)
            .filter(isIdLike),
        ),
      ].filter((name) => !QUERY_SOURCES[name]);
      expect(unknownPaths, 'path parameters without a source in ID_SOURCES').toEqual([]);
      expect(unknownQueries, 'id-like query parameters without a source in QUERY_SOURCES').toEqual([]);

      // A: the demo client, its line LINE1 and demo users; B: a client of this test's own.
      const line1 = await chooseProduct(app, admin, 'LINE1');
      const demoUsers = {} as Record<Role, Headers>;
      for (const role of ROLES) {
        const { userName, password } = DEMO_USERS[role];
        demoUsers[role] = await loginAs(app, userName, password);
        await chooseProduct(app, demoUsers[role], 'LINE1');
      }
      const code = uniqueName('B').toUpperCase();
      const client = await ok(withId, app, 'POST', '/api/client', admin, { code, companyName: `${code} 钢构` });
      const made = await ok(withId, app, 'POST', '/api/product', admin, {
        code: `${code}-L`,
        name: `${code} 加工线`,
        clientId: client.id,
      });
      const lineB: ListedProduct = { id: made.id, code: `${code}-L`, clientId: client.id };
      const usersB = {} as Record<Role, Headers>;
      for (const role of ROLES) {
        const user = await createUser(app, admin, { roleNames: [role], productIds: [lineB.id] });
        usersB[role] = await loginAs(app, user.userName, user.password);
        await chooseProduct(app, usersB[role], lineB.code);
      }
      const bare = [
        { name: 'A (DEMO)', clientId: line1.clientId, product: line1, users: demoUsers },
        { name: `B (${code})`, clientId: client.id, product: lineB, users: usersB },
      ];
      await chooseProduct(app, admin, 'LINE1');
      const receiptCheck = await createCharacteristic(app, admin, {
        techniqueId: await techniqueId(app, admin, 'RECV'),
        method: 'passFail',
      });
      for (const tenant of bare) await furnish(app, admin, tenant, receiptCheck.id);
      // One after the other: listing as the admin works in one product at a time.
      const tenants: Tenant[] = [];
      for (const tenant of bare) tenants.push({ ...tenant, ...(await recordsOf(app, admin, tenant)) });
      const [a, b] = tenants as [Tenant, Tenant];

      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const failures: string[] = [];
      const unswept = new Set<string>();
      const validatedFirst = new Set<string>();
      let requests = 0;
      const started = Date.now();
      for (const [self, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const empty = (Object.keys(other.records) as Resource[]).filter(
          (resource) => other.records[resource].length === 0,
        );
        expect(empty, `${other.name} has no records of these kinds to sweep with`).toEqual([]);
        const before = await digestOf(app.db, other.clientId);
        const probes = routes.flatMap((route) => probesOf(route, other, unswept));
        for (const role of ROLES) {
          const headers = self.users[role];
          for (const probe of probes) {
            requests++;
            const got = await answer(base, probe.route.method, probe.url, headers, probe.body);
            const where = `${self.name} ${role} ${probe.route.method} ${probe.url} → ${got.status}`;
            const leaked = [...other.secrets].filter(
              (secret) => secret !== probe.searched && got.body.includes(secret),
            );
            if (got.status >= 500 || (probe.named && got.status < 300))
              failures.push(`${where} ${got.body.slice(0, 200)}`);
            else if (leaked.length) failures.push(`${where} names ${leaked.join(', ')}`);
            else if (probe.named && got.status !== 404 && got.status !== 403) {
              // A body refused whatever the id (validated before the record is looked up) tells
              // nothing of the other client's record, as long as a record of nobody's gets the same.
              requests++;
              const nobodys = await answer(base, probe.route.method, probe.nobodys, headers, probe.body);
              if (got.status === 400 && nobodys.status === 400 && errorCode(got.body) === errorCode(nobodys.body))
                validatedFirst.add(`${probe.route.method} ${probe.route.path} (${role})`);
              else failures.push(`${where}, a record of nobody's → ${nobodys.status}: ${got.body.slice(0, 200)}`);
            }
          }
        }
        expect(await digestOf(app.db, other.clientId), `${other.name}'s rows changed`).toEqual(before);
      }
      const seconds = (Date.now() - started) / 1000;
      console.info(
        [
          `tenancy sweep on ${kind}: ${requests} requests in ${seconds.toFixed(1)} s`,
          `refused for their body before their id (${validatedFirst.size}):`,
          ...validatedFirst,
          `not swept (${unswept.size}):`,
          ...unswept,
        ].join('\n  '),
      );
      expect(failures).toEqual([]);
    },
    10 * 60_000,
  );
});
