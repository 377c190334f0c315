import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_ENDPOINTS, WEB_CLIENT_ID } from '@armature/domain';
import { passwordResetTokens } from '../users/index.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { sha256 } from '../../core/auth/tokens.ts';
import { isoNow } from '../../core/db/time.ts';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { insertUser, setPassword } from '../users/index.ts';
import { currentUser, findUserByName, userNameIs } from './account.service.ts';
import {
  clearFailures,
  lockSubjects,
  ipSubject,
  registrationSubjects,
  takeAttempt,
  userSubject,
} from '../../core/auth/login-throttle.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../core/auth/password.ts';
import { issueTokens, revokeFamily, revokeFamilyOf, rotateRefreshToken } from '../../core/auth/refresh-tokens.ts';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.login,
    async (request) => {
      const { userName, password } = request.body;
      const subjects = [userSubject(userName), ipSubject(request.ip)];
      // The attempt is counted before the password is checked: parallel guesses cannot outrun the lock.
      const attempt = await takeAttempt(app.db, subjects);
      if ('locked' in attempt) throw new AppError('too_many_attempts', { minutes: attempt.locked });
      const user = await findUserByName(app.db, userName);
      // Unknown users cost a verification too, so timing does not reveal which names exist.
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      // A wrong password keeps its attempt counted as a failure.
      if (!user || !valid) throw new AppError('invalid_credentials');
      if (user.status !== 'active') {
        await attempt.release(app.db);
        throw new AppError('account_disabled');
      }
      return app.db.transaction(async (tx) => {
        await lockSubjects(tx, subjects);
        await attempt.release(tx);
        await clearFailures(tx, userSubject(userName));
        return issueTokens(tx, app.config, user.id);
      });
    },
    { tags },
  );

  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.refresh,
    async (request) => {
      // The web app is a public client: it cannot keep a secret, so none is checked.
      if (request.body.clientId !== WEB_CLIENT_ID) throw new AppError('invalid_client');
      return rotateRefreshToken(app.db, app.config, request.body.refreshToken);
    },
    { tags },
  );

  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.logout,
    async (request) => {
      const refreshToken = request.body.refreshToken;
      const principal = request.principal;
      await app.db.transaction(async (tx) => {
        if (refreshToken) await revokeFamilyOf(tx, refreshToken);
        // The bearer's own sign-in ends too: its access token answers 401 from now on.
        if (principal) await revokeFamily(tx, principal.sessionId);
      });
      return null;
    },
    { tags, optionalBearer: true },
  );

  endpointRoute(app, ACCOUNT_ENDPOINTS.currentUser, async (request) => currentUser(app.db, requirePrincipal(request)), {
    tags,
  });

  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.profile,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return runWrite(request, reply, async (tx) => {
        await tx
          .update(users)
          .set({ ...request.body, lastModifierId: principal.userId, lastModificationTime: isoNow() })
          .where(eq(users.id, principal.userId));
        return currentUser(tx, principal);
      });
    },
    { tags },
  );

  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.register,
    async (request) => {
      const attempt = await takeAttempt(app.db, registrationSubjects(request.ip));
      if ('locked' in attempt) throw new AppError('rate_limited');
      const { password, ...profile } = request.body;
      const created = await app.db
        .transaction(async (tx) => {
          if (await findUserByName(tx, profile.userName)) return false;
          await insertUser(tx, { ...profile, status: 'disabled', roleNames: [], productIds: [], password }, null);
          return true;
        })
        // The same name registered at the same moment: taken, like any existing one.
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'duplicate') return false;
          throw error;
        });
      // A taken name changes nothing but costs the same hash, so neither the answer nor its time tells it is taken.
      if (!created) await hashPassword(password);
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.forgotPassword,
    async (request) => {
      // The same answer whether or not the user exists: no user enumeration.
      await app.db.update(users).set({ passwordResetRequested: true }).where(userNameIs(request.body.userName));
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    ACCOUNT_ENDPOINTS.resetPassword,
    async (request) => {
      const { userName, token, newPassword } = request.body;
      await app.db.transaction(async (tx) => {
        const user = await findUserByName(tx, userName);
        const [spent] = user
          ? await tx
              .update(passwordResetTokens)
              .set({ usedAt: isoNow() })
              .where(
                and(
                  eq(passwordResetTokens.tokenHash, sha256(token)),
                  eq(passwordResetTokens.userId, user.id),
                  isNull(passwordResetTokens.usedAt),
                  gt(passwordResetTokens.expiresAt, isoNow()),
                ),
              )
              .returning({ id: passwordResetTokens.id })
          : [];
        if (!user || !spent) throw new AppError('invalid_reset_token');
        await setPassword(tx, user.id, newPassword, user.id);
        await clearFailures(tx, userSubject(user.userName));
      });
      return null;
    },
    { tags },
  );
};
