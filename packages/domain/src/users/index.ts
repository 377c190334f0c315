// Users (personnel), roles and their permission grants.
export * from './user.schema.ts';
export * from './role.schema.ts';
export * from './permission.schema.ts';
export * from './users.menu.ts';
export * from './users.errors.ts';
export * from './users.endpoints.ts';
export * from './permission.endpoints.ts';
