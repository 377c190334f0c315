// Importing the package installs the language-neutral zod error map (see i18n/zod-messages.ts).
export * from './i18n/locales.ts';
export * from './i18n/validation-messages.ts';
export * from './i18n/zod-messages.ts';
export * from './common/error-codes.ts';
export * from './common/telephone.ts';
export * from './menu/menu-definition.ts';
export * from './menu/menu-tree.ts';
export * from './schemas/common.schema.ts';
export * from './schemas/account.schema.ts';
export * from './schemas/user.schema.ts';
export * from './schemas/role.schema.ts';
export * from './schemas/permission.schema.ts';
export * from './schemas/client.schema.ts';
export * from './schemas/user-product-setting.schema.ts';
export * from './schemas/menu.schema.ts';
export * from './resources/index.ts';
export * from './stock/index.ts';
