import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  idSchema,
  productInputSchema,
  productListQuerySchema,
  productSchema,
  userProductSchema,
} from '@armature/domain';
import type { Db, Tx } from '../../db/client.ts';
import { clients, products, userProducts, userSelections, users } from '../../db/schema/index.ts';
import { registerCrudRoutes } from '../../crud/register-crud-routes.ts';
import { invalidFields } from '../../lib/app-error.ts';
import { inUse } from '../../lib/in-use.ts';
import { withIsoAudit } from '../../lib/time.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { scopeOf, selectableProducts, visibleClients, visibleProducts } from '../tenancy/tenancy.service.ts';

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

const selectProducts = (db: Db | Tx) =>
  db.select(columns).from(products).innerJoin(clients, eq(clients.id, products.clientId)).$dynamic();

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(productSchema) } } },
    async (request) => {
      const rows = await selectProducts(app.db)
        .where(visibleProducts(requirePrincipal(request)))
        .orderBy(asc(products.code));
      return rows.map(withIsoAudit);
    },
  );

  // The products the caller may choose within the current client (spec §6: admins load products by client).
  app.get(
    '/by-client',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(userProductSchema) } } },
    async (request) => {
      const principal = requirePrincipal(request);
      return selectableProducts(app.db, principal, (await scopeOf(app.db, principal)).clientId);
    },
  );

  app.get(
    '/by-client/:clientId',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: z.object({ clientId: idSchema }), response: { 200: z.array(userProductSchema) } },
    },
    async (request) => selectableProducts(app.db, requirePrincipal(request), request.params.clientId),
  );

  registerCrudRoutes(app, {
    page: 'basicConfig.basic.product',
    tags,
    table: products,
    schemas: { item: productSchema, input: productInputSchema, listQuery: productListQuerySchema },
    list: {
      searchable: [products.code, products.name, clients.companyName],
      sortable: {
        code: products.code,
        name: products.name,
        clientName: clients.companyName,
        status: products.status,
        creationTime: products.creationTime,
      },
      defaultOrder: [asc(products.code)],
    },
    selectItems: selectProducts,
    countItems: (db) =>
      db.select({ value: count() }).from(products).innerJoin(clients, eq(clients.id, products.clientId)).$dynamic(),
    filters: (query) => [
      query.status ? eq(products.status, query.status) : undefined,
      query.clientId ? eq(products.clientId, query.clientId) : undefined,
    ],
    visible: visibleProducts,
    uniqueField: 'code',
    // The client of a new or moved product must exist and be visible to the caller.
    beforeWrite: async (tx, principal, input) => {
      const [client] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, input.clientId), visibleClients(principal)));
      if (!client) throw invalidFields({ clientId: ['invalid'] });
    },
    // Users assigned to the product, or working in it, still need it.
    beforeDelete: async (tx, product) => {
      const assigned = await tx
        .select({ userName: users.userName })
        .from(userProducts)
        .innerJoin(users, eq(users.id, userProducts.userId))
        .where(eq(userProducts.productId, product.id));
      const selecting = await tx
        .select({ userName: users.userName })
        .from(userSelections)
        .innerJoin(users, eq(users.id, userSelections.userId))
        .where(eq(userSelections.productId, product.id));
      const names = [...new Set([...assigned, ...selecting].map((row) => row.userName))].sort();
      if (names.length) throw inUse('users', names);
    },
  });
};
