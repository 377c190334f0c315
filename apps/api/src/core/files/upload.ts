import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_MEDIA_TYPES, MAX_ATTACHMENT_MB, attachmentFileName } from '@armature/domain';
import { AppError, invalidFields } from '../http/app-error.ts';

/** Uploads larger than this answer 413 `file_too_large`. */
export const MAX_UPLOAD_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;

/** A file as received and checked, not yet stored. */
export type Upload = { fileName: string; mediaType: string; bytes: Buffer; sha256: string };

export type UploadRules = { maxBytes?: number; mediaTypes?: readonly string[] };

function uploadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('file_too_large', { limit: maxBytes / 1024 / 1024 });
  return new AppError('bad_request');
}

/**
 * The one file of a multipart request (field `file`), read whole before any transaction starts (a slow
 * upload holds no lock). Over `maxBytes` (10 MB) 413 `file_too_large` with the limit in MB; a request
 * without the file 400 on `file`; a broken multipart body 400 `bad_request`; content that is not one
 * of `mediaTypes` (sniffed from the bytes, whatever the name or the declared type say) 400
 * `file_type_refused` naming them. The name is cleaned and ends in an extension of the sniffed type
 * (`attachmentFileName`). The route needs @fastify/multipart registered.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules = {}): Promise<Upload> {
  const maxBytes = rules.maxBytes ?? MAX_UPLOAD_BYTES;
  const mediaTypes = rules.mediaTypes ?? ATTACHMENT_MEDIA_TYPES;
  if (!request.isMultipart()) throw invalidFields({ file: ['required'] });
  let received: { fileName: string; bytes: Buffer };
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') throw invalidFields({ file: ['required'] });
    received = { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  // Loaded with the first upload, not at the server's start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(received.bytes);
  if (!detected || !mediaTypes.includes(detected.mime))
    throw new AppError('file_type_refused', { allowed: mediaTypes.join(', ') });
  return {
    fileName: attachmentFileName(received.fileName, detected.mime),
    mediaType: detected.mime,
    bytes: received.bytes,
    sha256: createHash('sha256').update(received.bytes).digest('hex'),
  };
}
