export * from './users.table.ts';
export * from './roles.table.ts';
export * from './tenancy.table.ts';
export * from './session.table.ts';
