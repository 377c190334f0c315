import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  buildMenuTree,
  isGrantable,
  isPermission,
  PERMISSION_ENDPOINTS,
  PERMISSIONS,
  type PermissionGrants,
  type ProviderName,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { rolePermissions, roles, userPermissions } from '../../core/auth/roles.table.ts';
import { users } from '../../core/auth/users.table.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { managedUsers } from './users.service.ts';
import { assertMayEditRole, visibleRoles } from './roles.routes.ts';
import { assertMayGive } from './grant-rules.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { isoNow } from '../../core/db/time.ts';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { holds } from '../../core/auth/principal.ts';

const tags = ['permissions'];
const uuid = z.uuid();

/**
 * A grant holder: a role (`R`) by id or by name, or a user (`U`) by id; `clientId` is the holder's
 * (null: the maker's role or staff). Unknown ones, and those the editor may not see, are 404.
 */
type Provider =
  | { kind: 'R'; roleId: string; isStatic: boolean; clientId: string | null }
  | { kind: 'U'; userId: string; clientId: string | null };

/**
 * A role by name resolves within the editor's client (their client's role, else the template); the
 * maker's admin, who has no client, gets the template, else the one client role of that name — two
 * clients' roles of one name are told apart by id.
 */
async function findRole(db: Db | Tx, providerKey: string, editor: Principal) {
  const key = uuid.safeParse(providerKey).success ? eq(roles.id, providerKey) : eq(roles.name, providerKey);
  const found = await db
    .select({ id: roles.id, isStatic: roles.isStatic, clientId: roles.clientId })
    .from(roles)
    .where(and(key, visibleRoles(editor)))
    .orderBy(sql`${roles.clientId} is null`)
    .limit(2);
  const [first, second] = found;
  return first && (first.clientId === null || !second || second.clientId === null) ? first : undefined;
}

async function findProvider(
  db: Db | Tx,
  providerName: ProviderName,
  providerKey: string,
  editor: Principal,
): Promise<Provider> {
  if (providerName === 'R') {
    const role = await findRole(db, providerKey, editor);
    if (role) return { kind: 'R', roleId: role.id, isStatic: role.isStatic, clientId: role.clientId };
  } else if (uuid.safeParse(providerKey).success) {
    // A user's grants are read and edited by whoever manages the user (their client's managers, admins).
    const [user] = await db
      .select({ id: users.id, clientId: users.clientId })
      .from(users)
      .where(and(eq(users.id, providerKey), managedUsers(editor)));
    if (user) return { kind: 'U', userId: user.id, clientId: user.clientId };
  }
  throw new AppError('not_found');
}

/** Who may change a role's grants: the admin role's nobody, a template's the maker's admin alone. */
function assertMayEditGrants(editor: Principal, provider: Provider): void {
  if (provider.kind !== 'R') return;
  if (provider.isStatic) throw new AppError('static_role');
  assertMayEditRole(editor, provider);
}

async function grantsOf(db: Db | Tx, provider: Provider): Promise<string[]> {
  // The static admin role holds every permission, whatever is stored.
  if (provider.kind === 'R' && provider.isStatic) return [...PERMISSIONS];
  const rows =
    provider.kind === 'R'
      ? await db
          .select({ name: rolePermissions.name })
          .from(rolePermissions)
          .where(eq(rolePermissions.roleId, provider.roleId))
          .orderBy(asc(rolePermissions.name))
      : await db
          .select({ name: userPermissions.name })
          .from(userPermissions)
          .where(eq(userPermissions.userId, provider.userId))
          .orderBy(asc(userPermissions.name));
  return rows.map((row) => row.name);
}

async function applyChanges(
  tx: Tx,
  provider: Provider,
  changes: { name: string; isGranted: boolean }[],
  actorId: string,
) {
  const granted = [...new Set(changes.filter((change) => change.isGranted).map((change) => change.name))];
  const revoked = changes.filter((change) => !change.isGranted).map((change) => change.name);
  const audit = { creatorId: actorId, creationTime: isoNow() };
  if (provider.kind === 'R') {
    if (revoked.length)
      await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, provider.roleId), inArray(rolePermissions.name, revoked)));
    if (granted.length)
      await tx
        .insert(rolePermissions)
        .values(granted.map((name) => ({ roleId: provider.roleId, name, ...audit })))
        .onConflictDoNothing();
  } else {
    if (revoked.length)
      await tx
        .delete(userPermissions)
        .where(and(eq(userPermissions.userId, provider.userId), inArray(userPermissions.name, revoked)));
    if (granted.length)
      await tx
        .insert(userPermissions)
        .values(granted.map((name) => ({ userId: provider.userId, name, ...audit })))
        .onConflictDoNothing();
  }
}

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    PERMISSION_ENDPOINTS.grantable,
    // What the caller may grant: what they hold, admin-only permissions never.
    async (request) => {
      const principal = requirePrincipal(request);
      return buildMenuTree(localeOf(request), (name) => isGrantable(name) && holds(principal, name));
    },
    { tags },
  );

  endpointRoute(
    app,
    PERMISSION_ENDPOINTS.held,
    async (request) => {
      const principal = requirePrincipal(request);
      return { isAdmin: principal.isAdmin, granted: PERMISSIONS.filter((name) => holds(principal, name)) };
    },
    { tags },
  );

  endpointRoute(
    app,
    PERMISSION_ENDPOINTS.menus,
    async (request) => {
      const principal = requirePrincipal(request);
      return buildMenuTree(localeOf(request), (name) => holds(principal, name));
    },
    { tags },
  );

  endpointRoute(
    app,
    PERMISSION_ENDPOINTS.grants,
    async (request): Promise<PermissionGrants> => {
      const { providerName, providerKey } = request.query;
      const provider = await findProvider(app.db, providerName, providerKey, requirePrincipal(request));
      return { providerName, providerKey, granted: await grantsOf(app.db, provider) };
    },
    { tags },
  );

  endpointRoute(
    app,
    PERMISSION_ENDPOINTS.saveGrants,
    async (request, reply): Promise<PermissionGrants> => {
      const { providerName, providerKey } = request.query;
      const editor = requirePrincipal(request);
      const actorId = editor.userId;
      const details: Record<string, string[]> = {};
      request.body.permissions.forEach((change, index) => {
        if (!isPermission(change.name) || (change.isGranted && !isGrantable(change.name)))
          details[`permissions.${index}.name`] = ['invalid'];
      });
      if (Object.keys(details).length) throw invalidFields(details);
      // Before the look-up: a maker manager, who manages nobody, would otherwise hear 404 for themselves.
      if (providerName === 'U' && providerKey === editor.userId) throw new AppError('own_grants');
      return runWrite(request, reply, async (tx) => {
        const provider = await findProvider(tx, providerName, providerKey, editor);
        assertMayEditGrants(editor, provider);
        // Revoking is managing the holder; granting, only what the editor may give this holder.
        assertMayGive(
          editor,
          provider.clientId,
          request.body.permissions.flatMap((change, index) =>
            change.isGranted ? [{ path: `permissions.${index}.name`, permissions: [change.name] }] : [],
          ),
        );
        await applyChanges(tx, provider, request.body.permissions, actorId);
        return { providerName, providerKey, granted: await grantsOf(tx, provider) };
      });
    },
    { tags },
  );
};
