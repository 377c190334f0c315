import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import {
  PgDatabase,
  PgDialect,
  PgPreparedQuery,
  PgSession,
  type PgQueryResultHKT,
  type PgTransaction,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import { DIALECT_OPTIONS, type Db } from './client.ts';

/** A statement's values by name: each a placeholder in the statement, filled when it runs. */
export type Placeholders<Name extends string> = { readonly [Key in Name]: Placeholder<Key> };

type Mapper = (rows: unknown[][]) => unknown;

/** What drizzle's builder hands its session to prepare: the text and parameters, and how the rows are read. */
class Recorded extends PgPreparedQuery<PreparedQueryConfig> {
  constructor(
    readonly built: Query,
    readonly fields: SelectedFieldsOrdered | undefined,
    readonly arrayMode: boolean,
    readonly mapper: Mapper | undefined,
  ) {
    super(built, undefined, undefined);
  }

  execute(): never {
    throw new Error('a statement built once runs on the database or transaction given to it');
  }
}

/** A session that only records what it is asked to prepare: statements are built on it, never run. */
class Recording extends PgSession<PgQueryResultHKT> {
  constructor(readonly pgDialect: PgDialect) {
    super(pgDialect);
  }

  prepareQuery(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    _name: string | undefined,
    arrayMode: boolean,
    mapper?: Mapper,
  ) {
    return new Recorded(query, fields, arrayMode, mapper) as PgPreparedQuery<never>;
  }

  transaction(): Promise<never> {
    throw new Error('a statement built once is built outside any transaction');
  }
}

const recordingSession = new Recording(new PgDialect(DIALECT_OPTIONS));
const recorder: Db = new PgDatabase(recordingSession.pgDialect, recordingSession, undefined);

const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined),
});

/** A builder drizzle can prepare (a select, insert, update or delete), answering `Row`. */
type Preparable<Result> = { prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: Result }> };

/**
 * A statement drizzle builds once — its text, the places of its values and how its rows are read — then runs on
 * whichever database or transaction it is given, its values filling its placeholders (`sql.placeholder`, handed to
 * `build` by name). drizzle builds a statement's text from its parts on every call (a few hundred microseconds for a
 * task's lock, on PGlite a turn of the API's one thread); its own prepared statements are bound to the session that
 * prepared them, so none serves the next transaction (drizzle-orm issues #613, #2826). For the statements a machine's
 * message runs every time (docs/benchmarks.md, "Machines taking their work"). `build` must depend on nothing but
 * its placeholders: whatever else it reads is fixed at the first call. A statement of raw SQL (`build` answering an
 * `SQL`) answers its rows as the driver gives them.
 */
export function builtOnce<Name extends string, Result>(
  build: (db: Db, values: Placeholders<Name>) => Preparable<Result>,
): (db: Db | PgTransaction<PgQueryResultHKT>, values: Record<Name, unknown>) => Promise<Result>;
export function builtOnce<Name extends string, Row>(
  build: (db: Db, values: Placeholders<Name>) => SQL,
): (db: Db | PgTransaction<PgQueryResultHKT>, values: Record<Name, unknown>) => Promise<Row[]>;
export function builtOnce<Name extends string>(
  build: (db: Db, values: Placeholders<Name>) => Preparable<unknown> | SQL,
) {
  let recorded: Recorded | undefined;
  const record = (): Recorded => {
    const built = build(recorder, placeholders as Placeholders<Name>);
    if ('prepare' in built) return built.prepare('') as unknown as Recorded;
    return new Recorded(recordingSession.pgDialect.sqlToQuery(built), undefined, false, undefined);
  };
  return async (db: Db, values: Record<Name, unknown>) => {
    recorded ??= record();
    const { built, fields, arrayMode, mapper, joinsNotNullableMap } = recorded as Recorded & {
      joinsNotNullableMap?: Record<string, boolean>;
    };
    const prepared = db._.session.prepareQuery(built, fields, undefined, arrayMode, mapper);
    Object.assign(prepared, { joinsNotNullableMap });
    const result = await prepared.execute(values);
    return fields || mapper ? result : (result as { rows: unknown[] }).rows;
  };
}
