import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ToolCategories, ToolPage } from '@toolsify/shared/tools';
import { importRow, importHeader, addToolAs, as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { databaseFingerprint } from '../../test/invariants.ts';

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
    // In any case, as the store spells its categories; an unknown one finds nothing.
    expect(await names('category=power%20TOOLS')).toEqual(['Drill G', 'Saw B', 'Drill A']);
    expect(await names('category=Power%20toolz')).toEqual([]);
    const first = await list('category=Power%20tools&sort=price_desc&limit=2');
    expect(first.items.map((t) => t.name)).toEqual(['Drill A', 'Drill G']);
    const second = await list(`category=Power%20tools&sort=price_desc&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((t) => t.name)).toEqual(['Saw B']);
    expect(second.nextCursor).toBeNull();
  });

  it('says how many tools the same search finds in all categories when the chosen one has none', async () => {
    expect(await list('category=Hand%20tools&q=drill')).toMatchObject({ items: [], total: 0, inAllCategories: 2 });
    expect(await list('category=Hand%20tools&q=drill&minPrice=2100&maxPrice=2900')).toMatchObject({ total: 0, inAllCategories: 1 });
    // Found in the category, found nowhere, or no category chosen: nothing to say.
    expect(await list('category=Power%20tools&q=drill')).not.toHaveProperty('inAllCategories');
    expect(await list('category=Hand%20tools&q=chainsaw')).not.toHaveProperty('inAllCategories');
    expect(await list('q=chainsaw')).not.toHaveProperty('inAllCategories');
    // Manage Products says it too.
    const managed = await as(app, admin, { url: '/api/tools/manage?category=Hand%20tools&q=drill' });
    expect(managed.json()).toMatchObject({ items: [], total: 0, inAllCategories: 2 });
  });

  it('suggests a search of every category when only there the suggestion finds something', async () => {
    // A part number without its dash, and a misspelt name, searched in the wrong category.
    expect(await list('category=Hand%20tools&q=CAT1')).toMatchObject({ total: 0, suggestion: 'CAT-1', suggestionInAllCategories: true });
    expect(await list('category=Hand%20tools&q=drll')).toMatchObject({ total: 0, suggestion: 'drill', suggestionInAllCategories: true });
    // In the right category, or with none chosen, the suggestion is of the search as it is.
    const inCategory = await list('category=Power%20tools&q=CAT1');
    expect(inCategory).toMatchObject({ suggestion: 'CAT-1' });
    expect(inCategory).not.toHaveProperty('suggestionInAllCategories');
    expect(await list('q=drll')).not.toHaveProperty('suggestionInAllCategories');
    // Found nowhere under the other filters: nothing to suggest.
    expect(await list('category=Hand%20tools&q=drll&minPrice=999999')).not.toHaveProperty('suggestion');
    const managed = await as(app, admin, { url: '/api/tools/manage?category=Hand%20tools&q=CAT1' });
    expect(managed.json()).toMatchObject({ items: [], suggestion: 'CAT-1', suggestionInAllCategories: true });
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

  it('is one category however its accents were typed, invisible characters aside; the filter finds it in any case', async () => {
    const composed = await create({ name: 'Accent A', category: 'Sci\u00e9s' });
    const decomposed = await create({ name: 'Accent B', category: 'Scie\u0301s\u200b' });
    expect(composed.category).toBe('Sci\u00e9s');
    expect(decomposed.category).toBe('Sci\u00e9s');
    expect((await create({ name: 'Invisible C', category: '\u200b\u2060' })).category).toBeNull();
    expect((await names('category=SCIE%CC%81S')).sort()).toEqual(['Accent A', 'Accent B']);
    expect(await names('category=sci%C3%A9s&sort=name')).toEqual(['Accent A', 'Accent B']);
    // A name of invisible characters only is no name.
    const nameless = await as(app, admin, {
      method: 'POST',
      url: '/api/tools',
      payload: {
        name: '\u200b',
        sku: 'CAT-NONAME',
        description: 'x',
        img: '/images/tools/drill.svg',
        available: 1,
        minimum: 1,
        priceCents: 100,
      },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.fields).toEqual({ name: 'Name is Required' });
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
    const row = (sku: string, category: string) => importRow(sku, { description: 'From a file', category });
    const file = importHeader + row('IMP-1', 'power tools') + row('IMP-2', 'Safety') + row('IMP-3', 'SAFETY') + row('CAT-1', '');
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

  it('filters Manage Products to one category: every product, the Low stock view and a search, each paged', async () => {
    const clamps: Array<{ name: string }> = [];
    for (let n = 0; n < 3; n += 1)
      clamps.push(await create({ name: `Managed clamp ${n}`, category: 'Clamps', available: 5, lowStockThreshold: n === 0 ? 10 : null }));
    await create({ name: 'Managed clamp elsewhere', category: 'Vises', available: 5, lowStockThreshold: 10 });
    const manage = async (query: string) => {
      const res = await as(app, admin, { method: 'GET', url: `/api/tools/manage?${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json() as { items: Array<{ name: string }>; nextCursor: string | number | null };
    };
    const first = await manage('category=Clamps&limit=2');
    expect(first.items.map((t) => t.name)).toEqual(['Managed clamp 2', 'Managed clamp 1']);
    const second = await manage(`category=Clamps&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((t) => t.name)).toEqual(['Managed clamp 0']);
    expect((await manage('category=Clamps&lowStock=true')).items.map((t) => t.name)).toEqual(['Managed clamp 0']);
    expect((await manage('category=Clamps&q=managed%20clamp')).items.map((t) => t.name).sort()).toEqual(clamps.map((t) => t.name).sort());
    expect((await manage('category=Nothing')).items).toEqual([]);
    const bad = await as(app, admin, { method: 'GET', url: `/api/tools/manage?category=${'x'.repeat(41)}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('category');
  });

  describe('renamed and removed by an admin', () => {
    const rename = (name: string, payload: Record<string, unknown>, user: TestUser = admin) =>
      as(app, user, { method: 'PATCH', url: `/api/tools/categories/${encodeURIComponent(name)}`, payload });
    const remove = (name: string, user: TestUser = admin) =>
      as(app, user, { method: 'DELETE', url: `/api/tools/categories/${encodeURIComponent(name)}` });
    const countOf = async (name: string) => (await categories()).find((c) => c.name === name)?.tools;
    const auditOf = async (action: string) =>
      (await as(app, admin, { method: 'GET', url: `/api/audit?action=${action}` })).json().items as Array<{
        target: { label: string };
        before: unknown;
        after: unknown;
      }>;

    it('moves every live tool of it to the new name, found in any case, in the audit log with each tool', async () => {
      const a = await create({ name: 'Typo A', category: 'Levels and lazers' });
      const b = await create({ name: 'Typo B', category: 'Levels and lazers' });
      const gone = await create({ name: 'Typo gone', category: 'Levels and lazers' });
      expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${gone.id}` })).statusCode).toBe(204);
      await names('category=Levels%20and%20lazers'); // a first page now cached: the rename must clear it
      const res = await rename('LEVELS AND LAZERS', { name: ' Levels and  lasers ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ name: 'Levels and lasers', tools: 2 });
      expect(await countOf('Levels and lazers')).toBeUndefined();
      expect(await countOf('Levels and lasers')).toBe(2);
      expect((await names('category=Levels%20and%20lasers')).sort()).toEqual(['Typo A', 'Typo B']);
      expect(await names('category=Levels%20and%20lazers')).toEqual([]);
      expect((await app.inject({ url: `/api/tools/${a.id}` })).json()).toMatchObject({ category: 'Levels and lasers' });
      // The deleted tool keeps what it had.
      const kept = await app.db.selectFrom('tool').select('category').where('id', '=', gone.id).executeTakeFirstOrThrow();
      expect(kept.category).toBe('Levels and lazers');
      const [entry] = await auditOf('category.rename');
      expect(entry).toMatchObject({
        target: { label: 'Levels and lazers (2 products)' },
        before: { category: 'Levels and lazers' },
        after: { category: 'Levels and lasers' },
      });
      const edits = (await auditOf('tool.update')).filter((e) => [`Typo A (${a.sku})`, `Typo B (${b.sku})`].includes(e.target.label));
      expect(edits.map((e) => [e.before, e.after])).toEqual([
        [{ category: 'Levels and lazers' }, { category: 'Levels and lasers' }],
        [{ category: 'Levels and lazers' }, { category: 'Levels and lasers' }],
      ]);
    });

    it('merges into a category the catalog has, spelled as it is; a new case of its own name is a rename', async () => {
      await create({ name: 'Merge A', category: 'Measure' });
      const into = await create({ name: 'Merge B', category: 'Measuring' });
      const res = await rename('Measure', { name: 'MEASURING' });
      expect(res.json()).toEqual({ name: 'Measuring', tools: 1 });
      expect(await countOf('Measuring')).toBe(2);
      expect((await names('category=Measuring')).sort()).toEqual(['Merge A', 'Merge B']);
      const recased = await rename('Measuring', { name: 'measuring' });
      expect(recased.json()).toEqual({ name: 'measuring', tools: 2 });
      expect((await app.inject({ url: `/api/tools/${into.id}` })).json()).toMatchObject({ category: 'measuring' });
      // Its own name as it is: nothing to do, and nothing written.
      const before = await databaseFingerprint(app.db);
      expect((await rename('measuring', { name: 'measuring' })).json()).toEqual({ name: 'measuring', tools: 2 });
      expect(await databaseFingerprint(app.db)).toEqual(before);
    });

    it('is removed by DELETE or an empty name: its tools stay in the catalog, in none', async () => {
      const a = await create({ name: 'Loose A', category: 'Clearance' });
      await create({ name: 'Loose B', category: 'Seasonal' });
      const removed = await remove('clearance');
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ name: null, tools: 1 });
      expect((await app.inject({ url: `/api/tools/${a.id}` })).json()).toMatchObject({ name: 'Loose A', category: null });
      expect((await rename('Seasonal', { name: '  ' })).json()).toEqual({ name: null, tools: 1 });
      expect(await countOf('Clearance')).toBeUndefined();
      expect(await countOf('Seasonal')).toBeUndefined();
      expect((await auditOf('category.remove')).map((e) => e.target.label)).toEqual(['Seasonal (1 product)', 'Clearance (1 product)']);
    });

    it('moves the tools once when two admins rename it at the same moment: the other is told it is gone', async () => {
      await create({ name: 'Race A', category: 'Contested' });
      await create({ name: 'Race B', category: 'Contested' });
      const answers = await Promise.all([rename('Contested', { name: 'Won' }), rename('Contested', { name: 'Lost' })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
      const winner = answers.find((a) => a.statusCode === 200)?.json() as { name: string; tools: number };
      expect(winner.tools).toBe(2);
      expect(await countOf(winner.name)).toBe(2);
      expect(await countOf(winner.name === 'Won' ? 'Lost' : 'Won')).toBeUndefined();
    });

    it('answers an unknown category 404, bad names 400 naming the field, others 401/403, and changes nothing', async () => {
      await create({ name: 'Stays', category: 'Fasteners' });
      const before = await databaseFingerprint(app.db);
      const unknown = await rename('No such category', { name: 'X' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe('No product is in the category "No such category".');
      expect((await remove('No such category')).statusCode).toBe(404);
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ name: 'x'.repeat(41) }, 'Category must be 40 characters or shorter'],
        [{ name: 12 }, 'Category must be text'],
        [{}, 'Category must be text'],
      ];
      for (const [payload, message] of bad) {
        const res = await rename('Fasteners', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.fields, JSON.stringify(payload)).toEqual({ name: message });
      }
      const extra = await rename('Fasteners', { name: 'Bolts', also: 1 });
      expect(extra.statusCode).toBe(400);
      // A path no category can have is not found, as a malformed id is.
      expect((await rename('x'.repeat(41), { name: 'Bolts' })).statusCode).toBe(404);
      expect((await rename('Fasteners', { name: 'Mine' }, customer)).statusCode).toBe(403);
      expect((await remove('Fasteners', customer)).statusCode).toBe(403);
      const visitor = await app.inject({ method: 'DELETE', url: '/api/tools/categories/Fasteners' });
      expect(visitor.statusCode).toBe(401);
      expect(await databaseFingerprint(app.db)).toEqual(before);
      expect(await countOf('Fasteners')).toBe(1);
    });
  });
});
