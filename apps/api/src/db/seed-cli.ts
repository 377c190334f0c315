import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed/seed.ts';

try {
  const config = loadConfig();
  const handle = openDatabase(config);
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { adminPassword: config.adminPassword });
  await handle.close();
  console.log(`Demo data present (${handle.kind}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
