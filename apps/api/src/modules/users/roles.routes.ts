import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE, ROLE_ENDPOINTS, type Role } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { roles, userRoles } from '../../core/auth/roles.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { clients } from '../../core/crud/resources.table.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { registerCrudRoutes, type Caller } from '../../core/crud/register-crud-routes.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { inUse } from '../../core/crud/in-use.ts';
import { duplicateError, duplicateOf } from '../../core/db/db-errors.ts';
import { LABELS } from '../../core/http/labels.ts';

const tags = ['roles'];

/**
 * The roles a principal sees: the maker's admin all; anyone else their client's roles and the maker's
 * templates (a maker's staff member, the templates only). Another client's role answers 404.
 */
export function visibleRoles(principal: Principal): SQL | undefined {
  if (principal.isAdmin) return undefined;
  return or(isNull(roles.clientId), principal.clientId ? eq(roles.clientId, principal.clientId) : undefined);
}

/** Holders of the role among the caller's client's users (the maker's admin: all of them). */
function userCountFor(principal: Principal) {
  const ofClient = principal.isAdmin ? sql`` : sql` and users.client_id is not distinct from ${principal.clientId}`;
  // Spelled out: drizzle leaves columns unqualified in a single-table select list, where `id` would be ambiguous.
  return sql<number>`(select count(*)::int from user_roles inner join users on users.id = user_roles.user_id where user_roles.role_id = roles.id${ofClient})`.as(
    'user_count',
  );
}

const selectRoles = (db: Db | Tx, caller: Caller) =>
  db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isStatic: roles.isStatic,
      clientId: roles.clientId,
      clientName: clients.companyName,
      userCount: userCountFor(caller.principal),
      creationTime: roles.creationTime,
      lastModificationTime: roles.lastModificationTime,
    })
    .from(roles)
    .leftJoin(clients, eq(clients.id, roles.clientId))
    .$dynamic();

/** A template (the maker's role) is edited, granted and deleted by the maker's admin alone. */
export function assertMayEditRole(editor: Principal, role: { clientId: string | null }): void {
  if (role.clientId === null && !editor.isAdmin) throw new AppError('template_role');
}

/**
 * The client of a written role: a client manager's roles are their client's; the maker's admin picks
 * one when creating (absent or null: a template); a role keeps its client for good, since its holders
 * are that client's users.
 */
function clientOfRole(editor: Principal, input: { clientId?: string | null }, existing?: Role): string | null {
  if (existing) return existing.clientId;
  return editor.isAdmin ? (input.clientId ?? null) : editor.clientId;
}

/**
 * Who may write the role: a template is the maker's admin's, and a maker's staff member who is not
 * admin would create one; the client the admin picks must exist, and a role's client never changes.
 */
async function assertMayWriteRole(
  tx: Tx,
  editor: Principal,
  input: { clientId?: string | null },
  existing?: Role,
): Promise<void> {
  if (existing) {
    assertMayEditRole(editor, existing);
    if (input.clientId !== undefined && input.clientId !== existing.clientId)
      throw invalidFields({ clientId: ['invalid'] });
    return;
  }
  if (!editor.isAdmin && !editor.clientId) throw new AppError('template_role');
  if (!editor.isAdmin || !input.clientId) return;
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
  if (!client) throw invalidFields({ clientId: ['invalid'] });
}

/**
 * A role name resolves to one role for any client: a client's role may not take a template's name (nor
 * the reserved `admin`), and a template none of any client's roles. Same-client clashes are the
 * unique key's.
 */
async function assertNameFree(tx: Tx, name: string, clientId: string | null, existing?: Role): Promise<void> {
  const clash = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`lower(${roles.name}) = lower(${name})`,
        clientId ? isNull(roles.clientId) : undefined,
        existing ? ne(roles.id, existing.id) : undefined,
      ),
    )
    .limit(1);
  const reserved = name.toLowerCase() === ADMIN_ROLE && !existing?.isStatic;
  if (clash.length || reserved) throw duplicateError([{ name: 'name', label: LABELS.name, value: name }]);
}

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    endpoints: ROLE_ENDPOINTS,
    tags,
    table: roles,
    list: {
      searchable: [roles.name, roles.description],
      sortable: {
        name: roles.name,
        description: roles.description,
        creationTime: roles.creationTime,
        // The select list's alias: the count depends on who asks.
        userCount: sql`user_count`,
      },
      defaultOrder: [asc(roles.name)],
    },
    selectItems: selectRoles,
    countItems: (db) => db.select({ value: count() }).from(roles).$dynamic(),
    filters: () => [],
    visible: (caller) => visibleRoles(caller.principal),
    onDuplicate: (input) => duplicateOf('name', input.name),
    beforeWrite: async (tx, caller, input, existing) => {
      // The static admin role keeps its name: the name is what marks an admin.
      if (existing?.isStatic && input.name !== existing.name) throw new AppError('static_role');
      await assertMayWriteRole(tx, caller.principal, input, existing);
      await assertNameFree(tx, input.name, clientOfRole(caller.principal, input, existing), existing);
    },
    toRow: async (caller, input, existing) => ({
      name: input.name,
      description: input.description,
      clientId: clientOfRole(caller.principal, input, existing),
    }),
    beforeDelete: async (tx, caller, role) => {
      if (role.isStatic) throw new AppError('static_role');
      assertMayEditRole(caller.principal, role);
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
