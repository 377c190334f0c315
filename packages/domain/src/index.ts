// The package root: core, the areas' public index.ts files, and the catalogue assembled from them.
// Importing the package installs the language-neutral zod error map (see core/i18n/zod-messages.ts).
// Narrow sub-paths (package.json `exports`) let the web app's first screen take only what it needs.
export * from './core/i18n/locales.ts';
export * from './core/i18n/validation-messages.ts';
export * from './core/i18n/zod-messages.ts';
export * from './core/i18n/operator-messages.ts';
export * from './core/telephone.ts';
export * from './core/common.schema.ts';
export * from './core/endpoint.ts';
export * from './core/crud-endpoints.ts';
export * from './core/seeded-random.ts';
export * from './core/attachment.schema.ts';
export * from './core/attachment-endpoints.ts';
export * from './core/file-name.ts';
export * from './core/job.schema.ts';
export type { ErrorCatalogue, ErrorDefinition } from './core/errors/error-catalogue.ts';
export * from './core/menu/menu-definition.ts';
export * from './core/menu/menu-tree.ts';
export * from './core/menu/menu.schema.ts';
export * from './core/resources/field.ts';
export * from './core/resources/define-resource.ts';
export * from './core/resources/common-fields.ts';
export * from './core/resources/resource-endpoints.ts';
export type { Referrer } from './core/resources/resource-registry.ts';
export * from './account/index.ts';
export * from './users/index.ts';
export * from './master-data/index.ts';
export * from './stock/index.ts';
export * from './planning/index.ts';
export * from './processing/index.ts';
export * from './quality/index.ts';
export * from './equipment/index.ts';
export * from './bom/index.ts';
export * from './inbox/index.ts';
export * from './sales/index.ts';
export * from './catalogue.ts';
export * from './catalogue-notifications.ts';
