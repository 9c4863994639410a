import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../migrate.ts';
import { createTestApp, usePostgres } from '../../test/helpers.ts';
import { ORDER_SEARCH_INDEXES } from './033-order-search-short-pending-lists.ts';

// PostgreSQL only: SQLite's order search has no index (migration 017).
describe.skipIf(!usePostgres)('migration 033: the order search indexes keep a pending list of 256 kB', () => {
  let app: FastifyInstance;
  const schema = `t_m033_${randomBytes(4).toString('hex')}`;
  const migrator = () =>
    new Migrator({
      db: app.db,
      provider: { getMigrations: async () => migrations('postgres') },
      migrationTableSchema: schema,
    });
  /** Each order search index's pending list limit as stored on the index (none: the server's, 4 MB by default). */
  const limits = async () => {
    const { rows } = await sql<{ name: string; options: string[] | null }>`
      select c.relname as name, c.reloptions as options
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relname in (${sql.join([...ORDER_SEARCH_INDEXES])})
      order by c.relname
    `.execute(app.db);
    return rows.map((row) => `${row.name} ${row.options?.join(',') ?? 'default'}`);
  };

  beforeAll(async () => {
    app = await createTestApp({ DATABASE_SCHEMA: schema });
  });
  afterAll(() => app.close());

  it('sets both indexes to 256 kB, and back to the default when migrated down', async () => {
    const short = ['order_line_search_trgm_idx gin_pending_list_limit=256', 'orders_search_trgm_idx gin_pending_list_limit=256'];
    expect(await limits()).toEqual(short);
    const down = await migrator().migrateTo('032-catalog-search-statistics');
    if (down.error) throw down.error;
    expect(await limits()).toEqual(['order_line_search_trgm_idx default', 'orders_search_trgm_idx default']);
    const up = await migrator().migrateToLatest();
    if (up.error) throw up.error;
    expect(await limits()).toEqual(short);
  });
});
