import type { DatabaseHandle } from '../core/db/client.ts';
import { migrateDatabase } from '../core/db/migrate.ts';
import { seedDatabase, type SeedOptions } from './seed.ts';
import type { StartupPhases } from './startup-phases.ts';
import { refuseNewerDatabase } from './version-guard.ts';

/**
 * Refuses a database a newer version upgraded, applies the migrations it lacks, then the reference data
 * that is missing and, on a new database, the demo; one instance at a time when several start together.
 * `phases` (the server's start) records what each step cost.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: SeedOptions,
  phases?: StartupPhases,
): Promise<void> {
  await handle.exclusive(async () => {
    // The first query: on the embedded database, PostgreSQL starting up inside PGlite.
    await refuseNewerDatabase(handle.db);
    phases?.mark('versionCheck');
    await migrateDatabase(handle);
    phases?.mark('migrations');
    await seedDatabase(handle.db, options);
    phases?.mark('seed');
  });
}
