import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentFileName } from '@armature/domain';
import type { Db, Tx } from '../db/client.ts';
import { toIso } from '../db/time.ts';
import { AppError } from '../http/app-error.ts';
import { runWrite } from '../http/idempotency.plugin.ts';
import { contentDisposition } from './content-disposition.ts';
import { fileStoreFor, newStorageKey } from './file-store.ts';
import { storedFiles } from './files.table.ts';
import type { Upload } from './upload.ts';

/**
 * The record files are attached to, and its scope: plant records carry their client and product
 * (every read filters by them, as reads of the record do), maker records null.
 */
export type FileOwner = { ownerType: string; ownerId: string; clientId: string | null; productId: string | null };

export type StoredFile = typeof storedFiles.$inferSelect;

/**
 * The name a stored file is listed and served under: the stored one, cleaned and typed again for
 * files kept before names were (a PNG kept as `x.html` shows as `x.html.png`).
 */
const shownName = (file: StoredFile) => attachmentFileName(file.fileName, file.mediaType);

/** A stored file as attachment lists show it. */
export const toAttachment = (file: StoredFile) => ({
  id: file.id,
  fileName: shownName(file),
  mediaType: file.mediaType,
  size: file.size,
  creatorName: file.creatorName,
  creationTime: toIso(file.creationTime),
});

const ownedBy = (owner: Omit<FileOwner, 'clientId'>) =>
  and(
    eq(storedFiles.ownerType, owner.ownerType),
    eq(storedFiles.ownerId, owner.ownerId),
    owner.productId === null ? isNull(storedFiles.productId) : eq(storedFiles.productId, owner.productId),
  );

/** The owner's files, oldest first. */
export async function filesOf(db: Db | Tx, owner: Omit<FileOwner, 'clientId'>): Promise<StoredFile[]> {
  return db
    .select()
    .from(storedFiles)
    .where(ownedBy(owner))
    .orderBy(asc(storedFiles.creationTime), asc(storedFiles.id));
}

/** One of the owner's files; 404 for any other (another owner's or another product's too). */
export async function fileOf(db: Db | Tx, owner: Omit<FileOwner, 'clientId'>, id: string): Promise<StoredFile> {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), ownedBy(owner)));
  if (!file) throw new AppError('not_found');
  return file;
}

/** What a file write may do inside its transaction. */
export type FileWriter = {
  /** Writes the upload's bytes, then inserts its row for `owner`; answers the row. */
  keep(upload: Upload, owner: FileOwner, creator: { id: string; name: string }): Promise<StoredFile>;
  /** Deletes the file's row; its bytes go once the transaction has committed. */
  remove(file: StoredFile): Promise<void>;
};

/**
 * `runWrite` for a write that adds or removes stored files, keeping bytes and rows consistent across
 * the transaction: bytes are written before their row and deleted again when the transaction does
 * not commit; removed files lose their bytes only after the removal committed. At worst a crash
 * leaves a file no row names — never a row without its file.
 */
export async function runFileWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Tx, files: FileWriter) => Promise<T>,
): Promise<T> {
  const store = fileStoreFor(request.server.config);
  const written: string[] = [];
  const removed: string[] = [];
  const discard = (keys: string[]) =>
    Promise.all(
      keys.map((key) =>
        store.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'stored file left behind')),
      ),
    );
  let answer: T;
  try {
    answer = await runWrite(request, reply, (tx) =>
      work(tx, {
        async keep(upload, owner, creator) {
          const storageKey = newStorageKey(owner.ownerType);
          written.push(storageKey);
          await store.put(storageKey, upload.bytes);
          const [file] = await tx
            .insert(storedFiles)
            .values({
              ...owner,
              fileName: upload.fileName,
              mediaType: upload.mediaType,
              size: upload.bytes.length,
              sha256: upload.sha256,
              storageKey,
              creatorName: creator.name,
              creatorId: creator.id,
            })
            .returning();
          if (!file) throw new Error('stored_file insert returned no row');
          return file;
        },
        async remove(file) {
          await tx.delete(storedFiles).where(eq(storedFiles.id, file.id));
          removed.push(file.storageKey);
        },
      }),
    );
  } catch (error) {
    await discard(written);
    throw error;
  }
  await discard(removed);
  return answer;
}

/**
 * Sends a stored file's bytes with its media type: shown in the browser (`inline`) unless `download`
 * asks for a save dialog. 404 when the bytes are missing from the store.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  download: boolean,
) {
  const stream = await fileStoreFor(request.server.config).get(file.storageKey);
  if (!stream) throw new AppError('not_found');
  return reply
    .header('content-type', file.mediaType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', shownName(file)))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
