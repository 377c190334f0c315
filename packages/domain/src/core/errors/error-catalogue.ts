import type { Localized } from '../i18n/locales.ts';

/** An error the API can answer: its HTTP status and its message in the three languages. */
export type ErrorDefinition = { readonly status: number; readonly message: Localized };

/** Error codes an area owns, by code. */
export type ErrorCatalogue = Readonly<Record<string, ErrorDefinition>>;

type Merged<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest]
  ? Head & Merged<Rest>
  : unknown;
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * One catalogue from the areas' catalogues. A code is answered by one area only: a code defined twice
 * would silently take one area's status and message, so it fails the load instead.
 */
export function mergeErrorCatalogues<const T extends readonly ErrorCatalogue[]>(...catalogues: T): Flat<Merged<T>> {
  const merged: Record<string, ErrorDefinition> = {};
  for (const catalogue of catalogues)
    for (const [code, definition] of Object.entries(catalogue)) {
      if (code in merged) throw new Error(`Error code "${code}" is defined twice`);
      merged[code] = definition;
    }
  return merged as Flat<Merged<T>>;
}
