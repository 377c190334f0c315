import type { DatabaseHandle } from '../core/db/client.ts';
import { migrateDatabase } from '../core/db/migrate.ts';
import { seedDatabase, type SeedOptions } from './seed.ts';

/** Migrations, then the demo data that is missing; one instance at a time when several start together. */
export async function prepareDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<void> {
  await handle.exclusive(async () => {
    await migrateDatabase(handle);
    await seedDatabase(handle.db, options);
  });
}
