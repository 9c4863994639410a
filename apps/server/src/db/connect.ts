import { hash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql as rawSql,
  type DatabaseIntrospector,
  type SqliteDatabase,
  type SqliteStatement,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { wordParts } from './search-parts.ts';
import { startWalCheckpoints, WAL_PAGES_BEFORE_OWN_CHECKPOINT } from './wal-checkpoints.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Raw driver handle, for better-auth (which runs its own Kysely on the same connection). */
  sqlite?: SQLite.Database;
  pool?: pg.Pool;
}

export interface ConnectOptions {
  url: string;
  schema?: string | undefined;
  poolSize?: number;
  /**
   * SQLite: checkpoint the WAL from a thread of its own (wal-checkpoints.ts), reporting its
   * errors here. The server's connection does; a script's (the CLI, the bench's seeding) keeps
   * SQLite's own checkpoints.
   */
  onCheckpointError?: (message: string) => void;
}

// PostgreSQL's int8 (count(*), sum()) as a JS number: our sums are far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Opens the database named by DATABASE_URL. Nothing connects at import time. */
export function connectDatabase({ url, schema, poolSize = 10, onCheckpointError }: ConnectOptions): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client's error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    pool.on('connect', preparingTagged);
    return { db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) }), dialect: 'postgres', pool };
  }
  const file = url === ':memory:' ? ':memory:' : url.replace(/^file:/, '');
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL with synchronous=FULL: an acknowledged order survives a power cut (DESIGN.md decision 1).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A server's page cache, not a script's: 64 MB (SQLite's default is 2 MB), so a catalog of
  // 100,000 tools is read from memory, not from the file, page by page.
  sqlite.pragma('cache_size = -65536');
  // Temporary tables in memory, not in files: SQLite keeps a statement's RETURNING rows in one,
  // and with its default (a temporary file) every `insert ... returning` or `update ...
  // returning` cost 50 us instead of 12 (an order runs three: docs/performance.md). What else
  // goes there is small: the store sorts and groups pages, capped counts and the dashboard's
  // days, and exports read in pages of 500.
  sqlite.pragma('temp_store = MEMORY');
  // What the search index's triggers store as a tool's word parts (migration 031).
  sqlite.function('tool_search_parts', { deterministic: true }, (name: unknown, sku: unknown) =>
    wordParts(typeof name === 'string' ? name : '', typeof sku === 'string' ? sku : ''),
  );
  const database = withStatementCache(sqlite);
  if (onCheckpointError && file !== ':memory:') {
    sqlite.pragma(`wal_autocheckpoint = ${WAL_PAGES_BEFORE_OWN_CHECKPOINT}`);
    const checkpoints = startWalCheckpoints(file, onCheckpointError);
    database.close = () => {
      checkpoints.close();
      sqlite.close();
    };
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  sqliteHandles.set(db.getExecutor().adapter, database);
  return { db, dialect: 'sqlite', sqlite };
}

/**
 * The better-sqlite3 handle under each SQLite Kysely, by its adapter: the one object that
 * Kysely's transactions, connections and plugin-wrapped copies of it share.
 */
const sqliteHandles = new WeakMap<object, SqliteDatabase>();

/**
 * The SQLite connection under `db`, with its kept statements (withStatementCache), for the few
 * statements run on it synchronously (builtOnce's `now`). Throws for any other database.
 */
export function sqliteNowOf(db: Kysely<Database>): SqliteDatabase {
  const handle = sqliteHandles.get(db.getExecutor().adapter);
  if (!handle) throw new Error('sqliteNowOf: not a SQLite database opened by connectDatabase');
  return handle;
}

/** Runs a statement of no values (`begin immediate`, `savepoint x`) on the SQLite connection under `db`, right away. */
export function executeNow(db: Kysely<Database>, statement: string): void {
  sqliteNowOf(db).prepare(statement).run([]);
}

/** `/* prepared <name> *\/` at the start of a statement's SQL, or right after its `select` (Kysely's modifyFront): see preparingTagged. */
const PREPARED_TAG = /^\s*(?:select )?\/\* prepared ([a-z_]+) \*\//;

/**
 * Statement names by SQL text: a tag, the text's hash (two texts never share a name) and a
 * generation, moved on when PostgreSQL refuses a kept plan (see preparingTagged).
 */
const preparedNames = new Map<string, string>();
let preparedGeneration = 0;

function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined) {
    const tag = PREPARED_TAG.exec(text)?.[1];
    if (tag === undefined) return undefined;
    name = `${tag}_${hash('sha1', text, 'hex').slice(0, 16)}_${preparedGeneration}`;
    // The tagged texts are the order path's, the session's and the catalog searches' forms
    // (a few dozen); a bound all the same.
    if (preparedNames.size >= 1_000) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL parses and plans every statement it is sent, unless it is a named prepared
 * statement, which it parses once per connection and, after a few runs, runs on a plan it
 * keeps. Kysely sends every statement unnamed; a statement whose SQL starts with
 * `/* prepared <name> *\/` is sent named here (each of the pool's connections prepares it on
 * first use). For the few statements that cost more to plan than to run, or run on every
 * request: placing an order (a statement of 60 lines, since decision 014 inside the placing
 * function, whose plans PL/pgSQL keeps itself) took 2.1 ms a time unnamed and 1.1 to 1.3 ms
 * named, begin and rollback included, measured on 100 tools; the session of a signed-in
 * request 0.2 to 0.3 ms unnamed, 0.13 to 0.16 named; a catalog search's count 0.75 and 0.53 ms.
 * Not for statements whose best plan depends on their values (the catalog's price ranges): a
 * kept plan would be chosen for them all (preparedOnPostgres in tools.repository.ts).
 * Behind a pooler, this needs session pooling or PgBouncer 1.21+ with max_prepared_statements.
 */
function preparingTagged(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' && Array.isArray(values) && callback === undefined ? preparedName(config) : undefined;
    if (name === undefined) return query(config, values, callback);
    // A schema change that alters what a kept statement answers (a column added to a table it
    // returns with *, by a deploy's migration while this process runs) makes PostgreSQL refuse
    // its plan: "cached plan must not change result type" (0A000). The statement then runs
    // unnamed, and every connection prepares it anew under a new name.
    return (query({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '0A000') throw error;
      preparedGeneration += 1;
      preparedNames.clear();
      return query(config, values);
    });
  };
}

/** How many prepared statements a SQLite connection keeps (the app has a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, keeping its prepared statements by SQL text: Kysely
 * prepares every query it runs, and preparing costs more than running most of ours (a search
 * through FTS5: 90 us to prepare, 15-40 us to run). A statement is reused only after its last
 * run has finished: better-sqlite3 runs synchronously and Kysely never streams here, so no
 * two runs of one statement overlap.
 *
 * A kept statement answers rows as objects built from better-sqlite3's arrays (withRowBuilder),
 * by the column names read when it was prepared. SQLite prepares a statement anew by itself
 * after a schema change, which can change its columns (a column added under `select *`): so
 * before a kept statement reads, the schema's version is asked (2 us), and when it has moved
 * every kept statement is dropped and prepared again. It is asked once per turn of the event
 * loop, and again after this connection prepares or runs a schema change (`create`, `alter`,
 * `drop`): a flash sale's group of orders runs a few hundred reads in one turn, and asking
 * before each was 5.6 % of the server's time (docs/performance.md). A change made by another
 * connection is seen from the next turn on; asking before each read left such a change a window
 * too (between the question and the read), now as long as the rest of the turn.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const schemaVersion = sqlite.prepare('pragma schema_version').pluck();
  // Any read of the schema table: run after another connection's change, it makes SQLite read
  // the new schema, which preparing alone does not (a statement prepared then would be given
  // the old columns, and SQLite would prepare it anew only when it runs).
  const schemaRead = sqlite.prepare('select 1 from sqlite_schema limit 1').pluck();
  /** The schema's version when the kept readers' columns were read. */
  let version: unknown;
  /** Whether the version was asked in this turn of the event loop, since any schema change of ours. */
  let askedThisTurn = false;
  const turnEnded = () => {
    askedThisTurn = false;
  };
  /** Whether the schema has moved since: then every kept statement is dropped, and the new schema read. */
  const schemaMoved = () => {
    if (askedThisTurn) return false;
    askedThisTurn = true;
    setImmediate(turnEnded);
    const now = schemaVersion.get();
    if (now === version) return false;
    schemaRead.get();
    statements.clear();
    version = now;
    return true;
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // Before a kept statement is reused or a new one reads its columns.
      schemaMoved();
      let statement = statements.get(sql);
      if (statement) {
        // Least recently used last out.
        statements.delete(sql);
      } else {
        statement = withRowBuilder(sqlite.prepare(sql));
        const oldest = statements.keys().next();
        if (statements.size >= size && !oldest.done) statements.delete(oldest.value);
      }
      // Kysely runs a statement right after preparing it: the next read asks again.
      if (!statement.reader && SCHEMA_CHANGE.test(sql)) askedThisTurn = false;
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** A statement that changes the schema (the store's are all `create`, `alter` or `drop`). */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

/**
 * A statement whose rows are read as arrays (better-sqlite3's raw mode) and made into objects
 * by a function compiled once from its column names: an object literal, which V8 builds in
 * one step, where better-sqlite3 defines each row's properties one call at a time. A page of
 * 25 tools (15 columns): 101 us as better-sqlite3's objects, 47 us so (docs/performance.md).
 * Rows are the objects better-sqlite3 made: own properties in column order, a later column of
 * the same name winning; but a column named `__proto__` is an own property here, where
 * better-sqlite3 made its value the row's prototype.
 */
function withRowBuilder(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  const build = rowBuilder(names);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(build),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield build(row);
    },
  };
}

/** The function making a raw row of these columns into an object, compiled once per statement. */
function rowBuilder(names: readonly string[]): (row: unknown[]) => Record<string, unknown> {
  // JSON.stringify quotes any name as a JavaScript string literal; a computed key keeps
  // `__proto__` an own property instead of setting the prototype.
  const fields = names.map((name, i) => `[${JSON.stringify(name)}]: row[${i}]`);
  return new Function('row', `return { ${fields.join(', ')} };`) as (row: unknown[]) => Record<string, unknown>;
}

/**
 * PostgreSQL, with table introspection limited to the connection's own schema (the first of its
 * search_path). Kysely's migrator asks for every table of every schema to see whether its own
 * exist, calling pg_get_serial_sequence() on each: on a server where other schemas are dropped
 * meanwhile (the test suites' schemas, one per suite) that query fails with "relation ... does
 * not exist" or "cache lookup failed", and so did a migration. Only names are read here.
 */
class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const base = super.createIntrospector(db);
    return {
      getSchemas: () => base.getSchemas(),
      getMetadata: async () => ({ tables: await this.ownTables(db) }),
      getTables: () => this.ownTables(db),
    };
  }

  private async ownTables(db: Kysely<unknown>): Promise<TableMetadata[]> {
    const { rows } = await rawSql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
  }
}
