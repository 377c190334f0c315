import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SetupError } from '../setup-error.ts';
import { unpackBackup } from './backup-archive.ts';
import { countDifferences, tableCounts, totalRows } from './table-counts.ts';

export type RestoreSummary = { tables: number; rows: number; files: number };

/**
 * Brings a backup into a new data directory: the database and the stored files, then checks every
 * table's row count against the backup's. A directory that holds a database is refused; a restore that
 * does not match is removed again.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreSummary> {
  const pgliteDir = path.join(dataDir, 'pglite');
  const filesDir = path.join(dataDir, 'files');
  for (const dir of [pgliteDir, filesDir])
    if (existsSync(dir) && readdirSync(dir).length) throw new SetupError('restoreTargetInUse', { dataDir });
  const undo = () => [pgliteDir, filesDir].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  try {
    const { manifest, database, files } = await unpackBackup(file, filesDir);
    const client = new PGlite({ dataDir: pgliteDir, loadDataDir: database });
    const counts = await tableCounts(client).finally(() => client.close());
    const differing = countDifferences(manifest.tables, counts);
    if (differing.length) throw new SetupError('restoreCountsDiffer', { tables: differing.join(', '), dataDir });
    return { tables: Object.keys(counts).length, rows: totalRows(counts), files };
  } catch (error) {
    undo();
    throw error;
  }
}
