import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { clientInputSchema, clientListQuerySchema, clientSchema, currentUserSchema, idParamsSchema, pagedResultSchema, selectionSchema, type Client } from '@armature/domain';
import type { Db, Tx } from '../../db/client.ts';
import { clients, products } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { duplicateOf } from '../../lib/db-errors.ts';
import { inUse } from '../../lib/in-use.ts';
import { fetchPage, listClauses, type ListSpec } from '../../lib/list-query.ts';
import { noContentSchema } from '../../lib/route-schemas.ts';
import { isoNow, withIsoAudit } from '../../lib/time.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { runWrite } from '../../plugins/idempotency.ts';
import { currentUser } from '../account/account.service.ts';
import type { Principal } from '../permissions/principal.service.ts';
import { setSelection, visibleClients } from '../tenancy/tenancy.service.ts';

const PAGE = 'basicConfig.basic.client';
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

const listSpec: ListSpec = {
  searchable: [clients.code, clients.companyName, clients.legalRepresentative, clients.telephone],
  sortable: { code: clients.code, companyName: clients.companyName, status: clients.status, creationTime: clients.creationTime },
  defaultOrder: [asc(clients.code)],
};

/** A client the caller may see, or 404 exactly as for one that does not exist. */
async function getClient(db: Db | Tx, principal: Principal, id: string): Promise<Client> {
  const [row] = await db.select(columns).from(clients).where(and(eq(clients.id, id), visibleClients(principal)));
  if (!row) throw new AppError('not_found');
  return withIsoAudit(row);
}

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    { config: { access: PAGE }, schema: { tags, querystring: clientListQuerySchema, response: { 200: pagedResultSchema(clientSchema) } } },
    async (request) => {
      const { status } = request.query;
      const page = await fetchPage(
        app.db.select(columns).from(clients).$dynamic(),
        app.db.select({ value: count() }).from(clients).$dynamic(),
        listClauses(request.query, listSpec, [visibleClients(requirePrincipal(request)), status ? eq(clients.status, status) : undefined]),
      );
      return { items: page.items.map(withIsoAudit), totalCount: page.totalCount };
    },
  );

  app.get('/all', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(clientSchema) } } }, async (request) => {
    const rows = await app.db.select(columns).from(clients).where(visibleClients(requirePrincipal(request))).orderBy(asc(clients.code));
    return rows.map(withIsoAudit);
  });

  app.put(
    '/set-currentUser-productId',
    { config: { access: 'authenticated' }, schema: { tags, body: selectionSchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await setSelection(tx, principal, request.body.clientId, request.body.productId);
        return currentUser(tx, principal);
      });
    },
  );

  app.get(
    '/:id',
    { config: { access: PAGE }, schema: { tags, params: idParamsSchema, response: { 200: clientSchema } } },
    async (request) => getClient(app.db, requirePrincipal(request), request.params.id),
  );

  app.post(
    '',
    { config: { access: `${PAGE}.add` }, schema: { tags, body: clientInputSchema, response: { 201: clientSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const [row] = await tx
          .insert(clients)
          .values({ ...request.body, creatorId: principal.userId, creationTime: isoNow() })
          .returning(columns)
          .catch(duplicateOf('code', request.body.code));
        if (!row) throw new Error('insert returned no row');
        return withIsoAudit(row);
      });
    },
  );

  app.put(
    '/:id',
    { config: { access: `${PAGE}.update` }, schema: { tags, params: idParamsSchema, body: clientInputSchema, response: { 200: clientSchema } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await getClient(tx, principal, request.params.id);
        const [row] = await tx
          .update(clients)
          .set({ ...request.body, lastModifierId: principal.userId, lastModificationTime: isoNow() })
          .where(eq(clients.id, request.params.id))
          .returning(columns)
          .catch(duplicateOf('code', request.body.code));
        if (!row) throw new AppError('not_found');
        return withIsoAudit(row);
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
        const client = await getClient(tx, principal, request.params.id);
        const owned = await tx.select({ code: products.code }).from(products).where(eq(products.clientId, client.id)).orderBy(asc(products.code));
        if (owned.length) throw inUse('products', owned.map((product) => product.code));
        await tx.delete(clients).where(eq(clients.id, client.id));
      });
      return reply.send(null);
    },
  );
};
