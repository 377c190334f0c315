import { ATTACHMENT_MEDIA_TYPES } from './attachment.schema.ts';

/** The longest file name kept (the column's length). */
export const MAX_FILE_NAME = 255;

/**
 * What a name must not carry: C0 and C1 controls and DEL (they end header lines), and the invisible
 * marks that reorder what is shown — `x\u202Egnp.html` reads as `xlmth.png` — ALM, LRM and RLM, the
 * bidi embeddings and overrides, the isolates, line and paragraph separators, and the BOM.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/gu;

/**
 * The name as a person would read it: the last segment of whatever path a browser sent, without
 * control or bidi characters, at most 255 characters, `file` when nothing is left.
 */
export function cleanFileName(given: string): string {
  const base = given.split(/[\\/]/).pop() ?? '';
  const visible = base.replace(HIDDEN, '').trim();
  return [...visible].slice(0, MAX_FILE_NAME).join('') || 'file';
}

type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];

/** The extensions each attachment type goes by, the usual one first. */
const EXTENSIONS: Record<AttachmentMediaType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

const isAttachmentType = (mediaType: string): mediaType is AttachmentMediaType =>
  (ATTACHMENT_MEDIA_TYPES as readonly string[]).includes(mediaType);

/**
 * The name an attachment is kept, listed and served under: cleaned, and ending in an extension of
 * the type sniffed from its content, so a download opens as what it is — a PNG uploaded as
 * `x.html` is `x.html.png`. The name keeps its other extensions: nothing a person wrote is lost.
 */
export function attachmentFileName(given: string, mediaType: string): string {
  const name = cleanFileName(given);
  if (!isAttachmentType(mediaType)) return name;
  const extensions = EXTENSIONS[mediaType];
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (extension && extensions.includes(extension)) return name;
  const suffix = `.${extensions[0]}`;
  return [...name].slice(0, MAX_FILE_NAME - suffix.length).join('') + suffix;
}
