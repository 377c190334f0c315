import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq, sql } from 'drizzle-orm';
import { roleInputSchema, roleListQuerySchema, roleSchema } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { roles, userRoles } from '../../core/auth/roles.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { registerCrudRoutes } from '../../core/crud/register-crud-routes.ts';
import { AppError } from '../../core/http/app-error.ts';
import { inUse } from '../../core/crud/in-use.ts';
import { duplicateOf } from '../../core/db/db-errors.ts';
import { LABELS } from '../../core/http/labels.ts';

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
    onDuplicate: (input) => duplicateOf('name', input.name),
    // The static admin role keeps its name (docs/spec.md §2.2 Roles: the name marks an admin).
    beforeWrite: async (_tx, _caller, input, existing) => {
      if (existing?.isStatic && input.name !== existing.name) throw new AppError('static_role');
    },
    beforeDelete: async (tx, _caller, role) => {
      if (role.isStatic) throw new AppError('static_role');
      const holders = await tx
        .select({ userName: users.userName })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(eq(userRoles.roleId, role.id))
        .orderBy(asc(users.userName));
      if (holders.length) throw inUse([{ label: LABELS.users, names: holders.map((holder) => holder.userName) }]);
    },
  });
};
