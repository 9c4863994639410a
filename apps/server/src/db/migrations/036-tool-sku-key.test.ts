import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usePostgres } from '../../test/helpers.ts';
import { findLiveToolsBySkuKey, insertTool, softDeleteTool } from '../../modules/tools/tools.repository.ts';
import { SKU_KEY_SQL } from './036-tool-sku-key.ts';

describe('migration 036: a SKU typed without its punctuation is found through an index', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    const tool = (sku: string) => ({ name: sku, sku, description: 'x', img: '/x.svg', priceCents: 100, available: 1, minimum: 1 });
    await insertTool(app.db, tool('TF-DD18-2A'));
    await insertTool(app.db, tool('tf_dd18.3a'));
    await softDeleteTool(app.db, (await insertTool(app.db, tool('TF-DD18-4A'))).id);
  });
  afterAll(() => app.close());

  it('finds live tools by the key, never a deleted one', async () => {
    const found = await findLiveToolsBySkuKey(app.db, ['tfdd182a', 'tfdd183a', 'tfdd184a']);
    expect(found.map((row) => row.sku).sort()).toEqual(['TF-DD18-2A', 'tf_dd18.3a']);
  });

  it("answers the lookup's condition from the index", async () => {
    const where = sql.raw(`${SKU_KEY_SQL} in ('tfdd182a') and deleted_at is null`);
    const plan = usePostgres
      ? await app.db.transaction().execute(async (trx) => {
          // A table of three rows is read whole unless the planner is told not to.
          await sql`set local enable_seqscan = off`.execute(trx);
          const rows = await sql<{ 'QUERY PLAN': string }>`explain select id from tool where ${where}`.execute(trx);
          return rows.rows.map((row) => row['QUERY PLAN']);
        })
      : (await sql<{ detail: string }>`explain query plan select id from tool where ${where}`.execute(app.db)).rows.map(
          (row) => row.detail,
        );
    expect(plan.join('\n')).toContain('tool_sku_key_idx');
  });
});
