import { closeSync, createReadStream, createWriteStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { link, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { Unzip, UnzipInflate, Zip, ZipPassThrough } from 'fflate';
import { SetupError } from '../setup-error.ts';
import { tableCounts } from './table-counts.ts';

/** What a backup says of itself: the row count of every table when it was taken, and its stored files. */
export type BackupManifest = {
  format: 'armature-backup';
  version: 1;
  createdAt: string;
  tables: Record<string, number>;
  files: string[];
};

const MANIFEST = 'manifest.json';
/** PGlite's own dump of its data directory (a gzipped tar), loaded back by `new PGlite({ loadDataDir })`. */
const DATABASE = 'database.tar.gz';
const FILES = 'files/';

export type BackupSummary = { file: string; bytes: number; tables: number; rows: number; files: number };

/** Adds one entry, streamed from `source` (bytes or a file), to the archive being written. */
async function addEntry(zip: Zip, name: string, source: Uint8Array | string): Promise<void> {
  // Stored as they are: the database dump is gzipped already, attachments are mostly compressed formats.
  const entry = new ZipPassThrough(name);
  zip.add(entry);
  if (typeof source !== 'string') {
    entry.push(source, true);
    return;
  }
  let previous: Buffer | undefined;
  for await (const chunk of createReadStream(source)) {
    if (previous) entry.push(previous);
    previous = chunk as Buffer;
  }
  entry.push(previous ?? new Uint8Array(), true);
}

/**
 * Writes a consistent backup of an embedded database and its stored files to `file`. While PGlite's
 * transaction lock is held (no request writes meanwhile, for the few moments it takes) the tables are
 * counted, the data directory is checkpointed and dumped, and the stored files the rows name are
 * hard-linked aside; the archive is then written from those, so requests go on while it is.
 */
export async function writeBackup(client: PGlite, dataDir: string, file: string): Promise<BackupSummary> {
  const filesDir = path.join(dataDir, 'files');
  mkdirSync(path.dirname(file), { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, '.backup-'));
  try {
    const snapshot = await client.transaction(async (tx) => {
      const tables = await tableCounts(tx);
      const { rows } = await tx.query<{ key: string }>('select storage_key as key from stored_file order by 1');
      await tx.query('checkpoint');
      const dump = await client.dumpDataDir('gzip');
      const files: string[] = [];
      for (const { key } of rows) {
        const staged = path.join(staging, key);
        mkdirSync(path.dirname(staged), { recursive: true });
        // A file the store never received (or S3's) is simply not in the archive.
        if (
          await link(path.join(filesDir, key), staged).then(
            () => true,
            () => false,
          )
        )
          files.push(key);
      }
      return { tables, files, dump: new Uint8Array(await dump.arrayBuffer()) };
    });
    const manifest: BackupManifest = {
      format: 'armature-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      tables: snapshot.tables,
      files: snapshot.files,
    };
    // Written aside and renamed, so `file` is a whole backup or none.
    const partial = `${file}.partial`;
    const out = createWriteStream(partial);
    const zip = new Zip((error, chunk, final) => {
      if (error) out.destroy(error);
      else {
        out.write(chunk);
        if (final) out.end();
      }
    });
    await addEntry(zip, MANIFEST, new TextEncoder().encode(JSON.stringify(manifest, null, 2)));
    await addEntry(zip, DATABASE, snapshot.dump);
    for (const key of snapshot.files) await addEntry(zip, FILES + key, path.join(staging, key));
    zip.end();
    await finished(out);
    await rename(partial, file);
    return {
      file,
      bytes: out.bytesWritten,
      tables: Object.keys(manifest.tables).length,
      rows: Object.values(manifest.tables).reduce((sum, n) => sum + n, 0),
      files: snapshot.files.length,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export type UnpackedBackup = { manifest: BackupManifest; database: Blob; files: number };

/**
 * Reads a backup: its manifest and database dump, its stored files written under `filesDir` as it goes.
 * Anything else than an archive `writeBackup` wrote is refused.
 */
export async function unpackBackup(file: string, filesDir: string): Promise<UnpackedBackup> {
  let manifest: BackupManifest | undefined;
  const database: Uint8Array[] = [];
  let files = 0;
  let failure: unknown;
  const unzip = new Unzip((entry) => {
    if (entry.name === MANIFEST || entry.name === DATABASE) {
      const chunks: Uint8Array[] = entry.name === DATABASE ? database : [];
      entry.ondata = (error, chunk, final) => {
        if (error) failure = error;
        else chunks.push(chunk);
        if (final && entry.name === MANIFEST && !error)
          manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
      };
    } else if (entry.name.startsWith(FILES) && !entry.name.includes('..')) {
      const target = path.join(filesDir, entry.name.slice(FILES.length));
      mkdirSync(path.dirname(target), { recursive: true });
      const fd = openSync(target, 'w');
      entry.ondata = (error, chunk, final) => {
        if (error) failure = error;
        else writeSync(fd, chunk);
        if (final) {
          closeSync(fd);
          files += 1;
        }
      };
    } else return;
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(file)) unzip.push(chunk as Buffer);
    unzip.push(new Uint8Array(), true);
  } catch (error) {
    failure = error;
  }
  const valid = (value: BackupManifest | undefined): value is BackupManifest =>
    value?.format === 'armature-backup' && value.version === 1 && typeof value.tables === 'object';
  if (failure || !valid(manifest) || !database.length) throw new SetupError('restoreNotBackup', { file });
  return { manifest, database: new Blob([Buffer.concat(database)]), files };
}
