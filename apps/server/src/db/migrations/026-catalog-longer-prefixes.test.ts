import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../migrate.ts';
import { createTestApp, usePostgres } from '../../test/helpers.ts';
import { insertTool } from '../../modules/tools/tools.repository.ts';

/** Migration 026 on both databases: the tools already there indexed again, with keys up to 12 characters, and back. */
describe('migration 026: search keys up to 12 characters', () => {
  let app: FastifyInstance;
  const schema = usePostgres ? `t_m026_${randomBytes(4).toString('hex')}` : undefined;
  const migrator = () =>
    new Migrator({
      db: app.db,
      provider: { getMigrations: async () => migrations(usePostgres ? 'postgres' : 'sqlite') },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });

  /** The longest key the index holds for "counterbalancer" (a tool's name word): 6 before 026, 12 after. */
  const longestKey = async (): Promise<number> => {
    if (usePostgres) {
      const keys = await sql<{ n: number }>`
        select max(length(k) - 1)::integer as n from tool, unnest(tsvector_to_array(search)) k where k like '\\_count%'
      `.execute(app.db);
      return keys.rows[0]?.n ?? 0;
    }
    const table = await sql<{ sql: string }>`select sql from sqlite_master where name = 'tool_fts'`.execute(app.db);
    return Math.max(
      ...(/prefix = '([\d ]+)'/
        .exec(table.rows[0]?.sql ?? '')?.[1]
        ?.split(' ')
        .map(Number) ?? [0]),
    );
  };
  const names = async (q: string) =>
    (await app.inject({ url: `/api/tools?q=${q}` })).json<{ items: Array<{ name: string }> }>().items.map((t) => t.name);

  beforeAll(async () => {
    app = await createTestApp(schema ? { DATABASE_SCHEMA: schema } : {});
    await insertTool(app.db, {
      name: 'Counterbalancer Arm',
      sku: 'TF-CBA1',
      description: 'Steady.',
      img: '/x.svg',
      priceCents: 100,
      available: 5,
      minimum: 1,
    });
  });
  afterAll(() => app.close());

  it('indexes the tools already there with keys up to 12 characters, and goes back to 6 when migrated down', async () => {
    expect(await longestKey()).toBe(12);
    const down = await migrator().migrateTo('025-catalog-newest-first');
    if (down.error) throw down.error;
    expect(down.results?.map((r) => `${r.direction} ${r.migrationName}`)).toContain('Down 026-catalog-longer-prefixes');
    expect(await longestKey()).toBe(6);
    const up = await migrator().migrateToLatest();
    if (up.error) throw up.error;
    expect(await longestKey()).toBe(12);
    // The index is whole again, and kept in step with the next write.
    expect(await names('counterbalanc')).toEqual(['Counterbalancer Arm']);
    await app.db.updateTable('tool').set({ name: 'Counterweight Arm' }).where('sku', '=', 'TF-CBA1').execute();
    expect(await names('counterweight')).toEqual(['Counterweight Arm']);
    expect(await names('counterbalancer')).toEqual([]);
  });
});
