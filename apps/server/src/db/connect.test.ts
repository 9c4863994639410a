import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, withStatementCache } from './connect.ts';
import { createTestApp, testFolder, usePostgres } from '../test/helpers.ts';

describe('a SQLite connection', () => {
  it('is durable (WAL, synchronous FULL), checks foreign keys and keeps temporary tables in memory', async () => {
    const file = path.join(testFolder('connect-'), 'db.sqlite');
    const { db, sqlite } = connectDatabase({ url: file });
    try {
      expect(sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite?.pragma('synchronous', { simple: true })).toBe(2);
      expect(sqlite?.pragma('foreign_keys', { simple: true })).toBe(1);
      // 2 = MEMORY: an insert's RETURNING rows are not kept in a temporary file.
      expect(sqlite?.pragma('temp_store', { simple: true })).toBe(2);
    } finally {
      await db.destroy();
    }
  });
});

describe('the SQLite statement cache', () => {
  let sqlite: SQLite.Database;
  afterEach(() => sqlite?.close());

  function open(size: number, file = ':memory:') {
    sqlite = new SQLite(file);
    const prepared: string[] = [];
    const asked = { versions: 0 };
    const counting = new Proxy(sqlite, {
      get: (target, key) =>
        key === 'prepare'
          ? (text: string) => {
              const statement = target.prepare(text);
              // The cache's own statements (the schema's version and a read of it) are not the app's.
              if (text === 'pragma schema_version')
                return new Proxy(statement, {
                  get: (st, name) => (name === 'pluck' ? () => countingGets(st.pluck()) : Reflect.get(st, name, st)),
                });
              if (!text.includes('sqlite_schema')) prepared.push(text);
              return statement;
            }
          : Reflect.get(target, key, target),
    });
    const countingGets = (statement: SQLite.Statement) =>
      new Proxy(statement, {
        get: (st, name) =>
          name === 'get'
            ? () => {
                asked.versions += 1;
                return st.get();
              }
            : Reflect.get(st, name, st),
      });
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: withStatementCache(counting, size) }) });
    return { db, prepared, asked };
  }

  it('prepares a query once and runs it again with new parameters', async () => {
    const { db, prepared } = open(10);
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('t').values({ name }).execute();
    const byName = (name: string) => db.selectFrom('t').select('id').where('name', '=', name).execute();
    expect(await byName('b')).toEqual([{ id: 2 }]);
    expect(await byName('c')).toEqual([{ id: 3 }]);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('keeps answering right after the schema changes under a kept statement', async () => {
    const { db } = open(10);
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await db.insertInto('t').values({ name: 'a' }).execute();
    const all = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a' }]);
    await sql`alter table t add column sku text`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a', sku: null }]);
    // As many columns as before, one of them another: the rows are built with the new names.
    await sql`alter table t drop column name`.execute(db);
    await sql`alter table t add column title text`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, sku: null, title: null }]);
  });

  it("asks the schema's version once per turn of the event loop, and again after a schema change of its own", async () => {
    const { db, asked } = open(10);
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await db.insertInto('t').values({ name: 'a' }).execute();
    const all = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    await new Promise(setImmediate);
    const before = asked.versions;
    for (let i = 0; i < 50; i++) expect((await all()).rows).toEqual([{ id: 1, name: 'a' }]);
    expect(asked.versions - before).toBe(1);
    // In the same turn: this connection's change is seen by the next read.
    await sql`alter table t add column sku text`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a', sku: null }]);
    expect(asked.versions - before).toBe(2);
    await new Promise(setImmediate);
    await all();
    expect(asked.versions - before).toBe(3);
  });

  it("sees another connection's schema change from the next turn on", async () => {
    const file = path.join(testFolder('statement-cache-'), 'db.sqlite');
    const { db } = open(10, file);
    const other = new SQLite(file);
    try {
      other.exec(`create table t (id integer primary key, name text); insert into t (name) values ('a')`);
      const all = () => sql<Record<string, unknown>>`select * from t`.execute(db);
      expect((await all()).rows).toEqual([{ id: 1, name: 'a' }]);
      other.exec('alter table t drop column name; alter table t add column title text');
      await new Promise(setImmediate);
      expect((await all()).rows).toEqual([{ id: 1, title: null }]);
    } finally {
      other.close();
    }
  });

  it("answers rows as better-sqlite3's own objects: names, order, duplicates, types", async () => {
    const { db } = open(10);
    const text = `select 1 as id, 'a' as "name", null as "name", 2.5 as "odd ""name"" é", x'00ff' as blob, 'z' as "constructor", 9007199254740993 as big`;
    const reference = sqlite.prepare(text).all();
    const { rows } = await sql.raw<Record<string, unknown>>(text).execute(db);
    expect(rows).toStrictEqual(reference);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(reference[0] as object));
    expect(rows[0]!['name']).toBeNull();
  });

  it('keeps a column named __proto__ an own property (better-sqlite3 makes it the prototype)', async () => {
    const { db } = open(10);
    const { rows } = await sql<Record<string, unknown>>`select 1 as id, 'x' as "__proto__"`.execute(db);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe('x');
  });

  it('streams rows built the same way', async () => {
    const { db } = open(10);
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const name of ['a', 'b']) await db.insertInto('t').values({ name }).execute();
    const streamed = [];
    for await (const row of db.selectFrom('t').selectAll().orderBy('id').stream()) streamed.push(row);
    expect(streamed).toStrictEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
  });

  it('forgets the least recently used statement beyond its size', async () => {
    const { db, prepared } = open(2);
    const one = (n: number) => sql`select ${sql.lit(n)} as n`.execute(db);
    await one(1);
    await one(2);
    await one(1); // 1 is now the most recent: 2 goes first
    await one(3);
    await one(1);
    expect(prepared).toHaveLength(3);
    await one(2);
    expect(prepared).toHaveLength(4);
  });
});

describe.skipIf(!usePostgres)('PostgreSQL introspection', () => {
  it("lists the connection's own schema only, so a migration never reads another suite's schema being dropped", async () => {
    const app = await createTestApp();
    try {
      const tables = await app.db.introspection.getTables();
      const schemas = new Set(tables.map((table) => table.schema));
      expect(schemas.size).toBe(1);
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['orders', 'order_line', 'tool', 'kysely_migration']));
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!usePostgres)('PostgreSQL prepared statements', () => {
  it('sends a statement tagged /* prepared <name> */ as a named statement, prepared once per connection; others stay unnamed', async () => {
    const app = await createTestApp();
    try {
      const prepared = await app.db.connection().execute(async (conn) => {
        for (const n of [1, 2, 3]) {
          const tagged = await sql<{ n: number }>`/* prepared test_tagged */ select ${n}::integer + 1 as n`.execute(conn);
          expect(tagged.rows).toEqual([{ n: n + 1 }]);
          await sql`select ${n}::integer as untagged`.execute(conn);
        }
        return sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(conn);
      });
      expect(prepared.rows).toEqual([
        { name: expect.stringMatching(/^test_tagged_[0-9a-f]{16}_\d+$/), statement: expect.stringContaining('select $1::integer + 1') },
      ]);
    } finally {
      await app.close();
    }
  });

  it('prepares a statement anew when a schema change alters what it answers (a column added under select *)', async () => {
    const app = await createTestApp();
    try {
      await app.db.connection().execute(async (conn) => {
        await sql`create table prepared_probe (id integer)`.execute(conn);
        await sql`insert into prepared_probe values (1)`.execute(conn);
        const all = () => sql`/* prepared test_probe */ select * from prepared_probe where id = ${1}`.execute(conn);
        expect((await all()).rows).toEqual([{ id: 1 }]);
        await sql`alter table prepared_probe add column name text`.execute(conn);
        expect((await all()).rows).toEqual([{ id: 1, name: null }]);
        expect((await all()).rows).toEqual([{ id: 1, name: null }]);
      });
    } finally {
      await app.close();
    }
  });

  it('places orders and reads the session of each signed-in request through their prepared statements', async () => {
    // One connection, so the one that placed the orders is the one asked.
    const app = await createTestApp({ DATABASE_POOL_SIZE: '1' });
    try {
      const { signUp, signUpAdmin, as } = await import('../test/helpers.ts');
      const { makeTool, orderBody } = await import('../modules/orders/orders.test-helpers.ts');
      const [buyer] = await Promise.all([signUp(app), signUpAdmin(app)]);
      const tool = await makeTool(app, { available: 100 });
      for (const quantity of [1, 2]) {
        const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, quantity) });
        expect(res.statusCode, res.body).toBe(201);
      }
      const names = await app.db
        .connection()
        .execute((conn) => sql<{ name: string }>`select name from pg_prepared_statements`.execute(conn));
      expect(names.rows.map((row) => row.name).sort()).toEqual([
        expect.stringMatching(/^place_orders_/),
        expect.stringMatching(/^sessions_by_tokens_/),
      ]);
    } finally {
      await app.close();
    }
  });
});
