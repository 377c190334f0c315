// `npm run restore FILE`: a backup of `npm run backup` into a new DATA_DIR (set DATA_DIR to choose it).
import path from 'node:path';
import { operatorLocale, operatorMessage } from '@armature/domain';
import { ConfigError, parseEnv } from '../../config/env.ts';
import { SetupError } from '../setup-error.ts';
import { restoreBackup } from './restore.ts';

try {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run restore FILE (into DATA_DIR, which must hold no database)');
  const dataDir = path.resolve(parseEnv(process.env).DATA_DIR);
  const summary = await restoreBackup(path.resolve(file), dataDir);
  console.log(operatorMessage('restoreDone', operatorLocale(process.env), { ...summary, file, dataDir }));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof SetupError ? error.message : error);
  process.exit(1);
}
