import type { DatabaseHandle } from '../core/db/client.ts';
import { migrateDatabase } from '../core/db/migrate.ts';
import { seedDatabase, type SeedOptions } from './seed.ts';
import { refuseNewerDatabase } from './version-guard.ts';

/**
 * Refuses a database a newer version upgraded, applies the migrations it lacks, then the reference data
 * that is missing and, on a new database, the demo; one instance at a time when several start together.
 */
export async function prepareDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<void> {
  await handle.exclusive(async () => {
    await refuseNewerDatabase(handle.db);
    await migrateDatabase(handle);
    await seedDatabase(handle.db, options);
  });
}
