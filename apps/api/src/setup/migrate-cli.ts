import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { migrateDatabase } from '../core/db/migrate.ts';

try {
  const handle = openDatabase(loadConfig());
  await handle.exclusive(() => migrateDatabase(handle));
  await handle.close();
  console.log(`Migrations applied (${handle.kind}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
