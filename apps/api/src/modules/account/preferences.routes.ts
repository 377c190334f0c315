import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_USER_PREFERENCES,
  PREFERENCE_ENDPOINTS,
  userPreferencesSchema,
  type UserPreferences,
} from '@armature/domain';
import { users } from '../../core/auth/users.table.ts';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Db, Tx } from '../../core/db/client.ts';

const tags = ['account'];

/** A user's stored choices over the defaults (a key absent from the row takes its default). */
async function preferencesOf(db: Db | Tx, userId: string): Promise<UserPreferences> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  return userPreferencesSchema.parse({ ...DEFAULT_USER_PREFERENCES, ...row?.preferences });
}

/**
 * `/api/account/preferences`: the caller's theme, density and muted notification kinds,
 * kept on the server so they follow the user to any browser.
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    PREFERENCE_ENDPOINTS.get,
    async (request) => preferencesOf(app.db, requirePrincipal(request).userId),
    { tags },
  );

  endpointRoute(
    app,
    PREFERENCE_ENDPOINTS.update,
    async (request, reply) => {
      const { userId } = requirePrincipal(request);
      // Only the keys sent change; `undefined` ones (absent) are dropped by JSON.
      const changes = JSON.stringify(request.body);
      return runWrite(request, reply, async (tx) => {
        await tx
          .update(users)
          .set({
            preferences: sql`${users.preferences} || ${changes}::jsonb`,
            lastModifierId: userId,
            lastModificationTime: isoNow(),
          })
          .where(eq(users.id, userId));
        return preferencesOf(tx, userId);
      });
    },
    { tags },
  );
};
