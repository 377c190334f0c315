import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  clientInputSchema,
  clientListQuerySchema,
  clientSchema,
  currentUserSchema,
  selectionSchema,
} from '@armature/domain';
import type { Db, Tx } from '../../db/client.ts';
import { clients, products } from '../../db/schema/index.ts';
import { registerCrudRoutes } from '../../crud/register-crud-routes.ts';
import { inUse } from '../../lib/in-use.ts';
import { withIsoAudit } from '../../lib/time.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { runWrite } from '../../plugins/idempotency.ts';
import { currentUser } from '../account/account.service.ts';
import { setSelection, visibleClients } from '../tenancy/tenancy.service.ts';

const tags = ['clients'];

const columns = {
  id: clients.id,
  code: clients.code,
  companyName: clients.companyName,
  legalRepresentative: clients.legalRepresentative,
  companyAddress: clients.companyAddress,
  telephone: clients.telephone,
  status: clients.status,
  description: clients.description,
  creationTime: clients.creationTime,
  lastModificationTime: clients.lastModificationTime,
};

const selectClients = (db: Db | Tx) => db.select(columns).from(clients).$dynamic();

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any signed-in user: the client chooser. Non-admins see only the clients of their products.
  app.get(
    '/all',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(clientSchema) } } },
    async (request) => {
      const rows = await selectClients(app.db)
        .where(visibleClients(requirePrincipal(request)))
        .orderBy(asc(clients.code));
      return rows.map(withIsoAudit);
    },
  );

  app.put(
    '/set-currentUser-productId',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: selectionSchema, response: { 200: currentUserSchema } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await setSelection(tx, principal, request.body.clientId, request.body.productId);
        return currentUser(tx, principal);
      });
    },
  );

  registerCrudRoutes(app, {
    page: 'basicConfig.basic.client',
    tags,
    table: clients,
    schemas: { item: clientSchema, input: clientInputSchema, listQuery: clientListQuerySchema },
    list: {
      searchable: [clients.code, clients.companyName, clients.legalRepresentative, clients.telephone],
      sortable: {
        code: clients.code,
        companyName: clients.companyName,
        status: clients.status,
        creationTime: clients.creationTime,
      },
      defaultOrder: [asc(clients.code)],
    },
    selectItems: selectClients,
    countItems: (db) => db.select({ value: count() }).from(clients).$dynamic(),
    filters: (query) => [query.status ? eq(clients.status, query.status) : undefined],
    visible: visibleClients,
    uniqueField: 'code',
    beforeDelete: async (tx, client) => {
      const owned = await tx
        .select({ code: products.code })
        .from(products)
        .where(eq(products.clientId, client.id))
        .orderBy(asc(products.code));
      if (owned.length)
        throw inUse(
          'products',
          owned.map((product) => product.code),
        );
    },
  });
};
