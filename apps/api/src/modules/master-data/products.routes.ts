import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { PRODUCT_CHOICE_ENDPOINTS, RESOURCES, productResource, type Resource } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { productSettings } from './master-data.table.ts';
import { userProducts, userSelections } from '../../core/tenancy/tenancy.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { recordsPointingAt } from '../../core/crud/resource-query.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { LABELS } from '../../core/http/labels.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { isoNow } from '../../core/db/time.ts';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { selectableProducts, visibleProducts } from '../../core/tenancy/tenancy.ts';

const tags = [productResource.name];

/** The products the caller may choose as current: within their client, or for admins by client. */
const byClientRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    PRODUCT_CHOICE_ENDPOINTS.ofCurrentClient,
    async (request) => selectableProducts(app.db, requirePrincipal(request), (await request.scope()).clientId),
    { tags },
  );
  endpointRoute(
    app,
    PRODUCT_CHOICE_ENDPOINTS.ofClient,
    async (request) => selectableProducts(app.db, requirePrincipal(request), request.params.clientId),
    { tags },
  );
};

/** Users assigned to the product, or working in it. */
async function usersOf(tx: Tx, productId: string): Promise<Referrers[]> {
  const assigned = await tx
    .select({ userName: users.userName })
    .from(userProducts)
    .innerJoin(users, eq(users.id, userProducts.userId))
    .where(eq(userProducts.productId, productId));
  const selecting = await tx
    .select({ userName: users.userName })
    .from(userSelections)
    .innerJoin(users, eq(users.id, userSelections.userId))
    .where(eq(userSelections.productId, productId));
  const names = [...new Set([...assigned, ...selecting].map((row) => row.userName))].sort();
  return names.length ? [{ label: LABELS.users, names }] : [];
}

/** The plant's own records (rebar specs, materials…): deleting a product must not orphan them (nor its stock). */
async function plantRecordsOf(tx: Tx, productId: string): Promise<Referrers[]> {
  const groups: Referrers[] = [];
  for (const resource of RESOURCES.filter((each) => each.scope === 'product') as Resource[])
    groups.push(...(await recordsPointingAt(tx, resource, 'productId', productId)));
  return groups;
}

/**
 * Products: a resource whose records are tenants. Each gets its settings row when created (the
 * definition's defaults); one still used by people or holding plant data cannot be deleted (areas
 * holding more of its data register their own usage checks).
 */
export const productRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, productResource, {
    afterCreate: async (tx, caller, product) => {
      await tx
        .insert(productSettings)
        .values({ productId: product.id, creatorId: caller.principal.userId, creationTime: isoNow() });
    },
    visible: (caller) => visibleProducts(caller.principal),
    usage: async (tx, productId) => [...(await usersOf(tx, productId)), ...(await plantRecordsOf(tx, productId))],
  });
  await app.register(byClientRoutes, { prefix: `/${productResource.path}` });
};
