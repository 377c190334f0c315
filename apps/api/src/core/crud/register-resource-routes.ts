import type { FastifyInstance } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  crudEndpoints,
  endpointsOf,
  referrersOf,
  resourceByName,
  type FieldDef,
  type ListQuery,
  type Resource,
  type ResourceEndpoint,
} from '@armature/domain';
import type { Tx } from '../db/client.ts';
import { uniqueIndexName } from './resources.table.ts';
import { invalidFields } from '../http/app-error.ts';
import { duplicateError, onUniqueViolation } from '../db/db-errors.ts';
import { inUse, type Referrers } from './in-use.ts';
import { registerCrudRoutes, type Caller, type CrudResource } from './register-crud-routes.ts';
import { recordsPointingAt, resourceQuery } from './resource-query.ts';
import type { ResourceRules, UsageCheck, VisibilityRule } from './resource-rules.ts';
import { visibleRecords } from './visibility.ts';
import { requireEveryField } from './whole-body.ts';

/** A record as the generic routes handle it: the item schema's fields, by name. */
export type ResourceItem = Record<string, unknown> & {
  id: string;
  creationTime: string;
  lastModificationTime: string | null;
};
export type ResourceInput = Record<string, unknown>;
type ResourceListQuery = ListQuery & Record<string, unknown>;

/** Business rules of one resource beyond its definition. */
export type ResourceHooks = {
  /** Which records of a global resource a caller sees (registered for every resource referring to it too). */
  visible?: VisibilityRule;
  /** Records of the resource's own area that keep a record from being deleted (other areas: `addUsageCheck`). */
  usage?: UsageCheck;
  /** Checks before create and update (`existing` on update), after the generic reference checks. */
  beforeWrite?: (tx: Tx, caller: Caller, input: ResourceInput, existing?: ResourceItem) => Promise<void>;
  /** Records created with this one, in the same transaction. */
  afterCreate?: (tx: Tx, caller: Caller, item: ResourceItem) => Promise<void>;
};

const fieldsOf = (resource: Resource) => Object.entries(resource.fields) as [string, FieldDef][];

/** 400 naming every reference of the input that points at nothing the caller may see. */
async function checkReferences(
  rules: ResourceRules,
  tx: Tx,
  caller: Caller,
  resource: Resource,
  input: ResourceInput,
): Promise<void> {
  const invalid: Record<string, string[]> = {};
  const exists = async (to: string, id: string) => {
    const target = resourceByName(to);
    const { table } = resourceQuery(target);
    const [found] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), await visibleRecords(rules, target, caller)))
      // Held until the write commits, so a concurrent delete of the target either waits and then finds
      // it in use (409 `in_use`), or came first and the reference is refused here (400) — on
      // PostgreSQL as on PGlite, never a foreign-key failure.
      .for('key share');
    return found !== undefined;
  };
  for (const [field, definition] of fieldsOf(resource)) {
    const value = input[field];
    if (definition.kind === 'reference' && typeof value === 'string' && !(await exists(definition.to, value)))
      invalid[field] = ['invalid'];
    if (definition.kind === 'partList' && Array.isArray(value))
      for (const [index, entry] of (value as { id: string }[]).entries())
        if (!(await exists(definition.to, entry.id))) invalid[`${field}.${index}.id`] = ['invalid'];
  }
  if (Object.keys(invalid).length) throw invalidFields(invalid);
}

/** The records that refer to `id` through a reference field and would block its deletion. */
async function referringRecords(tx: Tx, resource: Resource, id: string): Promise<Referrers[]> {
  const groups: Referrers[] = [];
  // Owned records (a product's settings) go with their owner.
  for (const referrer of referrersOf(resource.name).filter(
    (each) => each.definition.kind === 'partList' || !each.definition.ownedBy,
  ))
    groups.push(...(await recordsPointingAt(tx, referrer.resource, referrer.field, id)));
  return groups;
}

/** The unique set whose index a write violated (the first one if the driver does not say). */
function clashingSet(resource: Resource, constraint: string | undefined): readonly string[] {
  return resource.unique.find((set) => uniqueIndexName(resource, set) === constraint) ?? resource.unique[0] ?? [];
}

/**
 * What the records an endpoint serves are narrowed to beyond the resource's own visibility: the plant
 * variant (docs/spec.md §4.3 Product settings "admin and normal variants") serves the caller's current product only — the resource
 * is keyed by `productId`. Its input leaves the maker-only fields out, and so leaves them as they are.
 */
function endpointVisibility(endpoint: ResourceEndpoint): ((caller: Caller) => Promise<SQL | undefined>) | undefined {
  if (endpoint.variant !== 'plant') return undefined;
  const productId = resourceQuery(endpoint.resource).column('productId');
  return async (caller) => eq(productId, (await caller.scope()).productId);
}

/**
 * The routes of a resource of the domain registry (see `registerCrudRoutes`), with the rules every
 * resource shares: derived values, references to visible records only, 409 `duplicate` naming the
 * clashing fields, 409 `in_use` naming the referring records, product-scoped rows kept in the
 * caller's current product. `hooks` add a resource's own rules.
 */
export function registerResourceRoutes(app: FastifyInstance, resource: Resource, hooks: ResourceHooks = {}) {
  if (hooks.visible) app.resourceRules.visibility.set(resource.name, hooks.visible);
  for (const endpoint of endpointsOf(resource)) {
    const crud = crudOf(app.resourceRules, endpoint, hooks);
    const wholeBody = requireEveryField(endpoint.input);
    for (const path of [endpoint.path, ...endpoint.aliases])
      void app.register(
        async (scope) => {
          // The resource's only PUT is its update, which replaces the record.
          scope.addHook('preValidation', async (request) => {
            if (request.method === 'PUT') await wholeBody(request);
          });
          registerCrudRoutes(scope, { ...crud, endpoints: endpointsAt(endpoint, path) });
        },
        { prefix: `/${path}` },
      );
  }
}

/** The generic routes of a resource's endpoint, at its path or one of its aliases. */
function endpointsAt(endpoint: ResourceEndpoint, path: string) {
  const { resource } = endpoint;
  return crudEndpoints({
    path,
    page: endpoint.page,
    optionsAccess: resource.optionsAccess,
    // The definitions build these schemas at run time; their static type is only "an object".
    item: resource.schemas.item as unknown as z.ZodType<ResourceItem>,
    input: endpoint.input as z.ZodType<ResourceInput>,
    listQuery: resource.schemas.listQuery as unknown as z.ZodType<ResourceListQuery>,
  });
}

function crudOf(
  rules: ResourceRules,
  endpoint: ResourceEndpoint,
  hooks: ResourceHooks,
): Omit<CrudResource<ResourceItem, ResourceInput, ResourceListQuery>, 'endpoints'> {
  const { resource } = endpoint;
  const query = resourceQuery(resource);
  const narrowed = endpointVisibility(endpoint);
  const filterable = resource.filterable.map((name) => [name, query.column(name)] as const);
  return {
    tags: [resource.name],
    table: query.table,
    list: query.list,
    selectItems: query.selectItems,
    countItems: query.countItems,
    filters: (values) =>
      filterable.map(([name, column]) => (values[name] === undefined ? undefined : eq(column, values[name]))),
    visible: async (caller) => and(await visibleRecords(rules, resource, caller), await narrowed?.(caller)),
    operations: resource.operations,
    beforeWrite: async (tx, caller, input, existing) => {
      await checkReferences(rules, tx, caller, resource, input);
      await hooks.beforeWrite?.(tx, caller, input, existing);
    },
    toRow: async (caller, input, existing) => {
      const values = { ...input, ...resource.derive?.(input) };
      // A new product-scoped record belongs to the caller's current product, whatever the body says.
      if (resource.scope !== 'product' || existing) return values;
      const { clientId, productId } = await caller.scope();
      return { ...values, clientId, productId };
    },
    onDuplicate: (input) =>
      onUniqueViolation((constraint) => {
        const values = { ...input, ...resource.derive?.(input) };
        return duplicateError(
          clashingSet(resource, constraint).map((name) => ({
            name,
            label: (resource.fields[name] as FieldDef).label,
            value: values[name],
          })),
        );
      }),
    afterCreate: hooks.afterCreate,
    beforeDelete: async (tx, _caller, item) => {
      const referring = [
        ...(await referringRecords(tx, resource, item.id)),
        ...((await hooks.usage?.(tx, item.id)) ?? []),
      ];
      // One after another: a transaction's queries share one connection.
      for (const check of rules.usage.get(resource.name) ?? []) referring.push(...(await check(tx, item.id)));
      if (referring.length) throw inUse(referring);
    },
  };
}
