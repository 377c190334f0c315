import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { migrateDatabase } from '../core/db/migrate.ts';
import { SetupError } from './setup-error.ts';
import { refuseNewerDatabase } from './version-guard.ts';

try {
  const handle = openDatabase(loadConfig());
  await handle
    .exclusive(async () => {
      await refuseNewerDatabase(handle.db);
      await migrateDatabase(handle);
    })
    .finally(() => handle.close());
  console.log(`Migrations applied (${handle.kind}).`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof SetupError ? error.message : error);
  process.exit(1);
}
