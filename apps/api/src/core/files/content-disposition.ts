import { cleanFileName } from '@armature/domain';

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 / 5987): the plain name for old clients
 * (non-ASCII and quoting characters replaced), the exact one, percent-encoded, for the rest. The
 * name is cleaned first: a control or bidi character would survive the encoding and reach the
 * person saving the file.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const name = cleanFileName(fileName);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
