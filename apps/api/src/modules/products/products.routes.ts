import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idParamsSchema, idSchema, pagedResultSchema, productInputSchema, productListQuerySchema, productSchema, userProductSchema, type Product } from '@armature/domain';
import type { Db, Tx } from '../../db/client.ts';
import { clients, products, userProducts, userSelections, users } from '../../db/schema/index.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import { duplicateOf } from '../../lib/db-errors.ts';
import { inUse } from '../../lib/in-use.ts';
import { fetchPage, listClauses, type ListSpec } from '../../lib/list-query.ts';
import { noContentSchema } from '../../lib/route-schemas.ts';
import { isoNow, withIsoAudit } from '../../lib/time.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { runWrite } from '../../plugins/idempotency.ts';
import type { Principal } from '../permissions/principal.service.ts';
import { scopeOf, selectableProducts, visibleClients, visibleProducts } from '../tenancy/tenancy.service.ts';

const PAGE = 'basicConfig.basic.product';
const tags = ['products'];

const columns = {
  id: products.id,
  code: products.code,
  name: products.name,
  clientId: products.clientId,
  clientName: clients.companyName,
  status: products.status,
  description: products.description,
  creationTime: products.creationTime,
  lastModificationTime: products.lastModificationTime,
};

const listSpec: ListSpec = {
  searchable: [products.code, products.name, clients.companyName],
  sortable: { code: products.code, name: products.name, clientName: clients.companyName, status: products.status, creationTime: products.creationTime },
  defaultOrder: [asc(products.code)],
};

const selectProducts = (db: Db | Tx) => db.select(columns).from(products).innerJoin(clients, eq(clients.id, products.clientId));

/** A product the caller may see, or 404 exactly as for one that does not exist. */
async function getProduct(db: Db | Tx, principal: Principal, id: string): Promise<Product> {
  const [row] = await selectProducts(db).where(and(eq(products.id, id), visibleProducts(principal)));
  if (!row) throw new AppError('not_found');
  return withIsoAudit(row);
}

/** The client of a new or moved product must exist and be visible to the caller. */
async function assertClient(tx: Tx, principal: Principal, clientId: string) {
  const [client] = await tx.select({ id: clients.id }).from(clients).where(and(eq(clients.id, clientId), visibleClients(principal)));
  if (!client) throw invalidFields({ clientId: ['invalid'] });
}

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    { config: { access: PAGE }, schema: { tags, querystring: productListQuerySchema, response: { 200: pagedResultSchema(productSchema) } } },
    async (request) => {
      const { status, clientId } = request.query;
      const page = await fetchPage(
        selectProducts(app.db).$dynamic(),
        app.db.select({ value: count() }).from(products).innerJoin(clients, eq(clients.id, products.clientId)).$dynamic(),
        listClauses(request.query, listSpec, [
          visibleProducts(requirePrincipal(request)),
          status ? eq(products.status, status) : undefined,
          clientId ? eq(products.clientId, clientId) : undefined,
        ]),
      );
      return { items: page.items.map(withIsoAudit), totalCount: page.totalCount };
    },
  );

  app.get('/all', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(productSchema) } } }, async (request) => {
    const rows = await selectProducts(app.db).where(visibleProducts(requirePrincipal(request))).orderBy(asc(products.code));
    return rows.map(withIsoAudit);
  });

  // The products the caller may choose within the current client (spec §6: admins load products by client).
  app.get('/by-client', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(userProductSchema) } } }, async (request) => {
    const principal = requirePrincipal(request);
    return selectableProducts(app.db, principal, (await scopeOf(app.db, principal)).clientId);
  });

  app.get(
    '/by-client/:clientId',
    { config: { access: 'authenticated' }, schema: { tags, params: z.object({ clientId: idSchema }), response: { 200: z.array(userProductSchema) } } },
    async (request) => selectableProducts(app.db, requirePrincipal(request), request.params.clientId),
  );

  app.get(
    '/:id',
    { config: { access: PAGE }, schema: { tags, params: idParamsSchema, response: { 200: productSchema } } },
    async (request) => getProduct(app.db, requirePrincipal(request), request.params.id),
  );

  app.post(
    '',
    { config: { access: `${PAGE}.add` }, schema: { tags, body: productInputSchema, response: { 201: productSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        await assertClient(tx, principal, request.body.clientId);
        const [row] = await tx
          .insert(products)
          .values({ ...request.body, creatorId: principal.userId, creationTime: isoNow() })
          .returning({ id: products.id })
          .catch(duplicateOf('code', request.body.code));
        if (!row) throw new Error('insert returned no row');
        return getProduct(tx, principal, row.id);
      });
    },
  );

  app.put(
    '/:id',
    { config: { access: `${PAGE}.update` }, schema: { tags, params: idParamsSchema, body: productInputSchema, response: { 200: productSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await getProduct(tx, principal, request.params.id);
        await assertClient(tx, principal, request.body.clientId);
        await tx
          .update(products)
          .set({ ...request.body, lastModifierId: principal.userId, lastModificationTime: isoNow() })
          .where(eq(products.id, request.params.id))
          .catch(duplicateOf('code', request.body.code));
        return getProduct(tx, principal, request.params.id);
      });
    },
  );

  app.delete(
    '/:id',
    { config: { access: `${PAGE}.delete` }, schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.code(204);
      await runWrite(request, reply, async (tx) => {
        const product = await getProduct(tx, principal, request.params.id);
        const assigned = await tx.select({ userName: users.userName }).from(userProducts).innerJoin(users, eq(users.id, userProducts.userId)).where(eq(userProducts.productId, product.id));
        const selecting = await tx
          .select({ userName: users.userName })
          .from(userSelections)
          .innerJoin(users, eq(users.id, userSelections.userId))
          .where(eq(userSelections.productId, product.id));
        const names = [...new Set([...assigned, ...selecting].map((row) => row.userName))].sort();
        if (names.length) throw inUse('users', names);
        await tx.delete(products).where(eq(products.id, product.id));
      });
      return reply.send(null);
    },
  );
};
