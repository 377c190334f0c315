import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table carries: a random uuid key and who created / last changed the row, when (ISO-8601 UTC). */
export const idColumn = { id: uuid().primaryKey().defaultRandom() };

/** A point in time: `timestamptz`, read as ISO-8601 text (rows go to JSON answers as they are, never as `Date`). */
export const instant = () => timestamp({ withTimezone: true, mode: 'string' });

export const auditColumns = {
  creationTime: instant().notNull().defaultNow(),
  creatorId: uuid(),
  lastModificationTime: instant(),
  lastModifierId: uuid(),
};
