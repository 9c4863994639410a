import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usePostgres } from '../../test/helpers.ts';
import { insertTool } from '../../modules/tools/tools.repository.ts';

// SQLite only: PostgreSQL has no such index (it would cost every order its HOT update).
describe.skipIf(usePostgres)('migration 027: the in-stock tools of a price range from an index alone', () => {
  let app: FastifyInstance;
  const statements: string[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    // Two in stock in the range: a first page of one has a next page, so the matches are counted.
    for (const sku of ['TF-P1', 'TF-P2', 'TF-P3']) {
      await insertTool(app.db, {
        name: sku,
        sku,
        description: '',
        img: '/x.svg',
        priceCents: 1000,
        available: sku === 'TF-P3' ? 0 : 5,
        minimum: 1,
      });
    }
    // The SQL the catalog sends, as it sends it.
    const sqlite = app.dbHandle.sqlite!;
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      statements.push(source);
      return prepare(source);
    }) as typeof prepare;
  });
  afterAll(() => app.close());

  it('counts an in-stock price range through the partial index, not the index of every live tool', async () => {
    const res = await app.inject({ url: '/api/tools?inStock=true&minPrice=100&maxPrice=5000&sort=price_asc&limit=1' });
    expect(res.json()).toMatchObject({ total: 2 });
    const count = statements.find((s) => /count\(\*\)/.test(s) && /available/.test(s));
    expect(count, statements.join('\n')).toBeDefined();
    // The count's parameters are bound, not part of the plan: any values give the same plan.
    const values = Array.from(count!.matchAll(/\?/g), () => 1);
    const plan = app.dbHandle.sqlite!.prepare(`explain query plan ${count}`).all(...values) as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail).join(' | ')).toMatch(/USING (COVERING )?INDEX tool_live_in_stock_price_idx/);
  });
});
