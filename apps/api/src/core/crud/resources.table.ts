import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  uniqueIndex,
  uuid,
  varchar,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import {
  RESOURCES,
  clientResource,
  isRequired,
  productResource,
  type DecimalField,
  type FieldDef,
  type ItemOf,
  type Resource,
} from '@armature/domain';
import { auditColumns, idColumn } from '../db/audit-columns.ts';

/**
 * One table per resource of the domain registry, built from its definition: `id`, a column per field,
 * the owning client and product of product-scoped resources, and the audit columns. The area that owns
 * a resource exports its table by name from one of its own `*.table.ts` files (`tableOf` /
 * `scopedTableOf`): drizzle-kit reads tables from a schema file's exports, and the area's code reads
 * typed columns. Only the tenancy's two, clients and products, are exported here: the core's scope,
 * sign-in and document codes are built on them.
 */

/** The column type a field's values have (what `ItemOf` says the API returns, null aside). */
type Column<TData, TNotNull extends boolean, THasDefault extends boolean> = PgColumn<{
  name: string;
  tableName: string;
  dataType: 'custom';
  columnType: 'PgCustomColumn';
  data: TData;
  driverParam: unknown;
  notNull: TNotNull;
  hasDefault: THasDefault;
  isPrimaryKey: false;
  isAutoincrement: false;
  hasRuntimeDefault: false;
  enumValues: undefined;
  baseColumn: never;
  identity: undefined;
  generated: undefined;
}>;

type HasDefault<F> = F extends { default: unknown } ? true : F extends { kind: 'intList' | 'partList' } ? true : false;

type FieldColumns<R extends { fields: Record<string, FieldDef> }> = {
  [K in keyof R['fields'] & keyof ItemOf<R>]: Column<
    NonNullable<ItemOf<R>[K]>,
    null extends ItemOf<R>[K] ? false : true,
    HasDefault<R['fields'][K]>
  >;
};

type CommonColumns = {
  id: Column<string, true, true>;
  creationTime: Column<string, true, true>;
  creatorId: Column<string, false, false>;
  lastModificationTime: Column<string, false, false>;
  lastModifierId: Column<string, false, false>;
};

/** The columns product-scoped rows carry: set from the caller's scope, never from a request body. */
type ScopeColumns = { clientId: Column<string, true, false>; productId: Column<string, true, false> };

type TableOf<TColumns> = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: TColumns & Record<string, PgColumn>;
  dialect: 'pg';
}>;

export type ResourceTable<R extends { fields: Record<string, FieldDef> }> = TableOf<FieldColumns<R> & CommonColumns>;
export type ScopedResourceTable<R extends { fields: Record<string, FieldDef> }> = TableOf<
  FieldColumns<R> & CommonColumns & ScopeColumns
>;
/** Any resource table, for the generic code that reads columns by field name. */
export type AnyResourceTable = TableOf<CommonColumns>;

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The columns of a unique set: within the product for product-scoped resources. */
const uniqueColumns = (resource: Resource, set: readonly string[]) => [
  ...(resource.scope === 'product' ? ['productId'] : []),
  ...set,
];

/** The name of a unique set's index: a clash reports it, and the API names the set's fields. */
export function uniqueIndexName(resource: Resource, set: readonly string[]): string {
  return `${resource.table}_${uniqueColumns(resource, set).map(snake).join('_')}_key`;
}

/** Digits left of the point that `max` needs, plus the scale. */
function precisionOf(field: DecimalField): number {
  const integerDigits = String(Math.trunc(Math.max(Math.abs(field.min), Math.abs(field.max)))).length;
  return integerDigits + field.scale;
}

function baseColumn(field: FieldDef): PgColumnBuilderBase {
  switch (field.kind) {
    case 'code':
    case 'telephone':
    case 'enum':
      return varchar({ length: 32 });
    case 'text':
      return varchar({ length: field.max });
    case 'int':
      return integer();
    case 'decimal':
      return numeric({ precision: precisionOf(field), scale: field.scale, mode: 'number' });
    case 'reference': {
      const target = resourceTables[field.to];
      if (!target) throw new Error(`Resource table "${field.to}" must be built before the tables referring to it`);
      return uuid().references(() => target.id, field.ownedBy ? { onDelete: 'cascade' } : {});
    }
    case 'intList':
      return integer().array();
    case 'date':
      return date({ mode: 'string' });
    // `[{ id, quantity }]`; the ids are checked on write and kept from being deleted (no foreign key in json).
    case 'partList':
      return jsonb();
  }
}

function fieldColumn(field: FieldDef): PgColumnBuilderBase {
  let column = baseColumn(field) as PgColumnBuilderBase & {
    notNull: () => PgColumnBuilderBase;
    default: (value: unknown) => PgColumnBuilderBase;
  };
  const fallback =
    field.kind === 'intList'
      ? sql.raw(`'{${(field.default ?? []).join(',')}}'`)
      : field.kind === 'partList'
        ? sql.raw(`'[]'::jsonb`)
        : 'default' in field
          ? field.default
          : undefined;
  if (fallback !== undefined) column = column.default(fallback) as typeof column;
  if (isRequired(field) || fallback !== undefined) column = column.notNull() as typeof column;
  return column;
}

/** Looked up when drizzle resolves the foreign keys, after every table is built. */
const idOf = (name: string) => () => (resourceTables[name] as AnyResourceTable).id;

/** The owning client and product of plant data (fresh builders per table: drizzle binds a column to one table). */
export function scopeColumns() {
  return {
    clientId: uuid().notNull().references(idOf(clientResource.name)),
    productId: uuid().notNull().references(idOf(productResource.name)),
  };
}

function buildTable(resource: Resource): AnyResourceTable {
  const fields = Object.entries(resource.fields);
  const scoped = resource.scope === 'product';
  const columns = {
    ...idColumn,
    ...Object.fromEntries(fields.map(([name, field]) => [name, fieldColumn(field)])),
    ...(scoped ? scopeColumns() : {}),
    ...auditColumns,
  };
  // A unique index serves lookups by its leading column: no second index for it.
  const leading = new Set(resource.unique.map((set) => uniqueColumns(resource, set)[0]));
  const lookedUp = [
    ...fields.filter(([, field]) => field.kind === 'reference').map(([name]) => name),
    ...(scoped ? ['productId'] : []),
  ].filter((name) => !leading.has(name));
  const table = pgTable(resource.table, columns, (built) => {
    const column = (name: string) => (built as unknown as Record<string, PgColumn>)[name] as PgColumn;
    return [
      ...resource.unique.map((set) =>
        uniqueIndex(uniqueIndexName(resource, set)).on(
          ...(uniqueColumns(resource, set).map(column) as [PgColumn, ...PgColumn[]]),
        ),
      ),
      ...lookedUp.map((name) => index(`${resource.table}_${snake(name)}_idx`).on(column(name))),
    ];
  });
  return table as unknown as AnyResourceTable;
}

/** Every resource table by resource name, built in registry order so referenced tables exist first. */
export const resourceTables: Record<string, AnyResourceTable> = {};
for (const resource of RESOURCES) resourceTables[resource.name] = buildTable(resource as Resource);

type Named = { name: string; fields: Record<string, FieldDef> };

/** A resource's table, typed by its definition (a global resource). */
export function tableOf<R extends Named>(resource: R) {
  return resourceTables[resource.name] as unknown as ResourceTable<R>;
}
/** A product-scoped resource's table, typed by its definition with its client and product columns. */
export function scopedTableOf<R extends Named>(resource: R) {
  return resourceTables[resource.name] as unknown as ScopedResourceTable<R>;
}

export const clients = tableOf(clientResource);
export const products = tableOf(productResource);
