import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import type { Referrers } from './in-use.ts';
import type { Caller } from './register-crud-routes.ts';

/** The records of a global resource a caller may see (the tenants' own records); undefined: all. */
export type VisibilityRule = (caller: Caller) => SQL | undefined;

/** Records that still use the resource's record `id`, each kind named in the 409 `in_use` answer. */
export type UsageCheck = (tx: Tx, id: string) => Promise<Referrers[]>;

/**
 * Rules about a resource that other code needs by resource name: who sees which records (also when
 * another resource refers to one), and which records of other areas keep one from being deleted.
 * The area that knows the rule registers it — stock says which rebar specs it uses — so the generic
 * crud and the area owning the resource never import the areas that refer to it.
 */
export type ResourceRules = {
  visibility: Map<string, VisibilityRule>;
  usage: Map<string, UsageCheck[]>;
};

declare module 'fastify' {
  interface FastifyInstance {
    resourceRules: ResourceRules;
  }
}

export const resourceRulesPlugin = fp(async (app) => {
  app.decorate('resourceRules', { visibility: new Map(), usage: new Map() } satisfies ResourceRules);
});

/** Called by the area that holds references to `resourceName`'s records, when it registers its routes. */
export function addUsageCheck(app: FastifyInstance, resourceName: string, check: UsageCheck): void {
  const checks = app.resourceRules.usage.get(resourceName) ?? [];
  app.resourceRules.usage.set(resourceName, [...checks, check]);
}
