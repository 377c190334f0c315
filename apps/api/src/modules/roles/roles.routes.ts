import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idParamsSchema, pagedResultSchema, roleInputSchema, roleListQuerySchema, roleSchema, type Role } from '@armature/domain';
import type { Db, Tx } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { duplicateOf } from '../../lib/db-errors.ts';
import { inUse } from '../../lib/in-use.ts';
import { fetchPage, listClauses, type ListSpec } from '../../lib/list-query.ts';
import { noContentSchema } from '../../lib/route-schemas.ts';
import { isoNow, withIsoAudit } from '../../lib/time.ts';
import { requirePrincipal } from '../../plugins/access.ts';
import { runWrite } from '../../plugins/idempotency.ts';

const PAGE = 'basicConfig.user.roles';
const tags = ['roles'];

// Spelled out: drizzle leaves columns unqualified in a single-table select list, where `id` would be ambiguous.
const userCount = sql<number>`(select count(*)::int from user_roles where user_roles.role_id = roles.id)`;
const columns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  isStatic: roles.isStatic,
  userCount,
  creationTime: roles.creationTime,
  lastModificationTime: roles.lastModificationTime,
};

const listSpec: ListSpec = {
  searchable: [roles.name, roles.description],
  sortable: { name: roles.name, description: roles.description, creationTime: roles.creationTime, userCount },
  defaultOrder: [asc(roles.name)],
};

const toRole = (row: Role): Role => withIsoAudit(row);

async function getRole(db: Db | Tx, id: string): Promise<Role> {
  const [row] = await db.select(columns).from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError('not_found');
  return toRole(row);
}

async function lockRole(tx: Tx, id: string) {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    { config: { access: PAGE }, schema: { tags, querystring: roleListQuerySchema, response: { 200: pagedResultSchema(roleSchema) } } },
    async (request) => {
      const page = await fetchPage(
        app.db.select(columns).from(roles).$dynamic(),
        app.db.select({ value: count() }).from(roles).$dynamic(),
        listClauses(request.query, listSpec),
      );
      return { items: page.items.map(toRole), totalCount: page.totalCount };
    },
  );

  // Any signed-in user: the personnel form offers the role names to whoever may edit users.
  app.get('/all', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(roleSchema) } } }, async () =>
    (await app.db.select(columns).from(roles).orderBy(asc(roles.name))).map(toRole),
  );

  app.get(
    '/:id',
    { config: { access: PAGE }, schema: { tags, params: idParamsSchema, response: { 200: roleSchema } } },
    async (request) => getRole(app.db, request.params.id),
  );

  app.post(
    '',
    { config: { access: `${PAGE}.add` }, schema: { tags, body: roleInputSchema, response: { 201: roleSchema } } },
    async (request, reply) => {
      const actorId = requirePrincipal(request).userId;
      const { name, description } = request.body;
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({ name, description, creatorId: actorId, creationTime: isoNow() })
          .returning({ id: roles.id })
          .catch(duplicateOf('name', name));
        if (!row) throw new Error('insert returned no row');
        return getRole(tx, row.id);
      });
    },
  );

  app.put(
    '/:id',
    { config: { access: `${PAGE}.update` }, schema: { tags, params: idParamsSchema, body: roleInputSchema, response: { 200: roleSchema } } },
    async (request, reply) => {
      const actorId = requirePrincipal(request).userId;
      const { name, description } = request.body;
      return runWrite(request, reply, async (tx) => {
        const role = await lockRole(tx, request.params.id);
        if (role.isStatic && name !== role.name) throw new AppError('static_role');
        await tx
          .update(roles)
          .set({ name, description, lastModifierId: actorId, lastModificationTime: isoNow() })
          .where(eq(roles.id, role.id))
          .catch(duplicateOf('name', name));
        return getRole(tx, role.id);
      });
    },
  );

  app.delete(
    '/:id',
    { config: { access: `${PAGE}.delete` }, schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, async (tx) => {
        const role = await lockRole(tx, request.params.id);
        if (role.isStatic) throw new AppError('static_role');
        const holders = await tx
          .select({ userName: users.userName })
          .from(userRoles)
          .innerJoin(users, eq(users.id, userRoles.userId))
          .where(eq(userRoles.roleId, role.id))
          .orderBy(asc(users.userName));
        if (holders.length) throw inUse('users', holders.map((holder) => holder.userName));
        await tx.delete(roles).where(eq(roles.id, role.id));
      });
      return reply.send(null);
    },
  );
};
