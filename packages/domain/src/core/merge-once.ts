type Merged<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest]
  ? Head & Merged<Rest>
  : unknown;
export type Flat<T> = { [K in keyof T]: T[K] };

/**
 * One record from the areas' records (error codes, notification kinds…), typed as all of them. A key
 * belongs to one area only: a key two areas define would silently take one area's value, so it fails
 * the load instead, naming `what` it is.
 */
export function mergeOnce<const T extends readonly Readonly<Record<string, unknown>>[]>(
  what: string,
  records: T,
): Flat<Merged<T>> {
  const merged: Record<string, unknown> = {};
  for (const record of records)
    for (const [key, value] of Object.entries(record)) {
      if (key in merged) throw new Error(`${what} "${key}" is defined twice`);
      merged[key] = value;
    }
  return merged as Flat<Merged<T>>;
}
