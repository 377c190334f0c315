import {
  DEFAULT_LOCALE,
  buildMenuTree,
  flattenPages,
  type FieldDef,
  type Resource,
  type ResourceEndpoint,
  type SubRoute,
} from '@armature/domain';

/** A record as the generic API returns it. */
export type ResourceItem = { id: string; creationTime: string; lastModificationTime: string | null } & Record<
  string,
  unknown
>;

export function fieldsOf(resource: Resource): [string, FieldDef][] {
  return Object.entries(resource.fields);
}

/** A field the form shows: every one the client may send; on the plant side the maker's ones are locked. */
export type FormField = { name: string; field: FieldDef; locked: boolean };

export function formFields(endpoint: ResourceEndpoint): FormField[] {
  return fieldsOf(endpoint.resource)
    .filter(([, field]) => !field.readOnly)
    .map(([name, field]) => ({ name, field, locked: endpoint.variant === 'plant' && field.makerOnly === true }));
}

/** What a new record's form starts with: the declared defaults (an enum's first choice is not assumed). */
export function defaultValues(resource: Resource): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(resource).flatMap(([name, field]) =>
      'default' in field && field.default !== undefined ? [[name, field.default]] : [],
    ),
  );
}

const CATALOGUE_PAGES = new Map(
  flattenPages(buildMenuTree(DEFAULT_LOCALE, () => true)).map((page) => [page.id, page.subRoutes]),
);

/** The sub-routes the menu definition gives a page (`add`, `update/:id`, `detail/:id`…). */
export function pageSubRoutes(page: string): readonly SubRoute[] {
  return CATALOGUE_PAGES.get(page) ?? [];
}
