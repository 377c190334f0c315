import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileStoreFor } from '../../core/files/file-store.ts';
import { storedFiles } from '../../core/files/files.table.ts';
import { DEMO_PICTURES } from './bom.demo.ts';
import { SPARE_PART_FILES } from './spare-part.query.ts';

export type DemoPicture = { part: string; fileName: string; bytes: Buffer; sha256: string };

const DEMO_DIR = new URL('./demo/', import.meta.url);

/** The demo pictures with their bytes (a few kilobytes each), read once. */
export const demoPictures: () => DemoPicture[] = (() => {
  let read: DemoPicture[] | undefined;
  return () =>
    (read ??= DEMO_PICTURES.map(({ part, file }) => {
      const bytes = readFileSync(new URL(file, DEMO_DIR));
      return { part, fileName: file, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    }));
})();

/**
 * The seed runs in the start-up's database transaction, which knows no file store: it records the demo
 * pictures' rows only, and each API process puts their bytes into its store when it is ready (found by
 * content hash, only where the store lacks them). A picture a user removed has no row and stays
 * removed. A store that cannot be reached is logged, not fatal: the pictures answer 404 until a start
 * can write them.
 */
export async function restoreDemoPictures(app: FastifyInstance): Promise<void> {
  const pictures = new Map(demoPictures().map((picture) => [picture.sha256, picture]));
  try {
    const rows = await app.db
      .select({ storageKey: storedFiles.storageKey, sha256: storedFiles.sha256 })
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerType, SPARE_PART_FILES), inArray(storedFiles.sha256, [...pictures.keys()])));
    const store = fileStoreFor(app.config);
    for (const row of rows) {
      const stored = await store.get(row.storageKey);
      if (stored) stored.destroy();
      else await store.put(row.storageKey, pictures.get(row.sha256)!.bytes);
    }
  } catch (error) {
    app.log.warn({ err: error }, 'demo part pictures not written to the file store');
  }
}
