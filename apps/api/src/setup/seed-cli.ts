import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { prepareDatabase } from './prepare.ts';

try {
  const config = loadConfig();
  const handle = openDatabase(config);
  await prepareDatabase(handle, { adminPassword: config.adminPassword });
  await handle.close();
  console.log(`Demo data present (${handle.kind}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
