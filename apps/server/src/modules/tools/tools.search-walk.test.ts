import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertToolRows, recordingStatements, usePostgres } from '../../test/helpers.ts';
import { listTools } from './tools.service.ts';
import { SearchKeyStats } from './tools.search-stats.ts';
import { toolListQuerySchema } from '@toolsify/shared/tools';
import { TtlCache } from '../../lib/ttl-cache.ts';

// PostgreSQL only: SQLite's search index reads its matches newest first by itself.
describe.skipIf(!usePostgres)('catalog search on PostgreSQL: common words read by walking the newest tools', () => {
  let app: FastifyInstance;
  let stats: SearchKeyStats;
  let recorded: FastifyInstance['db'];
  let statements: string[];
  const TOOLS = 4_000;

  /**
   * 4,000 tools: "metal" in the description of one in two, "grinder" in the name of one in
   * four (so "grinder" has a name tier and a last tier: "for any grinder" in the description of
   * one in four others), "anvil" only in the oldest 1,500 (common, but none among the newest).
   */
  beforeAll(async () => {
    app = await createTestApp();
    ({ db: recorded, statements } = recordingStatements(app));
    await insertToolRows(app.db, TOOLS, (i) => ({
      name: `${i % 4 === 0 ? 'Angle Grinder' : 'Bench Vise'} ${i}${i < 1_500 ? ' anvil' : ''}`,
      sku: `WK-${i}`,
      description: `${i % 2 === 0 ? 'Cuts metal.' : 'Holds wood.'}${i % 4 === 1 ? ' For any grinder.' : ''}`,
      available: i % 5 === 0 ? 0 : 10,
    }));
    await sql`analyze tool`.execute(app.db);
    stats = new SearchKeyStats(app.db, (error) => {
      throw error;
    });
    await stats.refresh();
  });
  afterAll(() => app.close());

  /** Every page of a search, each read afresh (no cache), with or without the statistics. */
  async function allPages(query: Record<string, string>, withStats: boolean) {
    const deps = {
      db: recorded,
      dialect: app.dialect,
      catalogCache: new TtlCache<unknown>(0, 1),
      searchKeyStats: withStats ? stats : undefined,
    };
    const pages: Array<{ ids: number[]; nextCursor: string | number | null; total?: number }> = [];
    let cursor: string | undefined;
    do {
      const page = await listTools(deps, toolListQuerySchema.parse({ ...query, limit: '24', ...(cursor ? { cursor } : {}) }));
      pages.push({ ids: page.items.map((t) => t.id), nextCursor: page.nextCursor, total: page.total });
      cursor = page.nextCursor === null ? undefined : String(page.nextCursor);
    } while (cursor && pages.length < 8);
    return pages;
  }

  const walked = () => statements.filter((s) => /from \(select \* from "tool" where "deleted_at" is null/.test(s));

  it('reads the statistics of the search index: common keys and their shares, rare ones left out', () => {
    expect(stats.tools).toBeGreaterThan(3_000);
    expect(stats.share(['metal'], false)).toBeGreaterThan(0.4);
    expect(stats.share(['metal'], true)).toBe(0);
    expect(stats.share(['grind'], true)).toBeGreaterThan(0.2);
    expect(stats.share(['metal', 'grinder'], false)).toBeGreaterThan(0.1);
    expect(stats.share(['zebra'], false)).toBe(0);
  });

  it('estimates how many tools a search matches from the statistics, a key not listed as common as the least listed', () => {
    const inside = () => true;
    // "metal": one tool in two; "zebra", in no tool, at most the least common key listed (a few %).
    expect(stats.estimatedMatches(['metal'], inside)).toBeGreaterThan(0.4 * TOOLS);
    expect(stats.estimatedMatches(['zebra'], inside)).toBeLessThan(0.1 * TOOLS);
    expect(stats.estimatedMatches(['zebra', 'metal'], inside)).toBeLessThan(stats.estimatedMatches(['zebra'], inside));
  });

  it('reads a search with few matches in one statement, and one with more tier by tier', async () => {
    const fewAtOnce = () => statements.filter((s) => s.includes('count(*) over ()'));
    const sent = () => statements.filter((s) => s.startsWith('select /* prepared catalog_search */'));
    // "grinder 200": the Angle Grinders 200, 2000, 2004 and 2008, the Bench Vises 2001, 2005 and
    // 2009 "for any grinder", and the Angle Grinders 1200, 2200 and 3200 (inside a word), in one
    // statement.
    statements.length = 0;
    const few = await allPages({ q: 'grinder 200' }, true);
    expect(few[0]!.ids).toHaveLength(10);
    expect(sent()).toEqual(fewAtOnce());
    expect(fewAtOnce()).toHaveLength(1);
    expect(few).toEqual([{ ids: expect.any(Array), nextCursor: null, total: few[0]!.ids.length }]);
    // "metal": 2,000 matches. Without the statistics the statement is tried and gives up past
    // its limit; with them, the search is read tier by tier (walking) without trying.
    statements.length = 0;
    const many = await allPages({ q: 'metal' }, false);
    expect(fewAtOnce()).toHaveLength(1);
    expect(many[0]!.total).toBe(1_000);
    statements.length = 0;
    expect(await allPages({ q: 'metal' }, true)).toEqual(many);
    expect(fewAtOnce()).toEqual([]);
  });

  it('counts every key as rare while its statistics cannot be read, and tries again only after a while', async () => {
    const failing = app.db.withPlugin({
      transformQuery: () => {
        throw new Error('statistics unavailable');
      },
      transformResult: async ({ result }) => result,
    });
    const errors: unknown[] = [];
    const broken = new SearchKeyStats(failing, (error) => errors.push(error));
    expect(broken.share(['metal'], false)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors).toHaveLength(1);
    expect(broken.share(['metal'], false)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['a word in half the descriptions', { q: 'metal' }],
    ['a word in the names and other descriptions, both tiers', { q: 'grinder' }],
    ['a word start, in stock only', { q: 'grind', inStock: 'true' }],
    ['two words', { q: 'metal grinder' }],
  ])('answers %s exactly as the search index does, page after page, by walking', async (_, query) => {
    statements.length = 0;
    const expected = await allPages(query, false);
    expect(walked()).toEqual([]);
    const pages = await allPages(query, true);
    expect(walked().length).toBeGreaterThan(0);
    expect(pages).toEqual(expected);
    expect(expected.flatMap((p) => p.ids).length).toBeGreaterThan(24 * 3);
  });

  it('reads a tier through the index when the walk ends short: a common word found only among the oldest tools', async () => {
    statements.length = 0;
    const expected = await allPages({ q: 'anvil' }, false);
    const indexed = statements.length;
    const pages = await allPages({ q: 'anvil' }, true);
    expect(walked().length).toBeGreaterThan(0);
    // Each walk that ended short was followed by the index's read.
    expect(statements.length - indexed).toBeGreaterThan(indexed);
    expect(pages).toEqual(expected);
    expect(pages[0]!.ids[0]).toBe(Math.max(...pages.flatMap((p) => p.ids)));
  });

  it('reads through the index with a price range, and in a small catalog', async () => {
    statements.length = 0;
    await allPages({ q: 'metal', minPrice: '100', maxPrice: '3000' }, true);
    expect(walked()).toEqual([]);
    // The same shares over 500 tools: fewer than 1,000 matches of any word.
    class SmallCatalogStats extends SearchKeyStats {
      override get tools() {
        return 500;
      }
    }
    const small = new SmallCatalogStats(app.db, () => undefined);
    await small.refresh();
    expect(small.share(['metal'], false) * stats.tools).toBeGreaterThan(1_000);
    statements.length = 0;
    await listTools(
      { db: recorded, dialect: app.dialect, catalogCache: new TtlCache<unknown>(0, 1), searchKeyStats: small },
      toolListQuerySchema.parse({ q: 'metal', limit: '24' }),
    );
    expect(walked()).toEqual([]);
  });
});
