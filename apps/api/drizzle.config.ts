import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every area keeps its tables in `*.table.ts` files beside its code.
  schema: './src/**/*.table.ts',
  // The schema-drift check generates into a scratch copy of the migrations (scripts/check-schema-drift.mjs).
  out: process.env.DRIZZLE_OUT ?? './drizzle',
  casing: 'snake_case',
});
