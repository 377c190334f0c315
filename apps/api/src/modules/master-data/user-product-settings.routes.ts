import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { USER_PRODUCT_SETTING_ENDPOINTS, type UserProductSetting } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { productSettings } from './master-data.table.ts';
import { userProductSettings } from './user-product-settings.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';

const tags = ['userProductSetting'];

const columns = {
  id: userProductSettings.id,
  productId: userProductSettings.productId,
  wasteLength: userProductSettings.wasteLength,
  creationTime: userProductSettings.creationTime,
  lastModificationTime: userProductSettings.lastModificationTime,
};

type Row = {
  id: string;
  productId: string;
  wasteLength: number | null;
  creationTime: string;
  lastModificationTime: string | null;
};

const toItem = (row: Row): UserProductSetting => ({
  ...row,
  creationTime: toIso(row.creationTime),
  lastModificationTime: toIso(row.lastModificationTime),
});

/** The caller's row in their current product; nothing set yet reads as a row of nulls without id (a GET creates nothing). */
async function settingOf(db: Db | Tx, scope: Scope): Promise<UserProductSetting> {
  const [row] = await db
    .select(columns)
    .from(userProductSettings)
    .where(and(eq(userProductSettings.userId, scope.userId), eq(userProductSettings.productId, scope.productId)));
  return row
    ? toItem(row)
    : { id: null, productId: scope.productId, wasteLength: null, creationTime: null, lastModificationTime: null };
}

/** Each user's own overrides of their current product's settings; everyone signed in keeps their own. */
export const userProductSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(app, USER_PRODUCT_SETTING_ENDPOINTS.get, async (request) => settingOf(app.db, await request.scope()), {
    tags,
  });

  // What the optimizer uses: the user's own waste length, else the product's.
  endpointRoute(
    app,
    USER_PRODUCT_SETTING_ENDPOINTS.wasteLength,
    async (request) => {
      const scope = await request.scope();
      const own = await settingOf(app.db, scope);
      if (own.wasteLength !== null) return { wasteLength: own.wasteLength, source: 'user' as const };
      const [product] = await app.db
        .select({ wasteLength: productSettings.wasteLength })
        .from(productSettings)
        .where(eq(productSettings.productId, scope.productId));
      if (!product) throw new AppError('not_found');
      return { wasteLength: product.wasteLength, source: 'product' as const };
    },
    { tags },
  );

  // Only the caller's own row in their current product; anything else answers 404 like a missing one.
  endpointRoute(
    app,
    USER_PRODUCT_SETTING_ENDPOINTS.byId,
    async (request) => {
      const scope = await request.scope();
      const [row] = await app.db
        .select(columns)
        .from(userProductSettings)
        .where(
          and(
            eq(userProductSettings.id, request.params.id),
            eq(userProductSettings.userId, scope.userId),
            eq(userProductSettings.productId, scope.productId),
          ),
        );
      if (!row) throw new AppError('not_found');
      return toItem(row);
    },
    { tags },
  );

  endpointRoute(
    app,
    USER_PRODUCT_SETTING_ENDPOINTS.save,
    async (request, reply) => {
      const scope = await request.scope();
      const { wasteLength } = request.body;
      return runWrite(request, reply, async (tx) => {
        const now = isoNow();
        await tx
          .insert(userProductSettings)
          .values({
            userId: scope.userId,
            productId: scope.productId,
            wasteLength,
            creatorId: scope.userId,
            creationTime: now,
          })
          .onConflictDoUpdate({
            target: [userProductSettings.userId, userProductSettings.productId],
            set: { wasteLength, lastModifierId: scope.userId, lastModificationTime: now },
          });
        return settingOf(tx, scope);
      });
    },
    { tags },
  );
};
