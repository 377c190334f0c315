import { bundleCodeFromText } from './bundle-code.ts';
import { scanIdSchema } from './bundle.schema.ts';

/** The address a bundle tag's QR code holds: `<origin>/scan/<scanId>` (the public scan page). */
export function scanUrl(origin: string, scanId: string): string {
  return `${origin.replace(/\/+$/, '')}/scan/${encodeURIComponent(scanId)}`;
}

/**
 * The scan id in what a scanner typed or a camera read: the id itself, or a scan page's address
 * (`https://plant.example/scan/<id>`, with or without a trailing slash, query or fragment). Null for
 * anything else, so a mistyped code is never taken for a tag.
 */
export function scanIdFromText(text: string): string | null {
  const trimmed = text.trim();
  if (scanIdSchema.safeParse(trimmed).success) return trimmed;
  const match = /\/scan\/([A-Za-z0-9_-]{22})\/?(?:[?#].*)?$/.exec(trimmed);
  return match?.[1] ?? null;
}

/**
 * What names a bundle in what someone scanned or typed: its scan id (from a tag's address or the id
 * itself) or its printed code (`B-7K3Q-9F`, in the printed form however it was typed). Null for
 * anything else.
 */
export function bundleKeyFromText(text: string): string | null {
  return scanIdFromText(text) ?? bundleCodeFromText(text.trim());
}

/** A spec as tags and lists write it: `HRB400E Φ12`. */
export function bundleSpec(grade: string, diameter: number): string {
  return `${grade} Φ${diameter}`;
}
