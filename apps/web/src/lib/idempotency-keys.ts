/**
 * One `Idempotency-Key` per distinct body: sending the same body again (a double click, a retry after
 * a lost answer) reuses its key, so the server applies it once; an edited body gets a new key.
 */
export function idempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  let last: { body: string; key: string } | undefined;
  return (body: unknown): string => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: newKey() };
    return last.key;
  };
}

/** What a form's `idempotencyKeys()` gives a write: the key for the body it is about to send. */
export type KeyFor = (body: unknown) => string;

/** The request options that send `body` under its form's idempotency key. */
export const keyedBy = (keyFor: KeyFor, body: unknown) => ({ headers: { 'Idempotency-Key': keyFor(body) } });
