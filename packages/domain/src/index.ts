// The package root: core, the areas' public index.ts files, and the catalogue assembled from them.
// Importing the package installs the language-neutral zod error map (see core/i18n/zod-messages.ts).
export * from './core/i18n/locales.ts';
export * from './core/i18n/validation-messages.ts';
export * from './core/i18n/zod-messages.ts';
export * from './core/telephone.ts';
export * from './core/common.schema.ts';
export * from './core/attachment.schema.ts';
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
export * from './catalogue.ts';
