import type { Localized } from '../i18n/locales.ts';
import { mergeOnce } from '../merge-once.ts';

/** An error the API can answer: its HTTP status and its message in the three languages. */
export type ErrorDefinition = { readonly status: number; readonly message: Localized };

/** Error codes an area owns, by code. */
export type ErrorCatalogue = Readonly<Record<string, ErrorDefinition>>;

/**
 * One catalogue from the areas' catalogues. A code is answered by one area only: a code defined twice
 * would silently take one area's status and message, so it fails the load instead.
 */
export function mergeErrorCatalogues<const T extends readonly ErrorCatalogue[]>(...catalogues: T) {
  return mergeOnce('Error code', catalogues);
}
