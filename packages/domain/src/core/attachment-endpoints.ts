import { z } from 'zod';
import { defineEndpoint, endpointPath, type Endpoint } from './endpoint.ts';
import { idSchema } from './common.schema.ts';
import { noContentSchema } from './crud-endpoints.ts';
import { attachmentSchema } from './attachment.schema.ts';

/**
 * The files attached to one kind of record, at `path` (which names the owner, e.g. `spareOarts/:id/attachments`):
 * `list` (GET `path`, oldest first) and `remove` (DELETE `path/:fileId`, 204). An upload (POST `path`,
 * multipart) and a file's bytes (GET `path/:fileId`) are files, not JSON: the owning area serves them by
 * hand at the same paths, and a caller reaches them through `attachmentUploadPath` and `attachmentFilePath`.
 */
export function attachmentEndpoints<S extends Record<string, z.ZodType<string>>>(
  path: string,
  /** The owner's path parameters (`{ id }` of a part, `{ receiptId }` of a receipt). */
  params: z.ZodObject<S>,
  access: { read: string; write: string },
) {
  return {
    list: defineEndpoint({ method: 'GET', path, params, response: z.array(attachmentSchema), access: access.read }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${path}/:fileId`,
      params: z.object({ ...params.shape, fileId: idSchema }),
      status: 204,
      response: noContentSchema,
      access: access.write,
    }),
  };
}

/**
 * What a screen needs of an owner's files, whatever its parameters are called: the list and the
 * deletion as declared endpoints (`attachmentEndpoints` builds them).
 */
export type AttachmentEndpoints<P extends Record<string, string>> = {
  list: Endpoint<z.ZodType<P, P>, undefined, z.ZodType<z.output<typeof attachmentSchema>[]>>;
  remove: Endpoint<z.ZodType<P & { fileId: string }, P & { fileId: string }>, undefined, typeof noContentSchema>;
};

/** Where an owner's files are uploaded to (POST, multipart): the list's path. */
export const attachmentUploadPath = <P extends Record<string, string>>(files: AttachmentEndpoints<P>, params: P) =>
  endpointPath(files.list.path, params);

/** Where one file's bytes are read (GET): the deletion's path. */
export const attachmentFilePath = <P extends Record<string, string>>(
  files: AttachmentEndpoints<P>,
  params: P,
  fileId: string,
) => endpointPath(files.remove.path, { ...params, fileId });
