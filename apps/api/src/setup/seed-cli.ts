import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { prepareDatabase } from './prepare.ts';
import { SetupError } from './setup-error.ts';

try {
  const config = loadConfig();
  const handle = openDatabase(config);
  await prepareDatabase(handle, { adminPassword: config.adminPassword, demo: config.demo }).finally(() =>
    handle.close(),
  );
  console.log(`Database prepared (${handle.kind}).`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof SetupError ? error.message : error);
  process.exit(1);
}
