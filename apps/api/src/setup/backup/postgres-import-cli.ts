// `DATABASE_URL=postgres://… npm run db:import FILE`: an `npm run backup` file into a new, empty
// PostgreSQL database, the stored files into DATA_DIR/files (docs/deployment.md, "From the embedded
// database to PostgreSQL").
import path from 'node:path';
import { operatorLocale, operatorMessage } from '@armature/domain';
import { ConfigError, parseEnv } from '../../config/env.ts';
import { SetupError } from '../setup-error.ts';
import { importIntoPostgres } from './postgres-import.ts';

try {
  const file = process.argv[2];
  const env = parseEnv(process.env);
  if (!file || !env.DATABASE_URL) throw new Error('usage: DATABASE_URL=postgres://… npm run db:import FILE');
  const summary = await importIntoPostgres(
    path.resolve(file),
    env.DATABASE_URL,
    path.join(path.resolve(env.DATA_DIR), 'files'),
  );
  console.log(operatorMessage('importDone', operatorLocale(process.env), { ...summary, file }));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof SetupError ? error.message : error);
  process.exit(1);
}
