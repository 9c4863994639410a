import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { sqliteNowOf } from './connect.ts';
import type { Database, Db } from './schema.ts';

/**
 * Where one of a query's values goes: the builder of a query built once is handed one of these
 * for each value it reads, and the compiled SQL keeps them among its parameters.
 */
class Slot {
  constructor(readonly name: string) {
    Object.freeze(this);
  }
}

interface Template<R> {
  compiled: CompiledQuery<R>;
  /** For each parameter of the SQL, the name of the value it takes, or null: a constant of the builder's. */
  names: ReadonlyArray<string | null>;
}

/**
 * A query of the hot paths, built and compiled by Kysely once per database and then run with
 * new values. Kysely builds a query's tree and compiles it to SQL on every call; on the order
 * path (a statement costing SQLite 15 to 70 us) that was about as much CPU again as the
 * statements themselves (docs/performance.md). The query is written as usual, with Kysely's
 * types; the values the builder reads from `values` become parameters of the compiled SQL.
 *
 * `build` must use `values` only as values of the query (in a comparison, an insert, a
 * `sql` template), never to decide its shape (an `if`, a `?:`, `.map`, a string made from one):
 * a value read but missing from the SQL's parameters, a literal or a string built from it, is
 * refused when the query is first built. A value that is `undefined` when the query runs is
 * refused too (Kysely would have left the column out). Anything else the builder uses is fixed
 * at that first build: a time is a value (`now`), not a `nowIso()` inside the builder.
 *
 * Kept per Kysely adapter, which a database's transactions and connections share: a test's
 * second app compiles its own. A Kysely with plugins (a test counting queries) builds the
 * query on every call, as a plugin may transform each compilation.
 */
export function builtOnce<V extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): BuiltQuery<V, R> {
  const perShape = builtOncePerShape<typeof NO_SHAPE, V, R>((db, _shape, values) => build(db, values));
  return Object.assign((db: Db, values: V) => perShape(db, NO_SHAPE, values), {
    now: (db: Db, values: V) => perShape.now(db, NO_SHAPE, values),
  });
}

/**
 * A query built once: run through Kysely (a promise of its rows), or, on SQLite, `now`: run
 * right away on the connection's better-sqlite3 handle, answering its rows. `now` is for a
 * caller that holds the connection (db.connection(), whose lock keeps any other query of the
 * app's Kysely out) and runs a transaction with no await inside it: the order path's group
 * (orders.group-commit.ts, inSavepointsNow), where Kysely's executor cost as much as SQLite's
 * statements (docs/performance.md).
 */
export type BuiltQuery<V, R> = ((db: Db, values: V) => Promise<R[]>) & { now: (db: Db, values: V) => R[] };
export type BuiltQueryPerShape<S, V, R> = ((db: Db, shape: S, values: V) => Promise<R[]>) & {
  now: (db: Db, shape: S, values: V) => R[];
};

const NO_SHAPE = Object.freeze({});

/** What decides a query's shape: a few flags and names (which filters, which sort), never a value. */
export type QueryShape = Readonly<Record<string, string | number | boolean>>;

/**
 * builtOnce for a query whose shape varies (a filter present or not, a sort): built once per
 * database and shape. `build` decides the query's form from `shape` alone and reads its values
 * from `values`, as builtOnce's builder does. A shape's kinds must be few (flags and names of a
 * fixed set), as each is kept for the life of the process.
 */
export function builtOncePerShape<S extends QueryShape, V extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, shape: S, values: V) => Compilable<R>,
): BuiltQueryPerShape<S, V, R> {
  const templates = new WeakMap<object, Map<string, Template<R>>>();
  /** The query's SQL for `shape` with `values` as its parameters. */
  const bound = (db: Db, shape: S, values: V): CompiledQuery<R> => {
    const executor = db.getExecutor();
    const kept = executor.plugins.length === 0;
    const key = JSON.stringify(shape);
    let byShape = kept ? templates.get(executor.adapter) : undefined;
    let template = byShape?.get(key);
    if (template === undefined) {
      // With plugins (a test recording the statements), compiled on every call: a plugin sees each.
      template = compileWithSlots<V, R>(db, (kysely, slots) => build(kysely, shape, slots));
      if (kept) {
        if (byShape === undefined) {
          byShape = new Map();
          templates.set(executor.adapter, byShape);
        }
        byShape.set(key, template);
      }
    }
    const { compiled, names } = template;
    const parameters = names.map((name, i) => {
      if (name === null) return compiled.parameters[i];
      const value = values[name];
      if (value === undefined) throw new Error(`builtOnce: no value for "${name}"`);
      return value;
    });
    return { ...compiled, parameters };
  };
  return Object.assign(
    async (db: Db, shape: S, values: V) => {
      const result = await db.executeQuery<R>(bound(db, shape, values));
      return result.rows;
    },
    { now: (db: Db, shape: S, values: V) => runNow(db, bound(db, shape, values)) },
  );
}

/** Runs `query` on the SQLite connection under `db` (sqliteNowOf), as Kysely's SQLite driver does: its rows, if it answers any. */
function runNow<R>(db: Db, query: CompiledQuery<R>): R[] {
  const statement = sqliteNowOf(db).prepare(query.sql);
  if (statement.reader) return statement.all(query.parameters) as R[];
  statement.run(query.parameters);
  return [];
}

function compileWithSlots<V extends Record<string, unknown>, R>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): Template<R> {
  const read = new Set<string>();
  const slots = new Proxy({} as V, {
    get(_, name) {
      if (typeof name !== 'string') return undefined;
      read.add(name);
      return new Slot(name);
    },
  });
  const compiled = build(db, slots).compile();
  const names = compiled.parameters.map((p) => (p instanceof Slot ? p.name : null));
  const missing = [...read].filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new Error(`builtOnce: ${missing.map((name) => `"${name}"`).join(', ')} read by the builder but not a parameter of its SQL`);
  }
  return { compiled, names };
}
