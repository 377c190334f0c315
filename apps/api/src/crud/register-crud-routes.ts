import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { idParamsSchema, pagedResultSchema, type ListQuery } from '@armature/domain';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { duplicateOf, stillReferenced } from '../lib/db-errors.ts';
import type { LabelKey } from '../lib/labels.ts';
import { fetchPage, listClauses, type ListSpec } from '../lib/list-query.ts';
import { noContentSchema } from '../lib/route-schemas.ts';
import { isoNow, withIsoAudit } from '../lib/time.ts';
import { requirePrincipal } from '../plugins/access.ts';
import { runWrite } from '../plugins/idempotency.ts';
import type { Principal } from '../modules/permissions/principal.service.ts';

type AuditedItem = { id: string; creationTime: string; lastModificationTime: string | null };
type AuditedTable = PgTable & { id: PgColumn; creatorId: PgColumn; lastModifierId: PgColumn };

/**
 * A master-data resource with the list / get / create / update / delete routes of spec §7, guarded
 * by its menu page (`<page>`, `<page>.add`, `.update`, `.delete`). Routes that are not plain CRUD
 * (`/all`, `by-client`…) stay in the module, registered before these.
 */
export type CrudResource<
  TItem extends AuditedItem,
  TInput extends Record<string, unknown>,
  TQuery extends ListQuery,
> = {
  page: string;
  tags: string[];
  table: AuditedTable;
  schemas: { item: z.ZodType<TItem>; input: z.ZodType<TInput>; listQuery: z.ZodType<TQuery> };
  list: ListSpec;
  /** The item columns with their joins, as a dynamic query (`db.select(columns).from(t).$dynamic()`). */
  selectItems: (db: Db | Tx) => PgSelect;
  /** `db.select({ value: count() })` over the same tables. */
  countItems: (db: Db | Tx) => PgSelect;
  /** The per-field filters of the list query (`status`, `clientId`…). */
  filters: (query: TQuery) => (SQL | undefined)[];
  /** Rows the caller may see; the others answer 404 exactly like missing ones. */
  visible: (principal: Principal) => SQL | undefined;
  /** The field whose unique index makes a clash 409 `duplicate`. */
  uniqueField: keyof TInput & LabelKey;
  /** Checks only the database can make before create and update (a referenced record exists…); `existing` on update. */
  beforeWrite?: (tx: Tx, principal: Principal, input: TInput, existing?: TItem) => Promise<void>;
  /** Refuses deleting a record others still refer to (409 `in_use`). */
  beforeDelete?: (tx: Tx, item: TItem) => Promise<void>;
};

export function registerCrudRoutes<
  TItem extends AuditedItem,
  TInput extends Record<string, unknown>,
  TQuery extends ListQuery,
>(app: FastifyInstance, resource: CrudResource<TItem, TInput, TQuery>) {
  const { page, tags, table, schemas } = resource;

  async function getItem(db: Db | Tx, principal: Principal, id: string): Promise<TItem> {
    const [row] = (await resource.selectItems(db).where(and(eq(table.id, id), resource.visible(principal)))) as TItem[];
    if (!row) throw new AppError('not_found');
    return withIsoAudit(row);
  }

  const duplicate = (input: TInput) => duplicateOf(resource.uniqueField, String(input[resource.uniqueField]));
  // The schemas validated these; the generic code cannot see their inferred types.
  const writeContext = (request: FastifyRequest) => ({
    principal: requirePrincipal(request),
    input: request.body as TInput,
  });
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get(
    '',
    {
      config: { access: page },
      schema: { tags, querystring: schemas.listQuery, response: { 200: pagedResultSchema(schemas.item) } },
    },
    async (request) => {
      const query = request.query as TQuery;
      const result = await fetchPage(
        resource.selectItems(app.db),
        resource.countItems(app.db),
        listClauses(query, resource.list, [resource.visible(requirePrincipal(request)), ...resource.filters(query)]),
      );
      return { items: (result.items as TItem[]).map(withIsoAudit), totalCount: result.totalCount };
    },
  );

  app.get(
    '/:id',
    { config: { access: page }, schema: { tags, params: idParamsSchema, response: { 200: schemas.item } } },
    async (request) => getItem(app.db, requirePrincipal(request), idOf(request)),
  );

  app.post(
    '',
    { config: { access: `${page}.add` }, schema: { tags, body: schemas.input, response: { 201: schemas.item } } },
    async (request, reply) => {
      const { principal, input } = writeContext(request);
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        await resource.beforeWrite?.(tx, principal, input);
        const [row] = await tx
          .insert(table)
          .values({ ...input, creatorId: principal.userId, creationTime: isoNow() } as never)
          .returning({ id: table.id })
          .catch(duplicate(input));
        return getItem(tx, principal, String(row?.id));
      });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: `${page}.update` },
      schema: { tags, params: idParamsSchema, body: schemas.input, response: { 200: schemas.item } },
    },
    async (request, reply) => {
      const { principal, input } = writeContext(request);
      const id = idOf(request);
      return runWrite(request, reply, async (tx) => {
        const existing = await getItem(tx, principal, id);
        await resource.beforeWrite?.(tx, principal, input, existing);
        await tx
          .update(table)
          .set({ ...input, lastModifierId: principal.userId, lastModificationTime: isoNow() } as never)
          .where(eq(table.id, id))
          .catch(duplicate(input));
        return getItem(tx, principal, id);
      });
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: `${page}.delete` },
      schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.code(204);
      await runWrite(request, reply, async (tx) => {
        const item = await getItem(tx, principal, idOf(request));
        await resource.beforeDelete?.(tx, item);
        await tx.delete(table).where(eq(table.id, item.id)).catch(stillReferenced);
      });
      return reply.send(null);
    },
  );
}
