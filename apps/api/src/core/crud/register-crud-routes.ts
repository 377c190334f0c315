import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CrudEndpoints, ListQuery, ResourceOperation } from '@armature/domain';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { stillReferenced } from '../db/db-errors.ts';
import { fetchPage, listClauses, type ListSpec } from '../db/list-query.ts';
import { endpointRoute } from '../http/endpoint-route.ts';
import { isoNow, sameInstant, withIsoAudit } from '../db/time.ts';
import { requirePrincipal } from '../auth/access.plugin.ts';
import { runWrite } from '../http/idempotency.plugin.ts';
import type { Principal } from '../auth/principal.ts';
import type { Scope } from '../tenancy/tenancy.ts';

type AuditedItem = { id: string; creationTime: string; lastModificationTime: string | null };
type AuditedTable = PgTable & { id: PgColumn; creatorId: PgColumn; lastModifierId: PgColumn };
type Input = Record<string, unknown> & { lastModificationTime?: string | null };

/** Who is asking: the signed-in user, and their current client and product when a route needs them. */
export type Caller = { principal: Principal; scope: () => Promise<Scope> };

export function callerOf(request: FastifyRequest): Caller {
  return { principal: requirePrincipal(request), scope: () => request.scope() };
}

/**
 * The HTTP side of a master-data resource: list / all / get / create / update / delete of docs/spec.md §10.3 Lists and §10.4 Writes,
 * guarded by its menu page (`<page>` to read, `<page>.add`, `.update`, `.delete` to write). Resources
 * of the domain registry come through `registerResourceRoutes`; bespoke ones (roles) fill this in.
 */
export type CrudResource<TItem extends AuditedItem, TInput extends Input, TQuery extends ListQuery> = {
  /** The routes as the domain declares them (`crudEndpoints`): paths, schemas and permissions. */
  endpoints: CrudEndpoints<z.ZodType<TItem>, z.ZodType<TInput>, z.ZodType<TQuery>>;
  tags: string[];
  table: AuditedTable;
  list: ListSpec;
  /**
   * The item columns with their joins, as a dynamic query (`db.select(columns).from(t).$dynamic()`);
   * `caller` for a column that depends on who asks (a role's user count).
   */
  selectItems: (db: Db | Tx, caller: Caller) => PgSelect;
  /** `db.select({ value: count() })` over the same tables. */
  countItems: (db: Db | Tx) => PgSelect;
  /** The per-field filters of the list query (`status`, `clientId`…). */
  filters: (query: TQuery) => (SQL | undefined)[];
  /** Rows the caller may see; the others answer 404 exactly like missing ones. */
  visible: (caller: Caller) => Promise<SQL | undefined> | SQL | undefined;
  /** Writes offered (all by default). */
  operations?: readonly ResourceOperation[];
  /** Checks only the database can make before create and update (a referenced record exists…); `existing` on update. */
  beforeWrite?: (tx: Tx, caller: Caller, input: TInput, existing?: TItem) => Promise<void>;
  /** The row values a write stores: the input plus what the server derives or sets (`existing` on update). */
  toRow?: (caller: Caller, input: TInput, existing?: TItem) => Promise<Record<string, unknown>>;
  /** The `.catch` of a write turning a unique-index clash into 409 `duplicate`. */
  onDuplicate: (input: TInput) => (error: unknown) => never;
  /** Records created with this one (a product's settings row), in the same transaction. */
  afterCreate?: (tx: Tx, caller: Caller, item: TItem) => Promise<void>;
  /** Refuses deleting a record others still need (409 `in_use`). */
  beforeDelete?: (tx: Tx, caller: Caller, item: TItem) => Promise<void>;
};

export function registerCrudRoutes<TItem extends AuditedItem, TInput extends Input, TQuery extends ListQuery>(
  app: FastifyInstance,
  resource: CrudResource<TItem, TInput, TQuery>,
) {
  const { endpoints, table } = resource;
  const operations = new Set(resource.operations ?? ['create', 'update', 'delete']);
  const options = { tags: resource.tags };

  async function getItem(db: Db | Tx, caller: Caller, id: string): Promise<TItem> {
    const visible = await resource.visible(caller);
    const [row] = (await resource.selectItems(db, caller).where(and(eq(table.id, id), visible))) as TItem[];
    if (!row) throw new AppError('not_found');
    return withIsoAudit(row);
  }

  /** The stored values of a write: `lastModificationTime` is the concurrency token, never written from a body. */
  async function rowOf(caller: Caller, input: TInput, existing?: TItem) {
    const { lastModificationTime: _token, ...values } = input;
    return resource.toRow ? resource.toRow(caller, values as TInput, existing) : values;
  }

  endpointRoute(
    app,
    endpoints.list,
    async (request) => {
      const query = request.query as TQuery;
      const caller = callerOf(request);
      const visible = await resource.visible(caller);
      const result = await fetchPage(
        resource.selectItems(app.db, caller),
        resource.countItems(app.db),
        listClauses(query, resource.list, [visible, ...resource.filters(query)]),
      );
      return { items: (result.items as TItem[]).map(withIsoAudit), totalCount: result.totalCount };
    },
    options,
  );

  // The options of a select elsewhere, so any signed-in user unless the resource says (visibility still applies).
  endpointRoute(
    app,
    endpoints.all,
    async (request) => {
      const caller = callerOf(request);
      const visible = await resource.visible(caller);
      const rows = await resource
        .selectItems(app.db, caller)
        .where(visible)
        .orderBy(...resource.list.defaultOrder);
      return (rows as TItem[]).map(withIsoAudit);
    },
    options,
  );

  endpointRoute(app, endpoints.get, async (request) => getItem(app.db, callerOf(request), request.params.id), options);

  if (operations.has('create'))
    endpointRoute(
      app,
      endpoints.create,
      async (request, reply) => {
        // The body schema parsed it; the generic code cannot see its inferred type.
        const input = request.body as TInput;
        return runWrite(request, reply, async (tx) => {
          const caller = callerOf(request);
          await resource.beforeWrite?.(tx, caller, input);
          const [row] = await tx
            .insert(table)
            .values({ ...(await rowOf(caller, input)), creatorId: caller.principal.userId, creationTime: isoNow() })
            .returning({ id: table.id })
            .catch(resource.onDuplicate(input));
          const item = await getItem(tx, caller, String(row?.id));
          await resource.afterCreate?.(tx, caller, item);
          return item;
        });
      },
      options,
    );

  if (operations.has('update'))
    endpointRoute(
      app,
      endpoints.update,
      async (request, reply) => {
        const input = request.body as TInput;
        const { id } = request.params;
        return runWrite(request, reply, async (tx) => {
          const caller = callerOf(request);
          // The row lock makes concurrent updates of one record take turns, so the version check below holds.
          await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
          const existing = await getItem(tx, caller, id);
          // Optimistic concurrency: a body carrying the version it was edited from must still be current.
          const token = input.lastModificationTime;
          if (token !== undefined && !sameInstant(token, existing.lastModificationTime))
            throw new AppError('stale_update');
          await resource.beforeWrite?.(tx, caller, input, existing);
          await tx
            .update(table)
            .set({
              ...(await rowOf(caller, input, existing)),
              lastModifierId: caller.principal.userId,
              lastModificationTime: isoNow(),
            })
            .where(eq(table.id, id))
            .catch(resource.onDuplicate(input));
          return getItem(tx, caller, id);
        });
      },
      options,
    );

  if (operations.has('delete'))
    endpointRoute(
      app,
      endpoints.delete,
      async (request, reply) => {
        await runWrite(request, reply, async (tx) => {
          const caller = callerOf(request);
          const item = await getItem(tx, caller, request.params.id);
          await resource.beforeDelete?.(tx, caller, item);
          await tx.delete(table).where(eq(table.id, item.id)).catch(stillReferenced);
        });
        return null;
      },
      options,
    );
}
