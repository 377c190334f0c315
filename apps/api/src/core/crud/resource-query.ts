import { asc, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { referenceNameField, resourceByName, type FieldDef, type PartListField, type Resource } from '@armature/domain';
import type { Db, Tx } from '../db/client.ts';
import { resourceTables, type AnyResourceTable } from './resources.table.ts';
import type { Referrers } from './in-use.ts';
import type { ListSpec } from '../db/list-query.ts';

/**
 * How the generic code reads one resource: its table, the item columns (each field, and `<ref>Name`
 * from the referenced record's display field), and the list's search and sort columns.
 */
export type ResourceQuery = {
  resource: Resource;
  table: AnyResourceTable;
  /** The column of a field (or of `clientId` / `productId` on product-scoped tables). */
  column: (name: string) => PgColumn;
  /** The item columns with their joins, as a dynamic query. */
  selectItems: (db: Db | Tx) => PgSelect;
  /** `{ value: count() }` over the same tables. */
  countItems: (db: Db | Tx) => PgSelect;
  list: ListSpec;
};

export function tableOf(resource: Resource): AnyResourceTable {
  const table = resourceTables[resource.name];
  if (!table) throw new Error(`No table for resource "${resource.name}" (see src/core/crud/resources.table.ts)`);
  return table;
}

export function columnOf(table: AnyResourceTable, name: string): PgColumn {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[name];
  if (!column) throw new Error(`Table ${table._.name} has no column "${name}"`);
  return column;
}

type Join = { field: string; target: AnyResourceTable; nameColumn: PgColumn };

/**
 * A part list as the API returns it: its `[{ id, quantity }]` in order, each with the display text of
 * the record it points at (`name`; null if that record is gone).
 */
function partListWithNames(column: PgColumn, field: PartListField): SQL {
  const target = resourceByName(field.to);
  const targetTable = tableOf(target);
  const name = columnOf(targetTable, target.displayField);
  return sql`coalesce((
    select jsonb_agg(jsonb_build_object('id', entry.value->>'id', 'quantity', entry.value->'quantity', 'name', ${name}) order by entry.position)
    from jsonb_array_elements(${column}) with ordinality as entry(value, position)
    left join ${targetTable} on ${targetTable.id} = (entry.value->>'id')::uuid
  ), '[]'::jsonb)`;
}

/** Records whose part list `column` names `id` (jsonb containment, served by no index: the lists are short). */
export function partListNames(column: PgColumn, id: string): SQL {
  return sql`${column} @> ${JSON.stringify([{ id }])}::jsonb`;
}

function buildQuery(resource: Resource): ResourceQuery {
  const table = tableOf(resource);
  const column = (name: string) => columnOf(table, name);
  const fields = Object.entries(resource.fields) as [string, FieldDef][];

  // Aliased: one table may be referenced twice, or by itself.
  const joins: Join[] = fields.flatMap(([field, definition]) => {
    if (definition.kind !== 'reference') return [];
    const targetResource = resourceByName(definition.to);
    const target = alias(tableOf(targetResource), `${field}_ref`) as unknown as AnyResourceTable;
    return [{ field, target, nameColumn: columnOf(target, targetResource.displayField) }];
  });
  const nameOf = new Map(joins.map((join) => [join.field, join.nameColumn]));

  const columns: Record<string, PgColumn | SQL.Aliased> = { id: table.id };
  for (const [field, definition] of fields) {
    columns[field] =
      definition.kind === 'partList' ? partListWithNames(column(field), definition).as(field) : column(field);
    const name = nameOf.get(field);
    if (name) columns[referenceNameField(field)] = name;
  }
  columns.creationTime = table.creationTime;
  columns.lastModificationTime = table.lastModificationTime;

  const withJoins = <T extends PgSelect>(query: T): T => {
    for (const join of joins) query.leftJoin(join.target, eq(join.target.id, column(join.field)));
    return query;
  };
  // A reference sorts by the name shown for it, not by its id.
  const sortColumn = (name: string): AnyColumn => nameOf.get(name) ?? column(name);
  const sortable = Object.fromEntries(resource.sortable.map((name) => [name, sortColumn(name)]));

  return {
    resource,
    table,
    column,
    selectItems: (db) => withJoins(db.select(columns).from(table).$dynamic()),
    // Searches and filters read the resource's own columns only, so counting needs no join.
    countItems: (db) => db.select({ value: count() }).from(table).$dynamic(),
    list: {
      searchable: resource.searchable.map(column),
      sortable,
      // The id last: rows equal on every sort key still come in a stable order across pages.
      defaultOrder: [...resource.defaultSort.map((name) => asc(sortColumn(name))), asc(table.id)] as SQL[],
    },
  };
}

const QUERIES = new Map<string, ResourceQuery>();

export function resourceQuery(resource: Resource): ResourceQuery {
  let query = QUERIES.get(resource.name);
  if (!query) {
    query = buildQuery(resource);
    QUERIES.set(resource.name, query);
  }
  return query;
}

/**
 * The records of `resource` whose `column` holds `id`, named by their label field — what blocks deleting
 * that record (a reference to it, or the product owning them) — or nothing when there are none.
 */
export async function recordsPointingAt(tx: Tx, resource: Resource, column: string, id: string): Promise<Referrers[]> {
  const query = resourceQuery(resource);
  const pointing =
    resource.fields[column]?.kind === 'partList'
      ? partListNames(query.column(column), id)
      : eq(query.column(column), id);
  const rows = (await query
    .selectItems(tx)
    .where(pointing)
    .orderBy(...query.list.defaultOrder)) as Record<string, unknown>[];
  return rows.length ? [{ label: resource.label, names: rows.map((row) => String(row[resource.labelField])) }] : [];
}
