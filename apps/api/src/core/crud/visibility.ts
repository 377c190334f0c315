import { eq, type SQL } from 'drizzle-orm';
import type { Resource } from '@armature/domain';
import type { Caller } from './register-crud-routes.ts';
import type { ResourceRules } from './resource-rules.ts';
import { resourceQuery } from './resource-query.ts';

/**
 * The records of `resource` the caller may see — in its lists and detail, and as the target of a
 * reference they write: those of their current product for a product-scoped resource; for a global
 * one all, unless its area registered a visibility rule (the tenants' own records).
 */
export async function visibleRecords(
  rules: ResourceRules,
  resource: Resource,
  caller: Caller,
): Promise<SQL | undefined> {
  if (resource.scope === 'product')
    return eq(resourceQuery(resource).column('productId'), (await caller.scope()).productId);
  return rules.visibility.get(resource.name)?.(caller);
}
