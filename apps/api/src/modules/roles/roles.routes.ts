import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roleInputSchema, roleListQuerySchema, roleSchema } from '@armature/domain';
import type { Db, Tx } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { registerCrudRoutes } from '../../crud/register-crud-routes.ts';
import { AppError } from '../../lib/app-error.ts';
import { inUse } from '../../lib/in-use.ts';
import { withIsoAudit } from '../../lib/time.ts';

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

const selectRoles = (db: Db | Tx) => db.select(columns).from(roles).$dynamic();

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any signed-in user: the personnel form offers the role names to whoever may edit users.
  app.get(
    '/all',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(roleSchema) } } },
    async () => (await selectRoles(app.db).orderBy(asc(roles.name))).map(withIsoAudit),
  );

  registerCrudRoutes(app, {
    page: 'basicConfig.user.roles',
    tags,
    table: roles,
    schemas: { item: roleSchema, input: roleInputSchema, listQuery: roleListQuerySchema },
    list: {
      searchable: [roles.name, roles.description],
      sortable: { name: roles.name, description: roles.description, creationTime: roles.creationTime, userCount },
      defaultOrder: [asc(roles.name)],
    },
    selectItems: selectRoles,
    countItems: (db) => db.select({ value: count() }).from(roles).$dynamic(),
    filters: () => [],
    visible: () => undefined,
    uniqueField: 'name',
    // The static admin role keeps its name (spec §6: the name marks an admin).
    beforeWrite: async (_tx, _principal, input, existing) => {
      if (existing?.isStatic && input.name !== existing.name) throw new AppError('static_role');
    },
    beforeDelete: async (tx, role) => {
      if (role.isStatic) throw new AppError('static_role');
      const holders = await tx
        .select({ userName: users.userName })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(eq(userRoles.roleId, role.id))
        .orderBy(asc(users.userName));
      if (holders.length)
        throw inUse(
          'users',
          holders.map((holder) => holder.userName),
        );
    },
  });
};
