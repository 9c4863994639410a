import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { builtOnce, builtOncePerShape } from './built-once.ts';
import { nowIso, type Database } from './schema.ts';
import { createTestApp, usePostgres } from '../test/helpers.ts';

describe('builtOnce: a query built and compiled once, run with new values', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  let builds = 0;
  const insertEvent = builtOnce((db, v: { kind: string; name: string; now: string }) => {
    builds += 1;
    return db
      .insertInto('audit_event')
      .values({
        at: v.now,
        actor_id: null,
        actor_email: 'builtonce@example.com',
        action: v.kind,
        target_type: 'tool',
        target_id: '1',
        target_label: v.name,
        changes: '{}',
      })
      .returning(['id', 'action', 'target_label', 'actor_email']);
  });
  const eventsNamed = builtOnce((db, v: { name: string; other: string }) =>
    db
      .selectFrom('audit_event')
      .select(['action', 'target_label'])
      .where((eb) => eb.or([eb('target_label', '=', v.name), eb('target_label', '=', v.other), eb('action', '=', v.name)]))
      .where('actor_email', '=', 'builtonce@example.com')
      .orderBy('id'),
  );

  /** The app's database through a plugin that counts the queries compiled through it. */
  function countingCompilations() {
    const seen = { compiled: 0 };
    const db = app.db.withPlugin({
      transformQuery: (args) => {
        seen.compiled += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db, seen };
  }

  it('builds once per database and binds each run its own values, constants of the builder kept', async () => {
    const first = await insertEvent(app.db, { kind: 'tool.create', name: 'Drill', now: nowIso() });
    const second = await app.db.transaction().execute((trx) => insertEvent(trx, { kind: 'tool.update', name: 'Saw', now: nowIso() }));
    expect(first).toEqual([{ id: expect.any(Number), action: 'tool.create', target_label: 'Drill', actor_email: 'builtonce@example.com' }]);
    expect(second).toEqual([{ id: expect.any(Number), action: 'tool.update', target_label: 'Saw', actor_email: 'builtonce@example.com' }]);
    // The transaction shares the database's compiled query.
    expect(builds).toBe(1);
    // A value read twice is bound at both places; the rows are those of the query built each time.
    const built = await app.db
      .selectFrom('audit_event')
      .select(['action', 'target_label'])
      .where('actor_email', '=', 'builtonce@example.com')
      .where((eb) => eb.or([eb('target_label', '=', 'Saw'), eb('target_label', '=', 'Hammer'), eb('action', '=', 'Saw')]))
      .orderBy('id')
      .execute();
    expect(await eventsNamed(app.db, { name: 'Saw', other: 'Hammer' })).toEqual(built);
    expect(await eventsNamed(app.db, { name: 'Drill', other: 'Saw' })).toEqual([
      { action: 'tool.create', target_label: 'Drill' },
      { action: 'tool.update', target_label: 'Saw' },
    ]);
  });

  it('compiles again for another database (each dialect its own SQL)', async () => {
    const other = await createTestApp();
    try {
      const before = builds;
      expect(await insertEvent(other.db, { kind: 'tool.delete', name: 'Level', now: nowIso() })).toHaveLength(1);
      expect(builds).toBe(before + 1);
      expect(await eventsNamed(other.db, { name: 'Level', other: 'Level' })).toEqual([{ action: 'tool.delete', target_label: 'Level' }]);
    } finally {
      await other.close();
    }
  });

  it('builds on every call through a Kysely with plugins, which may transform each compilation', async () => {
    const { db: counting, seen } = countingCompilations();
    const before = builds;
    await insertEvent(counting, { kind: 'tool.create', name: 'Clamp', now: nowIso() });
    await insertEvent(counting, { kind: 'tool.create', name: 'Vise', now: nowIso() });
    expect(builds - before).toBe(2);
    expect(seen.compiled).toBe(2);
    expect(await eventsNamed(app.db, { name: 'Clamp', other: 'Vise' })).toHaveLength(2);
  });

  it('refuses a builder that uses a value for anything but a value of the query, when first built', async () => {
    const shaped = builtOnce((db, v: { name: string }) =>
      db.selectFrom('audit_event').select('id').where('target_label', '=', `${v.name} (copy)`),
    );
    await expect(shaped(app.db, { name: 'Drill' })).rejects.toThrow('"name" read by the builder but not a parameter of its SQL');
    const literal = builtOnce((db, v: { name: string }) =>
      db.selectFrom('audit_event').select('id').where('target_label', '=', sql.lit(v.name)),
    );
    // Kysely itself refuses a value it cannot write into the SQL.
    await expect(literal(app.db, { name: 'Drill' })).rejects.toThrow('invalid immediate value');
  });

  it('per shape: builds each shape once, its form from the shape and its values from each call', async () => {
    const shapes: string[] = [];
    const labelled = builtOncePerShape(
      (db, shape: { byAction: boolean; newestFirst: boolean }, v: { label: string; action: string | undefined }) => {
        shapes.push(JSON.stringify(shape));
        let query = db.selectFrom('audit_event').select(['action', 'target_label']).where('actor_email', '=', 'builtonce@example.com');
        query = query.where('target_label', '>=', v.label);
        if (shape.byAction) query = query.where('action', '=', v.action as string);
        return query.orderBy('id', shape.newestFirst ? 'desc' : 'asc');
      },
    );
    const all = await labelled(app.db, { byAction: false, newestFirst: false }, { label: 'A', action: undefined });
    const updates = await labelled(app.db, { byAction: true, newestFirst: true }, { label: 'A', action: 'tool.update' });
    const fromS = await labelled(app.db, { byAction: false, newestFirst: false }, { label: 'S', action: undefined });
    expect(all.map((row) => row.target_label)).toEqual(['Drill', 'Saw', 'Clamp', 'Vise']);
    expect(updates).toEqual([{ action: 'tool.update', target_label: 'Saw' }]);
    expect(fromS.map((row) => row.target_label)).toEqual(['Saw', 'Vise']);
    // Two shapes, each built once; a value the shape does not use may be left out.
    expect(shapes).toEqual(['{"byAction":false,"newestFirst":false}', '{"byAction":true,"newestFirst":true}']);
  });

  it('refuses a run without one of its values and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('audit_event')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const values = { kind: 'tool.create', name: undefined as unknown as string, now: nowIso() };
    await expect(insertEvent(app.db, values)).rejects.toThrow('builtOnce: no value for "name"');
    expect(await count()).toBe(before);
  });

  // SQLite only: `now` runs on better-sqlite3's handle.
  it.skipIf(usePostgres)(
    'now: the same statement run right away on the SQLite handle, not through Kysely, plugins still compiling it',
    async () => {
      const executed = vi.spyOn(app.db.getExecutor(), 'executeQuery');
      try {
        const before = builds;
        expect(insertEvent.now(app.db, { kind: 'tool.create', name: 'Chisel', now: nowIso() })).toEqual([
          { id: expect.any(Number), action: 'tool.create', target_label: 'Chisel', actor_email: 'builtonce@example.com' },
        ]);
        // The template the async runs built serves.
        expect(builds).toBe(before);
        expect(eventsNamed.now(app.db, { name: 'Chisel', other: 'Saw' })).toEqual([
          { action: 'tool.update', target_label: 'Saw' },
          { action: 'tool.create', target_label: 'Chisel' },
        ]);
        expect(executed).not.toHaveBeenCalled();
      } finally {
        executed.mockRestore();
      }
      expect(await eventsNamed(app.db, { name: 'Chisel', other: 'Saw' })).toEqual(
        eventsNamed.now(app.db, { name: 'Chisel', other: 'Saw' }),
      );
      const { db: counting, seen } = countingCompilations();
      expect(eventsNamed.now(counting, { name: 'Chisel', other: 'Chisel' })).toEqual([{ action: 'tool.create', target_label: 'Chisel' }]);
      expect(seen.compiled).toBe(1);
    },
  );

  it('now refuses a database it cannot run on right away (not a SQLite handle opened by connectDatabase)', async () => {
    const foreign = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      expect(() => eventsNamed.now(foreign, { name: 'Saw', other: 'Saw' })).toThrow(
        'sqliteNowOf: not a SQLite database opened by connectDatabase',
      );
    } finally {
      await foreign.destroy();
    }
  });

  it.runIf(usePostgres)('now refuses PostgreSQL (its driver is asynchronous)', () => {
    expect(() => eventsNamed.now(app.db, { name: 'Saw', other: 'Saw' })).toThrow(
      'sqliteNowOf: not a SQLite database opened by connectDatabase',
    );
  });
});
