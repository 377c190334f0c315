import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/**
 * A file attached to a record (a receipt's mill certificate, a part's picture or drawing): shown as a
 * thumbnail (image) or a preview (PDF). Uploads are checked by size and by the type found in the
 * content, not the name.
 */
export const attachmentSchema = z.object({
  id: idSchema,
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What attachments may be: PDF documents and pictures, by the type sniffed from their content. */
export const ATTACHMENT_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
/** The largest attachment accepted, in MB. */
export const MAX_ATTACHMENT_MB = 10;
