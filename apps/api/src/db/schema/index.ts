export * from './users.table.ts';
export * from './roles.table.ts';
export * from './resources.table.ts';
export * from './tenancy.table.ts';
export * from './user-product-settings.table.ts';
export * from './session.table.ts';
export * from './stock.table.ts';
