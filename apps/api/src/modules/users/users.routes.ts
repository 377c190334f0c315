import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq, exists, sql } from 'drizzle-orm';
import { USER_ACCOUNT_ENDPOINTS, USER_ENDPOINTS } from '@armature/domain';
import { passwordResetTokens } from './users.table.ts';
import { roles, userRoles } from '../../core/auth/roles.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { randomToken, sha256 } from '../../core/auth/tokens.ts';
import { isoNow } from '../../core/db/time.ts';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { verifyPassword } from '../../core/auth/password.ts';
import { holds } from '../../core/auth/principal.ts';
import { selectableProducts } from '../../core/tenancy/tenancy.ts';
import {
  assertAnotherAdminRemains,
  assertMayManage,
  getUser,
  insertUser,
  managedUsers,
  setPassword,
  toUsers,
  updateUser,
} from './users.service.ts';

const PAGE = 'basicConfig.user.personnel';
const RESET_PASSWORD = `${PAGE}.resetPassword`;
const RESET_TOKEN_MS = 24 * 60 * 60 * 1000;
const tags = ['users'];

const listSpec: ListSpec = {
  searchable: [users.userName, users.name, users.email, users.telephone],
  sortable: {
    userName: users.userName,
    name: users.name,
    email: users.email,
    status: users.status,
    creationTime: users.creationTime,
  },
  defaultOrder: [asc(users.userName)],
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    USER_ENDPOINTS.list,
    async (request) => {
      const { status, roleName, clientId } = request.query;
      const editor = requirePrincipal(request);
      const hasRole = roleName
        ? exists(
            sql`(select 1 from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.name} = ${roleName})`,
          )
        : undefined;
      const page = await fetchPage(
        app.db.select().from(users).$dynamic(),
        app.db.select({ value: count() }).from(users).$dynamic(),
        listClauses(request.query, listSpec, [
          managedUsers(editor),
          status ? eq(users.status, status) : undefined,
          clientId ? eq(users.clientId, clientId) : undefined,
          hasRole,
        ]),
      );
      return { items: await toUsers(app.db, page.items), totalCount: page.totalCount };
    },
    { tags },
  );

  endpointRoute(
    app,
    USER_ACCOUNT_ENDPOINTS.products,
    async (request) => selectableProducts(app.db, requirePrincipal(request)),
    { tags },
  );

  endpointRoute(
    app,
    USER_ENDPOINTS.get,
    async (request) => getUser(app.db, request.params.id, requirePrincipal(request)),
    { tags },
  );

  endpointRoute(
    app,
    USER_ENDPOINTS.create,
    async (request, reply) => {
      const editor = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => getUser(tx, await insertUser(tx, request.body, editor), editor));
    },
    { tags },
  );

  endpointRoute(
    app,
    USER_ENDPOINTS.update,
    async (request, reply) => {
      const editor = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await updateUser(tx, request.params.id, request.body, editor);
        return getUser(tx, request.params.id, editor);
      });
    },
    { tags },
  );

  endpointRoute(
    app,
    USER_ENDPOINTS.delete,
    async (request, reply) => {
      const editor = requirePrincipal(request);
      if (request.params.id === editor.userId) throw new AppError('self_delete');
      await runWrite(request, reply, async (tx) => {
        await assertMayManage(tx, editor, request.params.id);
        await assertAnotherAdminRemains(tx, request.params.id);
        const deleted = await tx.delete(users).where(eq(users.id, request.params.id)).returning({ id: users.id });
        if (deleted.length === 0) throw new AppError('not_found');
      });
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    USER_ACCOUNT_ENDPOINTS.changePassword,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { id } = request.params;
      const own = id === principal.userId;
      if (!own && !holds(principal, RESET_PASSWORD)) throw new AppError('forbidden');
      await runWrite(request, reply, async (tx) => {
        const [user] = await tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!user) throw new AppError('not_found');
        if (!own) await assertMayManage(tx, principal, id);
        if (own && !(await verifyPassword(request.body.currentPassword ?? '', user.passwordHash)))
          throw new AppError('wrong_current_password');
        // Changing one's own password keeps this session; everything else is signed out.
        await setPassword(tx, id, request.body.newPassword, principal.userId, own ? principal.sessionId : undefined);
      });
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    USER_ACCOUNT_ENDPOINTS.resetToken,
    async (request) => {
      const editor = requirePrincipal(request);
      // Not through runWrite: an idempotent replay would keep the plain token in the database.
      return app.db.transaction(async (tx) => {
        await assertMayManage(tx, editor, request.params.id);
        const user = { id: request.params.id };
        const token = randomToken();
        const expiresAt = isoNow(RESET_TOKEN_MS);
        // One valid token per user: issuing a new one retires the previous.
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
        await tx.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt,
          creatorId: editor.userId,
          creationTime: isoNow(),
        });
        return { token, expiresAt };
      });
    },
    { tags },
  );
};
