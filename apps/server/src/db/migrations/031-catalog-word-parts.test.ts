import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../migrate.ts';
import { createTestApp, usePostgres } from '../../test/helpers.ts';
import { insertTool } from '../../modules/tools/tools.repository.ts';

/** Migration 031 on both databases: the tools already there found by a part of a word, and not when migrated down. */
describe('migration 031: search words found inside name and SKU words', () => {
  let app: FastifyInstance;
  const schema = usePostgres ? `t_m031_${randomBytes(4).toString('hex')}` : undefined;
  const migrator = () =>
    new Migrator({
      db: app.db,
      provider: { getMigrations: async () => migrations(usePostgres ? 'postgres' : 'sqlite') },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
  // Each search asked once: the app keeps first pages a moment.
  const names = async (query: string) =>
    (await app.inject({ url: `/api/tools?${query}` })).json<{ items: Array<{ name: string }> }>().items.map((t) => t.name);

  beforeAll(async () => {
    app = await createTestApp(schema ? { DATABASE_SCHEMA: schema } : {});
    const tool = { description: 'Curves.', img: '/x.svg', priceCents: 100, available: 5, minimum: 1 };
    await insertTool(app.db, { ...tool, name: 'Cordless Jigsaw', sku: 'TF-JS18' });
    await insertTool(app.db, { ...tool, name: 'Jigsaw Blades', sku: 'TF-JB5' });
  });
  afterAll(() => app.close());

  it('indexes the parts of the words of the tools already there, and leaves them out when migrated down', async () => {
    expect(await names('q=saw&limit=20')).toEqual(['Jigsaw Blades', 'Cordless Jigsaw']);
    const down = await migrator().migrateTo('030-catalog-in-stock-postgres');
    if (down.error) throw down.error;
    expect(down.results?.map((r) => `${r.direction} ${r.migrationName}`)).toContain('Down 031-catalog-word-parts');
    // Today's app reads a tool's category (migration 039): the column stands in while the 030 index is asked.
    await app.db.schema.alterTable('tool').addColumn('category', 'text').execute();
    // Before 031, a word was found where it starts a word only; the rest of the search is whole.
    expect(await names('q=jig&limit=21')).toEqual(['Jigsaw Blades', 'Cordless Jigsaw']);
    expect(await names('q=saw&limit=22')).toEqual([]);
    await app.db.updateTable('tool').set({ name: 'Cordless Fretsaw' }).where('sku', '=', 'TF-JS18').execute();
    expect(await names('q=fret&limit=23')).toEqual(['Cordless Fretsaw']);
    await app.db.schema.alterTable('tool').dropColumn('category').execute();
    const up = await migrator().migrateToLatest();
    if (up.error) throw up.error;
    // Every tool indexed again, with its parts, and kept in step with the next write.
    expect(await names('q=saw&limit=24')).toEqual(['Jigsaw Blades', 'Cordless Fretsaw']);
    await app.db.updateTable('tool').set({ name: 'Cordless Coping Saw' }).where('sku', '=', 'TF-JS18').execute();
    expect(await names('q=saw&limit=25')).toEqual(['Cordless Coping Saw', 'Jigsaw Blades']);
    expect(await names('q=fret&limit=26')).toEqual([]);
  });
});
