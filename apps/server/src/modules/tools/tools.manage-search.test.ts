import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ManagedTool, ManagedToolPage, ToolPage } from '@toolsify/shared/tools';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { databaseFingerprint } from '../../test/invariants.ts';

/** Manage Products' search (`GET /api/tools/manage?q=`): an admin finds a product by its name, SKU or description. */
describe('Manage Products search', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  const tools: ManagedTool[] = [];

  const manage = (query: string, user: TestUser | null = admin) => as(app, user, { method: 'GET', url: `/api/tools/manage${query}` });
  const page = async (query: string) => {
    const res = await manage(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ManagedToolPage;
  };

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    customer = await signUp(app);
    const products: Array<[string, string, string]> = [
      ['Quillon Bench Grinder 150 mm', 'QMS-BG150', 'Twin-wheel bench grinder'],
      ['Quillon Angle Grinder 115 mm', 'QMS-AG115', 'Compact grinder for metal'],
      ['Quillon Drill Press', 'QMS-DP13', 'Floor-standing drill with a grinder attachment bracket'],
      ['Quillon Wet Grinder 250 mm', 'QMS-WG250', 'Water-cooled sharpening'],
      ['Quillon Hacksaw 300 mm', 'QMS-HS300', 'High-tension frame'],
    ];
    for (const [name, sku, description] of products) {
      const res = await as(app, admin, {
        method: 'POST',
        url: '/api/tools',
        payload: {
          name,
          sku,
          description,
          img: '/images/tools/drill.svg',
          available: 40,
          minimum: 1,
          priceCents: 1_500,
          lowStockThreshold: 50,
        },
      });
      if (res.statusCode !== 201) throw new Error(`adding ${sku}: ${res.statusCode} ${res.body}`);
      tools.push(res.json() as ManagedTool);
    }
  });
  afterAll(() => app?.close());

  it('finds a product by its exact SKU first, in any case, with what only admins see', async () => {
    const found = await page('?q=qms-wg250');
    expect(found.items[0]).toMatchObject({ sku: 'QMS-WG250', lowStockThreshold: 50, available: 40 });
    expect(found.total).toBe(found.items.length);
    expect(found.lowStockCount).toBeGreaterThanOrEqual(tools.length);
  });

  it('finds what the catalog finds, in its order, a page at a time, each product once', async () => {
    const catalog = (await app.inject({ method: 'GET', url: '/api/tools?q=quillon%20grind&limit=100' })).json() as ToolPage;
    // The grinders by name (newest first), then the drill press whose description has the word.
    expect(catalog.items.map((tool) => tool.sku)).toEqual(['QMS-WG250', 'QMS-AG115', 'QMS-BG150', 'QMS-DP13']);
    const seen: ManagedTool[] = [];
    let next = await page('?q=quillon%20grind&limit=2');
    expect(next.total).toBe(4);
    seen.push(...next.items);
    while (next.nextCursor !== null) {
      next = await page(`?q=quillon%20grind&limit=2&cursor=${encodeURIComponent(String(next.nextCursor))}`);
      expect(next.total).toBeUndefined();
      seen.push(...next.items);
    }
    expect(seen.map((tool) => tool.sku)).toEqual(catalog.items.map((tool) => tool.sku));
    expect(seen.every((tool) => tool.lowStockThreshold === 50)).toBe(true);
  });

  it('offers the catalog\'s "Did you mean" when nothing matches: a misspelt word, a SKU without its dashes', async () => {
    expect(await page('?q=quilon%20hacksaw')).toMatchObject({ items: [], total: 0, suggestion: 'quillon hacksaw' });
    expect(await page('?q=QMSHS300')).toMatchObject({ items: [], suggestion: 'QMS-HS300' });
    expect((await page('?q=hacksaw')).suggestion).toBeUndefined();
  });

  it('leaves out a deleted product', async () => {
    const hacksaw = tools.find((tool) => tool.sku === 'QMS-HS300');
    expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${hacksaw?.id}` })).statusCode).toBe(204);
    expect((await page('?q=QMS-HS300')).items).toEqual([]);
    expect((await page('?q=QMS-HS300')).total).toBe(0);
  });

  it('with words that search nothing (punctuation only) lists every product, newest first', async () => {
    const all = await page('');
    expect((await page('?q=%20--%20')).items).toEqual(all.items);
  });

  it('is for admins only, and answers a bad query with a 400 naming the parameter, changing nothing', async () => {
    expect((await manage('?q=quillon', null)).statusCode).toBe(401);
    expect((await manage('?q=quillon', customer)).statusCode).toBe(403);
    const before = await databaseFingerprint(app.db);
    const cases: Array<[string, string]> = [
      ['?q=quillon&lowStock=true', 'q'],
      [`?q=${'a'.repeat(201)}`, 'q'],
      ['?q=quillon&cursor=12', 'cursor'],
      ['?q=quillon&cursor=bm90LWpzb24', 'cursor'],
    ];
    for (const [query, field] of cases) {
      const res = await manage(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys((res.json() as { error: { fields: Record<string, string> } }).error.fields), query).toContain(field);
    }
    expect(await databaseFingerprint(app.db)).toEqual(before);
  });
});
