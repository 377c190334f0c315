import { protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * How many statement texts keep a prepared statement at once (least recently used dropped first). The app's
 * statements are a few hundred texts; one with a list of ids (`in ($1, $2, …)`) is a text per list length.
 */
export const PREPARED_STATEMENTS = 256;

type BackendMessage = { name: string };
type Field = { name: string; dataTypeID: number };
type Prepared = { name: string; paramTypes: number[]; fields: Field[] };
type Parser = (value: string, type: number) => unknown;

/** What `query` runs on: the client outside a transaction, or PGlite's transaction object inside one. */
type Querying = Pick<PGlite, 'query'>;

/** PGlite's internals this relies on: public but undocumented (the names its own `query` takes). */
type PgliteInternals = {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  execProtocolStream(
    message: Uint8Array,
    options: { syncToFs: boolean; onNotice?: QueryOptions['onNotice'] },
  ): Promise<BackendMessage[]>;
};

/** PostgreSQL's answer when a statement's result columns changed under its cached plan (the schema changed). */
const RESULT_CHANGED = '0A000';

/** The commands whose count PGlite adds to `affectedRows`. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/** PGlite's own error shape: the failing statement and its parameters on the error, as `query` leaves them. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (error && typeof error === 'object' && 'code' in error)
    Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * The PGlite client drizzle is given: every statement through a named prepared statement kept per text.
 * PGlite's `query` sends a statement's parse, statement describe, bind, portal describe, execute and sync
 * as six calls into PostgreSQL, and parses, analyses and plans it again each time; a statement already
 * prepared is one call (bind, execute, sync) that only binds and runs it, its parameter types and result
 * columns known from its first describe. Same answers (PGlite's own result parser and serializers), same
 * errors, same exclusion (PGlite's query and transaction locks); the raw client (pg-boss, LISTEN, backups)
 * is untouched. docs/benchmarks.md ("A completion's booking in PGlite's CPU") has the figures.
 */
export function preparedStatements(client: PGlite): PGlite {
  const pg = client as unknown as PgliteInternals & PGlite;
  const { serialize } = protocol;
  const cache = new Map<string, Prepared>();
  const defaultParsers = types.parsers as Record<number, Parser>;
  let made = 0;

  /** The prepared statement of `text`, made (parsed and described) on its first use; in the query lock. */
  async function preparedFor(text: string, options: QueryOptions | undefined, params: unknown[]) {
    const known = cache.get(text);
    if (known) {
      // Map order is the recency order: the least recently used is the first key.
      cache.delete(text);
      cache.set(text, known);
      return known;
    }
    const name = `armature_${(made += 1)}`;
    let messages: BackendMessage[];
    try {
      messages = await pg.execProtocolStream(
        concat([
          serialize.parse({ name, text, types: options?.paramTypes }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      throw withQuery(error, text, params, options);
    }
    const description = messages.find((message) => message.name === 'parameterDescription') as
      (BackendMessage & { dataTypeIDs: number[] }) | undefined;
    const row = messages.find((message) => message.name === 'rowDescription') as
      (BackendMessage & { fields: Field[] }) | undefined;
    const prepared: Prepared = {
      name,
      paramTypes: description?.dataTypeIDs ?? [],
      fields: (row?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    cache.set(text, prepared);
    if (cache.size > PREPARED_STATEMENTS) {
      const [oldest, dropped] = cache.entries().next().value!;
      cache.delete(oldest);
      await pg.execProtocolStream(concat([serialize.close({ type: 'S', name: dropped.name }), serialize.sync()]), {
        syncToFs: false,
      });
    }
    return prepared;
  }

  async function forget(text: string) {
    const prepared = cache.get(text);
    if (!prepared) return;
    cache.delete(text);
    await pg.execProtocolStream(concat([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }

  /** One statement, in PGlite's query lock (taken by the caller). */
  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const prepared = await preparedFor(text, options, params);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = prepared.paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      messages = await pg.execProtocolStream(
        concat([serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
    } catch (error) {
      // Its cached columns are no longer the statement's (a table changed): made again on its next use.
      if ((error as { code?: string }).code === RESULT_CHANGED) await forget(text);
      throw withQuery(error, text, params, options);
    }
    return resultOf<T>(prepared.fields, messages, options);
  }

  /**
   * The answer as PGlite's `parseResults` gives it (rows as arrays or objects, each value through the query's
   * parser of its type, else the client's), without merging the query's parsers into a copy of the client's
   * 400 on every statement as it does.
   */
  function resultOf<T>(fields: Field[], messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const given = options?.parsers as Record<number, Parser> | undefined;
    const own = pg.parsers as Record<number, Parser>;
    const parsers = fields.map(
      ({ dataTypeID }) => given?.[dataTypeID] ?? own[dataTypeID] ?? defaultParsers[dataTypeID],
    );
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as BackendMessage & { fields: (string | null)[] }).fields;
        const row: unknown[] = new Array(values.length);
        for (let index = 0; index < values.length; index++) {
          const value = values[index]!;
          const parser = parsers[index];
          row[index] = value === null ? null : parser ? parser(value, fields[index]!.dataTypeID) : value;
        }
        if (options?.rowMode === 'array') rows.push(row);
        else {
          const object: Record<string, unknown> = {};
          for (let index = 0; index < row.length; index++) object[fields[index]!.name] = row[index];
          rows.push(object);
        }
      } else if (message.name === 'commandComplete') {
        const words = (message as BackendMessage & { text: string }).text.split(' ');
        command = words[0]!;
        const count = parseInt(words[words.length - 1]!, 10);
        if (COUNTED_COMMANDS.has(command)) affectedRows += count;
        if (!Number.isNaN(count)) rowCount = count;
      }
    }
    const result: Results<T> = { rows: rows as Results<T>['rows'], fields, command, affectedRows };
    if (rowCount !== undefined) result.rowCount = rowCount;
    return result;
  }

  const query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        // A statement whose table changed under it is made again: once, and only here, outside a transaction
        // (inside one the error has aborted it, so it is the caller's).
        const result = await run<T>(text, params, options).catch((error: unknown) => {
          if ((error as { code?: string }).code !== RESULT_CHANGED) throw error;
          return run<T>(text, params, options);
        });
        // Outside a transaction each statement commits: written to the data directory as PGlite's `query` does.
        await pg.syncToFs();
        return result;
      }),
    );
  };

  const transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => {
      const prepared: Querying = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return pg._runExclusiveQuery(() => run<R>(text, params, options));
        },
      };
      return work(Object.assign(Object.create(tx) as Transaction, prepared));
    });

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
