import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ToolCategories, ToolPage } from '@toolsify/shared/tools';
import { toolCsvColumns } from '@toolsify/shared/tools-bulk';
import { addToolAs, as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { databaseFingerprint } from '../../test/invariants.ts';
import { csvRecord } from '../../lib/csv.ts';

/** Categories: set by admins (forms and imports), browsed in the catalog, counted for its list; on whichever database the suite runs. */
describe('tool categories', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  let made = 0;

  const create = async (payload: Record<string, unknown>) => {
    made += 1;
    return addToolAs(app, admin, { name: `Category tool ${made}`, sku: `CAT-${made}`, ...payload });
  };
  const list = async (query: string) => {
    const res = await app.inject({ url: `/api/tools?${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json() as ToolPage;
  };
  const names = async (query: string) => (await list(query)).items.map((t) => t.name);
  const categories = async () => ((await app.inject({ url: '/api/tools/categories' })).json() as ToolCategories).items;

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    customer = await signUp(app);
  });
  afterAll(() => app.close());

  it('is set on Add a Product, spaces tidied, spelled as the catalog already spells it; empty is none', async () => {
    const drill = await create({ name: 'Drill A', category: '  Power   tools ', priceCents: 3000 });
    expect(drill.category).toBe('Power tools');
    const saw = await create({ name: 'Saw B', category: 'power TOOLS', priceCents: 2000, available: 1 });
    expect(saw.category).toBe('Power tools');
    // Sold out: the in-stock filter leaves it out.
    const sold = await as(app, admin, {
      method: 'PATCH',
      url: `/api/tools/${saw.id}`,
      payload: { stock: { delta: -1, reason: 'correction' } },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const hammer = await create({ name: 'Hammer C', category: 'Hand tools', priceCents: 1500 });
    expect(hammer.category).toBe('Hand tools');
    expect((await create({ name: 'Loose D', category: '   ' })).category).toBeNull();
    expect((await create({ name: 'Loose E' })).category).toBeNull();
    // The public tool says it too.
    expect((await app.inject({ url: `/api/tools/${drill.id}` })).json()).toMatchObject({ category: 'Power tools' });
  });

  it('lists each category with its live tools, by name; a deleted tool leaves its count', async () => {
    expect(await categories()).toEqual([
      { name: 'Hand tools', tools: 1 },
      { name: 'Power tools', tools: 2 },
    ]);
    const gone = await create({ name: 'Gone F', category: 'Garden' });
    expect((await categories()).map((c) => c.name)).toEqual(['Garden', 'Hand tools', 'Power tools']);
    expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${gone.id}` })).statusCode).toBe(204);
    expect((await categories()).map((c) => c.name)).toEqual(['Hand tools', 'Power tools']);
  });

  it('browses one category in every sort, with search words, in stock and a price range, counted and paged', async () => {
    await create({ name: 'Drill G', category: 'Power tools', priceCents: 2500 });
    expect(await names('category=Power%20tools')).toEqual(['Drill G', 'Saw B', 'Drill A']);
    expect((await list('category=Power%20tools')).total).toBe(3);
    expect(await names('category=Power%20tools&sort=price_asc')).toEqual(['Saw B', 'Drill G', 'Drill A']);
    expect(await names('category=Power%20tools&sort=name')).toEqual(['Drill A', 'Drill G', 'Saw B']);
    expect(await names('category=Power%20tools&q=drill')).toEqual(['Drill G', 'Drill A']);
    expect(await names('category=Power%20tools&inStock=true')).toEqual(['Drill G', 'Drill A']);
    expect(await names('category=Power%20tools&minPrice=2100&maxPrice=2900')).toEqual(['Drill G']);
    expect(await names('category=Hand%20tools&q=drill')).toEqual([]);
    // As stored: another spelling is another (unknown) category.
    expect(await names('category=power%20tools')).toEqual([]);
    const first = await list('category=Power%20tools&sort=price_desc&limit=2');
    expect(first.items.map((t) => t.name)).toEqual(['Drill A', 'Drill G']);
    const second = await list(`category=Power%20tools&sort=price_desc&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((t) => t.name)).toEqual(['Saw B']);
    expect(second.nextCursor).toBeNull();
  });

  it('is changed in Edit (null: none), spelled as stored', async () => {
    const tool = await create({ name: 'Mover H', category: 'Hand tools' });
    const moved = await as(app, admin, { method: 'PATCH', url: `/api/tools/${tool.id}`, payload: { category: 'POWER tools' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ category: 'Power tools' });
    const cleared = await as(app, admin, { method: 'PATCH', url: `/api/tools/${tool.id}`, payload: { category: null } });
    expect(cleared.json()).toMatchObject({ category: null });
    // Left out: kept.
    await as(app, admin, { method: 'PATCH', url: `/api/tools/${tool.id}`, payload: { category: 'Garden' } });
    const renamed = await as(app, admin, { method: 'PATCH', url: `/api/tools/${tool.id}`, payload: { name: 'Mover H2' } });
    expect(renamed.json()).toMatchObject({ name: 'Mover H2', category: 'Garden' });
  });

  it('answers bad values with a 400 naming the field, and changes nothing', async () => {
    const before = await databaseFingerprint(app.db);
    const long = 'x'.repeat(41);
    const created = await as(app, admin, {
      method: 'POST',
      url: '/api/tools',
      payload: {
        name: 'Bad',
        sku: 'CAT-BAD',
        description: 'x',
        img: '/images/tools/drill.svg',
        available: 1,
        minimum: 1,
        priceCents: 100,
        category: long,
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields).toEqual({ category: 'Category must be 40 characters or shorter' });
    const numeric = await as(app, admin, { method: 'PATCH', url: '/api/tools/1', payload: { category: 12 } });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json().error.fields).toHaveProperty('category');
    for (const query of [`category=${long}`, 'category=', 'category=%20%20']) {
      const res = await app.inject({ url: `/api/tools?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toHaveProperty('category');
    }
    // A customer cannot set one.
    expect((await as(app, customer, { method: 'PATCH', url: '/api/tools/1', payload: { category: 'Mine' } })).statusCode).toBe(403);
    expect(await databaseFingerprint(app.db)).toEqual(before);
  });

  it('is a column of the export and the import: spelled as stored, new ones as the file first writes them, empty is none', async () => {
    const row = (sku: string, category: string) =>
      csvRecord(
        toolCsvColumns.map(
          (column) =>
            ({
              sku,
              name: `Imported ${sku}`,
              description: 'From a file',
              image: '/images/tools/drill.svg',
              price: '12.50',
              stock: 40,
              minimum: 2,
              pack_size: 1,
              max_per_order: '',
              price_breaks: '',
              low_stock_alert: '',
              category,
            })[column],
        ),
      );
    const file =
      csvRecord(toolCsvColumns) + row('IMP-1', 'power tools') + row('IMP-2', 'Safety') + row('IMP-3', 'SAFETY') + row('CAT-1', '');
    const res = await as(app, admin, { method: 'POST', url: '/api/tools/import', headers: { 'content-type': 'text/csv' }, payload: file });
    expect(res.statusCode, res.body).toBe(200);
    const byName = new Map((await list('limit=100')).items.map((t) => [t.sku, t.category]));
    expect(byName.get('IMP-1')).toBe('Power tools');
    expect(byName.get('IMP-2')).toBe('Safety');
    expect(byName.get('IMP-3')).toBe('Safety');
    expect(byName.get('CAT-1')).toBeNull();
    const exported = (await as(app, admin, { method: 'GET', url: '/api/tools/export.csv' })).body;
    expect(exported).toContain('IMP-2,Imported IMP-2');
    expect(exported.split('\n')[0]?.trim().endsWith(',category')).toBe(true);
    // A file without the column keeps each tool's category.
    const kept = await as(app, admin, {
      method: 'POST',
      url: '/api/tools/import',
      headers: { 'content-type': 'text/csv' },
      payload: 'sku,price\r\nIMP-2,13.00\r\n',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await list('category=Safety')).items.map((t) => t.sku).sort()).toEqual(['IMP-2', 'IMP-3']);
  });
});
