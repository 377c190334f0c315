import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config/env.ts';
import { s3FileStore } from './s3-file-store.ts';

/**
 * Where the bytes of stored files live, by storage key; their metadata is a `stored_file` row. Keys
 * come from `newStorageKey` (never from a caller), are written once and never rewritten, so an
 * implementation needs no versioning or locking: this one on local disk, `s3FileStore` in an
 * S3-compatible bucket (PutObject, GetObject, DeleteObject).
 */
export interface FileStore {
  /** Stores `bytes` under `key`; resolves once they are all written (a reader never sees part of them). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key` as a stream, or null when nothing is stored there. */
  get(key: string): Promise<Readable | null>;
  /** Removes the bytes under `key`; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
}

/** `rebarReceive/2f1c…`: grouped by owner type, unique, and safe as a path or object name. */
export const newStorageKey = (ownerType: string) => `${ownerType}/${randomUUID()}`;

const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** Files under `root` (created on first write), one per key, its path segments the key's. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    // Keys are ours, but a path outside the root must be impossible whatever reaches here.
    if (!KEY.test(key) || key.length > 200) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed: the rename is atomic, so the key holds the whole file or nothing.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const target = pathOf(key);
      try {
        if (!(await stat(target)).isFile()) return null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(target);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The store of this process's configuration: its S3-compatible bucket (`S3_*`), else `DATA_DIR/files`. */
export const fileStoreFor = (config: Pick<Config, 'dataDir' | 's3'>): FileStore =>
  config.s3 ? s3FileStore(config.s3) : localFileStore(path.join(config.dataDir, 'files'));
