import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usePostgres } from '../../test/helpers.ts';
import { insertTool } from '../../modules/tools/tools.repository.ts';

// PostgreSQL only: SQLite has no updates in place (HOT) to keep.
describe.skipIf(!usePostgres)('migration 028: a stock move is an update in place on PostgreSQL', () => {
  let app: FastifyInstance;
  let id: number;
  beforeAll(async () => {
    app = await createTestApp();
    const tool = await insertTool(app.db, {
      name: 'Angle Grinder',
      sku: 'TF-HOT1',
      description: 'A tool with a low-stock threshold, as the low-stock index holds.',
      img: '/x.svg',
      priceCents: 1000,
      available: 50,
      minimum: 1,
    });
    id = tool.id;
    await app.db.updateTable('tool').set({ low_stock_threshold: 5 }).where('id', '=', id).execute();
  });
  afterAll(() => app.close());

  it('names the stock in no index of the tool table (key, included column or condition)', async () => {
    const indexes = await sql<{ name: string; definition: string }>`
      select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
      from pg_index where indrelid = 'tool'::regclass
    `.execute(app.db);
    expect(indexes.rows.map((r) => r.name)).toContain('tool_low_stock_idx');
    expect(indexes.rows.filter((r) => /\bavailable\b/.test(r.definition))).toEqual([]);
  });

  it('takes stock as an order does without writing any index (a HOT update)', async () => {
    await app.db.transaction().execute(async (trx) => {
      // This connection's counts not yet sent to the statistics, this transaction's among them.
      const counts = async () =>
        (
          await sql<{ updates: number; hot: number }>`
            select n_tup_upd::integer as updates, n_tup_hot_upd::integer as hot from pg_stat_xact_user_tables where relid = 'tool'::regclass
          `.execute(trx)
        ).rows[0];
      const before = await counts();
      await sql`update tool set available = available - 1, updated_at = now() where id = ${id}`.execute(trx);
      const after = await counts();
      expect({ updates: after!.updates - before!.updates, hot: after!.hot - before!.hot }).toEqual({ updates: 1, hot: 1 });
    });
  });
});
