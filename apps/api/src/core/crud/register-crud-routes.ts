import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idParamsSchema, pagedResultSchema, type ListQuery, type ResourceOperation } from '@armature/domain';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { stillReferenced } from '../db/db-errors.ts';
import { fetchPage, listClauses, type ListSpec } from '../db/list-query.ts';
import { noContentSchema } from '../http/route-schemas.ts';
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
  page: string;
  /** The permission `/all` (the options of selects elsewhere) needs; any signed-in user without one. */
  optionsAccess?: string;
  tags: string[];
  table: AuditedTable;
  schemas: { item: z.ZodType<TItem>; input: z.ZodType<TInput>; listQuery: z.ZodType<TQuery> };
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
  const { page, tags, table, schemas } = resource;
  const operations = new Set(resource.operations ?? ['create', 'update', 'delete']);

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

  // The schemas validated these; the generic code cannot see their inferred types.
  const inputOf = (request: FastifyRequest) => request.body as TInput;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get(
    '',
    {
      config: { access: page },
      schema: { tags, querystring: schemas.listQuery, response: { 200: pagedResultSchema(schemas.item) } },
    },
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
  );

  // The options of a select elsewhere, so any signed-in user unless the resource says (visibility still applies).
  app.get(
    '/all',
    {
      config: { access: resource.optionsAccess ?? 'authenticated' },
      schema: { tags, response: { 200: z.array(schemas.item) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const visible = await resource.visible(caller);
      const rows = await resource
        .selectItems(app.db, caller)
        .where(visible)
        .orderBy(...resource.list.defaultOrder);
      return (rows as TItem[]).map(withIsoAudit);
    },
  );

  app.get(
    '/:id',
    { config: { access: page }, schema: { tags, params: idParamsSchema, response: { 200: schemas.item } } },
    async (request) => getItem(app.db, callerOf(request), idOf(request)),
  );

  if (operations.has('create'))
    app.post(
      '',
      { config: { access: `${page}.add` }, schema: { tags, body: schemas.input, response: { 201: schemas.item } } },
      async (request, reply) => {
        const input = inputOf(request);
        reply.code(201);
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
    );

  if (operations.has('update'))
    app.put(
      '/:id',
      {
        config: { access: `${page}.update` },
        schema: { tags, params: idParamsSchema, body: schemas.input, response: { 200: schemas.item } },
      },
      async (request, reply) => {
        const input = inputOf(request);
        const id = idOf(request);
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
    );

  if (operations.has('delete'))
    app.delete(
      '/:id',
      {
        config: { access: `${page}.delete` },
        schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } },
      },
      async (request, reply) => {
        reply.code(204);
        await runWrite(request, reply, async (tx) => {
          const caller = callerOf(request);
          const item = await getItem(tx, caller, idOf(request));
          await resource.beforeDelete?.(tx, caller, item);
          await tx.delete(table).where(eq(table.id, item.id)).catch(stillReferenced);
        });
        return reply.send(null);
      },
    );
}
