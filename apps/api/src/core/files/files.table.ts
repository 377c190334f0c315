import { bigint, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../db/audit-columns.ts';

/**
 * A file attached to a record (a receipt's mill certificate, a part's drawing): its metadata here, its
 * bytes in the file store (`DATA_DIR/files`, or an S3-compatible bucket) under `storageKey`. `ownerType`
 * and `ownerId` name the record; plant files carry the owner's client and product (maker files none),
 * and every read filters by them as it does for the owner.
 */
export const storedFiles = pgTable(
  'stored_file',
  {
    ...idColumn,
    clientId: uuid(),
    productId: uuid(),
    ownerType: varchar({ length: 32 }).notNull(),
    ownerId: uuid().notNull(),
    fileName: varchar({ length: 255 }).notNull(),
    /** The type found in the file's content (not its name): application/pdf, image/png, image/jpeg, image/webp. */
    mediaType: varchar({ length: 100 }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    storageKey: varchar({ length: 200 }).notNull(),
    creatorName: varchar({ length: 64 }),
    ...auditColumns,
  },
  (table) => [index('stored_file_owner_idx').on(table.ownerType, table.ownerId)],
);
