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

/** A builder drizzle can prepare (a select, insert, update or delete), answering `Result`. */
type Preparable<Result> = { prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: Result }> };

type Runs = Db | PgTransaction<PgQueryResultHKT>;

/** What `built` hands drizzle's session to prepare: for a builder what it hands, for raw SQL its text. */
function record(built: Preparable<unknown> | SQL): Recorded {
  if ('prepare' in built) return built.prepare('') as unknown as Recorded;
  return new Recorded(recordingSession.pgDialect.sqlToQuery(built), undefined, false, undefined);
}

/** The recorded statement prepared on `db`'s session (its transaction's, if it is one) and run with `values`. */
async function run(recorded: Recorded, db: Runs, values: Record<string, unknown>): Promise<unknown> {
  const { built, fields, arrayMode, mapper } = recorded;
  const prepared = db._.session.prepareQuery(built, fields, undefined, arrayMode, mapper);
  // Set by a select with joins (which of them may answer no row), read by its row mapping.
  Object.assign(prepared, { joinsNotNullableMap: (recorded as { joinsNotNullableMap?: unknown }).joinsNotNullableMap });
  const result = await prepared.execute(values);
  return fields || mapper ? result : (result as { rows: unknown[] }).rows;
}

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
): (db: Runs, values: Record<Name, unknown>) => Promise<Result>;
export function builtOnce<Name extends string, Row>(
  build: (db: Db, values: Placeholders<Name>) => SQL,
): (db: Runs, values: Record<Name, unknown>) => Promise<Row[]>;
export function builtOnce<Name extends string>(
  build: (db: Db, values: Placeholders<Name>) => Preparable<unknown> | SQL,
) {
  let recorded: Recorded | undefined;
  return (db: Runs, values: Record<Name, unknown>) =>
    run((recorded ??= record(build(recorder, placeholders as Placeholders<Name>))), db, values);
}

/**
 * Shapes a statement of `builtPerShape` keeps built, the least recently used dropped first: a plant's hot shapes are
 * few (a completion's three or four stock rows), and a rare one (a stock take's hundred lines) must not hold a place.
 */
export const MOST_SHAPES = 64;

/**
 * `builtOnce` of a statement whose form follows its input — how many rows it writes, which of their parts are null:
 * built once for each shape met (`shapeOf` names it; `build` must follow nothing of `input` that it does not name).
 * Its values are named freely, `value` giving the placeholder of each (`numbered` names those of rows).
 */
export function builtPerShape<Input, Result>(
  shapeOf: (input: Input) => string,
  build: (db: Db, value: (name: string) => Placeholder, input: Input) => Preparable<Result>,
): (db: Runs, input: Input, values: Record<string, unknown>) => Promise<Result> {
  // Map order is the recency order: the least recently used is the first key.
  const shapes = new Map<string, Recorded>();
  return async (db, input, values) => {
    const shape = shapeOf(input);
    const recorded = shapes.get(shape) ?? record(build(recorder, (name) => sql.placeholder(name), input));
    shapes.delete(shape);
    shapes.set(shape, recorded);
    if (shapes.size > MOST_SHAPES) shapes.delete(shapes.keys().next().value!);
    return (await run(recorded, db, values)) as Result;
  };
}

/**
 * The values of rows named for `builtPerShape`'s placeholders: each key with the row's index after `prefix`
 * (`kind0`, `kind1`…; `balance.id0`…).
 */
export function numbered(rows: readonly object[], prefix = ''): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    for (const [key, value] of Object.entries(row)) values[`${prefix}${key}${index}`] = value;
  });
  return values;
}

/** The placeholders of `row`'s values as `numbered` names them: the row in a statement built for its shape. */
export function rowPlaceholders<Row extends object>(
  row: Row,
  index: number,
  value: (name: string) => Placeholder,
  prefix = '',
): { [Key in keyof Row]: Placeholder } {
  return Object.fromEntries(Object.keys(row).map((key) => [key, value(`${prefix}${key}${index}`)])) as {
    [Key in keyof Row]: Placeholder;
  };
}
