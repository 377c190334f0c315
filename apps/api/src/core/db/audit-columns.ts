import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table carries: a random uuid key and who created / last changed the row, when (ISO-8601 UTC). */
export const idColumn = { id: uuid().primaryKey().defaultRandom() };

export const auditColumns = {
  creationTime: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  creatorId: uuid(),
  lastModificationTime: timestamp({ withTimezone: true, mode: 'string' }),
  lastModifierId: uuid(),
};
