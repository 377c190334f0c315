import { z } from 'zod';
import type { Localized } from '../i18n/locales.ts';
import { auditSchema, idSchema, listQuerySchema, pagedResultSchema } from '../common.schema.ts';
import { isFilterable, isSearchable, isSortable, referenceNameField, type FieldDef } from './field.ts';
import { filterSchemaOf, inputSchemaOf, itemSchemaOf } from './field-schemas.ts';

export type ResourceScope = 'global' | 'product';
export type ResourceOperation = 'create' | 'update' | 'delete';

/** Cross-field rule: field → message key (`lessThan:upperTolerance`…) for every field that breaks it. */
export type ResourceCheck<V> = (values: V) => Record<string, string> | undefined;

/**
 * One master-data resource, declared once. From it come the database table and its migration, the
 * validation (zod), the API routes and their OpenAPI, the client types, and the generic list / add /
 * update / detail screens. Business rules beyond the declaration go in per-resource hooks (API side).
 */
export type ResourceDefinition<F extends Record<string, FieldDef> = Record<string, FieldDef>> = {
  /** Entity name: `technique`. Test ids, query keys and docs use it. */
  name: string;
  /** What the list page and messages call the records (`检验特性`). */
  label: Localized;
  /** API path below `/api`, spelled as specified even when misspelled (`ispectionType`). */
  path: string;
  /** Further API paths serving the same routes (`inspectionType`). */
  aliases?: readonly string[];
  /** Menu page id: reading needs it, writing its `.add` / `.update` / `.delete` buttons. */
  page: string;
  /** SQL table name. */
  table: string;
  /** `product`: every row belongs to one client's product and is seen only from it (tenancy rules). */
  scope: ResourceScope;
  fields: F;
  /** Item field naming a record in messages, confirm dialogs and test ids (a field or a `<ref>Name`). */
  labelField: string;
  /** Field other records show for it (`<ref>Name`). */
  displayField: keyof F & string;
  /** Field sets that are unique (within the product for product-scoped resources). */
  unique: readonly (readonly (keyof F & string)[])[];
  /** List order without `sorting`, and the tie-breaker after it. */
  defaultSort: readonly (keyof F & string)[];
  /**
   * The plant-side ("normal") variant of a maker ("admin") resource: its own menu page
   * and API path, limited to the caller's current product, editing only the fields not `makerOnly`.
   */
  plantVariant?: { page: string; path: string };
  /**
   * The permission `GET <path>/all` needs: the records as the options of selects on other pages. Any
   * signed-in user without it; maker data others have no business reading names its reader here.
   */
  optionsAccess?: string;
  /** Writes offered; all by default. Settings rows exist one per product, so they are only updated. */
  operations?: readonly ResourceOperation[];
  /** Rules over several fields (a lower tolerance below the upper one), applied by server and forms. */
  check?: ResourceCheck<Record<string, unknown>>;
  /**
   * Values the server computes before a write (a rebar spec's name, its nominal unit weight when none
   * is given). Pure, so the forms can show the same suggestion.
   */
  derive?: (values: Record<string, unknown>) => Record<string, unknown>;
};

type FieldValue<F> = F extends { kind: 'int' | 'decimal' }
  ? number
  : F extends { kind: 'intList' }
    ? number[]
    : F extends { kind: 'partList' }
      ? PartListEntry[]
      : // The option keys, not `EnumField<infer V>`: the default would narrow V to itself.
        F extends { kind: 'enum'; options: infer O }
        ? keyof O & string
        : string;
type MaybeNull<F, T> = F extends { kind: 'code' | 'intList' | 'partList' }
  ? T
  : F extends { required: true }
    ? T
    : F extends { default: unknown }
      ? T
      : T | null;
/** An entry of a `partList` field: the record, how many, and (as the API returns it) its display text. */
export type PartListEntry = { id: string; quantity: number; name?: string | null };

type ReferenceNames<F> = {
  [K in keyof F as F[K] extends { kind: 'reference' } ? (K extends `${infer B}Id` ? `${B}Name` : never) : never]:
    string | null;
};

/** A record as the API returns it. */
export type ItemOf<D extends { fields: Record<string, FieldDef> }> = {
  id: string;
  creationTime: string;
  lastModificationTime: string | null;
} & { [K in keyof D['fields']]: MaybeNull<D['fields'][K], FieldValue<D['fields'][K]>> } & ReferenceNames<D['fields']>;

/** A record as a form or client sends it (absent optional fields become null; read-only ones are ignored). */
export type InputOf<D extends { fields: Record<string, FieldDef> }> = {
  [K in keyof D['fields'] as D['fields'][K] extends { readOnly: true } ? never : K]?: FieldValue<D['fields'][K]> | null;
} & { lastModificationTime?: string | null };

export type Resource<F extends Record<string, FieldDef> = Record<string, FieldDef>> = ResourceDefinition<F> & {
  operations: readonly ResourceOperation[];
  schemas: {
    item: z.ZodObject;
    input: z.ZodObject;
    /** The maker-side input of a resource with `makerOnly` fields; the plant-side one is `input`. */
    makerInput: z.ZodObject;
    listQuery: z.ZodObject;
  };
  /** Names `sorting` accepts. */
  sortable: readonly string[];
  /** Fields the keyword `filter` matches. */
  searchable: readonly string[];
  /** Fields with a list-query filter of their own. */
  filterable: readonly string[];
};

/** Declares a resource and derives its schemas and list capabilities. */
export function defineResource<const F extends Record<string, FieldDef>>(
  definition: ResourceDefinition<F>,
): Resource<F> {
  const entries = Object.entries(definition.fields) as [string, FieldDef][];
  const editable = entries.filter(([, field]) => !field.readOnly);
  const withCheck = (shape: Record<string, z.ZodType>) => {
    const object = z.object({ ...shape, lastModificationTime: z.string().nullish() });
    if (!definition.check) return object;
    // The object stays a ZodObject (forms read its shape); the rule runs after its fields pass.
    return object.superRefine((values, context) => {
      for (const [path, message] of Object.entries(brokenRules(definition, values)))
        context.addIssue({ code: 'custom', path: [path], message });
    }) as unknown as z.ZodObject;
  };
  const inputShape = (fields: [string, FieldDef][]) =>
    Object.fromEntries(fields.map(([name, field]) => [name, inputSchemaOf(field)]));

  const itemShape: Record<string, z.ZodType> = { id: idSchema };
  for (const [name, field] of entries) {
    itemShape[name] = itemSchemaOf(field);
    if (field.kind === 'reference') itemShape[referenceNameField(name)] = z.string().nullable();
  }

  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, field] of entries) if (isFilterable(field)) filterShape[name] = filterSchemaOf(field);

  return {
    ...definition,
    operations: definition.operations ?? ['create', 'update', 'delete'],
    schemas: {
      item: z.object(itemShape).extend(auditSchema.shape),
      input: withCheck(inputShape(editable.filter(([, field]) => !field.makerOnly))),
      makerInput: withCheck(inputShape(editable)),
      listQuery: listQuerySchema.extend(filterShape),
    },
    sortable: [...entries.filter(([, field]) => isSortable(field)).map(([name]) => name), 'creationTime'],
    searchable: entries.filter(([, field]) => isSearchable(field)).map(([name]) => name),
    filterable: Object.keys(filterShape),
  };
}

/**
 * A resource's item schema typed as the records it parses (`ItemOf`): the schema is built from the same
 * fields at run time, which the type system cannot follow, so the type is asserted here, once, for every
 * reader of a resource's answers (screens and API tests).
 */
export function resourceItemSchema<R extends Resource>(resource: R): z.ZodType<ItemOf<R>> {
  return resource.schemas.item as unknown as z.ZodType<ItemOf<R>>;
}

/** A page of a resource's list (`GET <path>`), typed as `resourceItemSchema`. */
export function resourcePageSchema<R extends Resource>(resource: R) {
  return pagedResultSchema(resourceItemSchema(resource));
}

/**
 * The cross-field rules `values` break, judged as the server stores them (with what `derive` adds):
 * field → message key. Forms run it on submit; the input schemas run it after their fields pass.
 */
export function brokenRules(
  definition: Pick<ResourceDefinition, 'check' | 'derive'>,
  values: Record<string, unknown>,
): Record<string, string> {
  const { check, derive } = definition;
  return check?.(derive ? { ...values, ...derive(values) } : values) ?? {};
}
