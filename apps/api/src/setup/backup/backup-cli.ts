// `npm run backup [FILE]`: a consistent backup of the embedded database and its stored files, taken by
// the running server (backup-control.ts) or, when none runs, from the data directory itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { operatorLocale, operatorMessage } from '@armature/domain';
import { ConfigError, parseEnv } from '../../config/env.ts';
import { openPglite } from '../../core/db/client.ts';
import { SetupError } from '../setup-error.ts';
import { writeBackup } from './backup-archive.ts';
import { requestBackup } from './backup-control.ts';

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

try {
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) throw new SetupError('backupNeedsEmbedded');
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.resolve(process.argv[2] ?? path.join(dataDir, 'backups', `armature-${stamp()}.zip`));
  let summary = await requestBackup(dataDir, file);
  if (!summary) {
    const pgliteDir = path.join(dataDir, 'pglite');
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dataDir}`);
    const handle = openPglite(pgliteDir);
    summary = await writeBackup(handle.client, dataDir, file).finally(() => handle.close());
  }
  const size = `${(summary.bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(operatorMessage('backupWritten', operatorLocale(process.env), { ...summary, size }));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof SetupError ? error.message : error);
  process.exit(1);
}
