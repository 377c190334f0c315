import { ATTACHMENT_MEDIA_TYPES, MAX_ATTACHMENT_MB } from '@armature/domain';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** The file chooser's filter: the extensions and media types the server takes. */
export const ATTACHMENT_ACCEPT = ['.pdf', '.png', '.jpg', '.jpeg', '.webp', ...ATTACHMENT_MEDIA_TYPES].join(',');
const MAX_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;

/** Why a file was not stored, as a key of the panel's `errors` labels and its values. */
export type AttachmentError =
  | { key: 'tooLarge'; values: { max: number } }
  | { key: 'type'; values: { name: string } }
  | { key: 'server'; values: { message: string } };

/** Refused before sending, as the server would refuse it (the server also reads the bytes, not the name). */
export function attachmentRefusal(file: { name: string; size: number; type: string }): AttachmentError | null {
  if (file.size > MAX_BYTES) return { key: 'tooLarge', values: { max: MAX_ATTACHMENT_MB } };
  if (!(ATTACHMENT_MEDIA_TYPES as readonly string[]).includes(file.type))
    return { key: 'type', values: { name: file.name } };
  return null;
}

/** The server's refusal in the user's words: a body over the limit is cut off before the API reads it (413). */
export function attachmentError(error: unknown): AttachmentError {
  if (error instanceof ApiError && error.status === 413) return { key: 'tooLarge', values: { max: MAX_ATTACHMENT_MB } };
  return { key: 'server', values: { message: errorMessage(error) } };
}
