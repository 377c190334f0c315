import { eq, type SQL } from 'drizzle-orm';
import type { Resource } from '@armature/domain';
import { productSettings } from '../db/schema/index.ts';
import type { Principal } from '../modules/permissions/principal.service.ts';
import { ofVisibleProducts, visibleClients, visibleProducts } from '../modules/tenancy/tenancy.service.ts';
import type { Caller } from './register-crud-routes.ts';
import { resourceQuery } from './resource-query.ts';

/** Global resources whose records not every reader sees: the tenants, and what belongs to them. */
const RESTRICTED: Readonly<Record<string, (principal: Principal) => SQL | undefined>> = {
  client: visibleClients,
  product: visibleProducts,
  productSetting: (principal) => ofVisibleProducts(productSettings.productId, principal),
};

/**
 * The records of `resource` the caller may see — in its lists and detail, and as the target of a
 * reference they write: those of their current product for a product-scoped resource; for a global
 * one all, but for the tenants' own records.
 */
export async function visibleRecords(resource: Resource, caller: Caller): Promise<SQL | undefined> {
  if (resource.scope === 'product')
    return eq(resourceQuery(resource).column('productId'), (await caller.scope()).productId);
  return RESTRICTED[resource.name]?.(caller.principal);
}
