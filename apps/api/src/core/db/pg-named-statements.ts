import { createHash } from 'node:crypto';
import type pg from 'pg';

/** PostgreSQL's answer when a prepared statement's result columns changed under it (its table was altered). */
const RESULT_CHANGED = '0A000';

/** Statement names by text; the app's statements are a few hundred texts (one per list length of `in (…)`). */
const names = new Map<string, string>();
const MOST_NAMES = 2000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name) return name;
  if (names.size >= MOST_NAMES) names.clear();
  name = `a${createHash('sha1').update(text).digest('hex').slice(0, 30)}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text: string; name?: string };
const isParameterised = (config: unknown, values: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfig).text === 'string' &&
  !(config as QueryConfig).name &&
  Array.isArray(values) &&
  values.length > 0;

/**
 * Drizzle's statements on this connection as named prepared statements, one per text: node-postgres parses a
 * named statement once per connection and then only binds and runs it, and the server keeps its plan instead of
 * parsing, analysing and planning the same text for every call — most of a short statement's server time
 * (docs/benchmarks.md, "Machines taking their work"). Only statements with parameters: those are sent with the
 * extended protocol already (one command each); one without goes as a simple query, which may hold several
 * commands. A statement whose result columns changed under it (a migration altered its table while this
 * connection lived) fails once, as an unnamed one would not; the connection's statements are then prepared
 * again under new names.
 */
export function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let generation = 0;
  const changed = (error: unknown) => {
    if ((error as { code?: string } | null)?.code === RESULT_CHANGED) generation += 1;
  };
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (!isParameterised(config, values)) return query(config, values, callback);
    const named = { ...config, name: `${nameOf(config.text)}_${generation}` };
    // The pool's own `query` passes a callback; drizzle's transactions take the promise.
    if (typeof callback === 'function')
      return query(named, values, (error: unknown, result: unknown) => {
        changed(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      });
    return (query(named, values) as Promise<unknown>).catch((error: unknown) => {
      changed(error);
      throw error;
    });
  }) as typeof client.query;
}
