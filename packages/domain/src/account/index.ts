// Signing in and out, tokens, the current user and their selection, profile and password.
export * from './account.schema.ts';
export * from './account.errors.ts';
export * from './account.endpoints.ts';
