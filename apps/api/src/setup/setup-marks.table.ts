import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What the start-up has done to this database once and for all, by name: `demo` says whether the demo
 * was seeded (`seeded`), declined by a production start (`off`), or the database predates this record
 * (`existing`). A name present is never done again, so a demo record a user deleted stays deleted.
 */
export const setupMarks = pgTable('setup_mark', {
  name: varchar({ length: 40 }).primaryKey(),
  value: varchar({ length: 40 }).notNull(),
  creationTime: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
