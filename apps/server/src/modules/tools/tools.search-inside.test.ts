import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, recordingStatements, usePostgres } from '../../test/helpers.ts';
import { searchWords } from '@toolsify/shared/search';
import { countCatalog, findCatalogPage, findFewMatches, insertTool, softDeleteTool, wordsFoundInside } from './tools.repository.ts';

type Answer = { items: Array<{ id: number; name: string }>; nextCursor: string | null; total?: number };

/** A search word found inside the words of names and SKUs (migration 031), on whichever database the suite runs. */
describe('catalog search inside words', () => {
  let app: FastifyInstance;
  const ids: Record<string, number> = {};

  const list = async (query: string): Promise<Answer> => {
    const res = await app.inject({ url: `/api/tools?${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json();
  };
  const names = async (query: string) => (await list(query)).items.map((t) => t.name);

  // Oldest first: within a tier the newest comes first.
  const tools = [
    { key: 'hacksaw', name: 'Hacksaw Frame', sku: 'TF-HF12', description: 'For metal tubes.', priceCents: 1500, available: 0 },
    {
      key: 'circular',
      name: 'Circular Saw 185 mm',
      sku: 'TF-CS185',
      description: 'Straight cuts in wood.',
      priceCents: 9900,
      available: 4,
    },
    { key: 'jigsaw', name: 'Cordless Jigsaw', sku: 'TF-JS18', description: 'Curves in wood.', priceCents: 7900, available: 6 },
    { key: 'blades', name: 'Blade Set', sku: 'TF-BS10', description: 'Ten blades for any saw.', priceCents: 900, available: 50 },
    { key: 'sawhorse', name: 'Sawhorse Pair', sku: 'TF-SH2', description: 'Folding steel legs.', priceCents: 4500, available: 8 },
    { key: 'bit', name: 'Screwdriver Bit', sku: 'TF-SB25', description: 'Hex shank.', priceCents: 300, available: 200 },
    { key: 'impact', name: 'Impact Driver', sku: 'TF-ID18', description: 'Drives long screws.', priceCents: 12900, available: 2 },
    { key: 'drill', name: 'Compact Drill', sku: 'DCD771C2', description: 'Two speeds.', priceCents: 8900, available: 7 },
    { key: 'bearing', name: 'Ball Bearing', sku: 'TF-BB6', description: 'Sealed.', priceCents: 450, available: 30 },
    { key: 'torque', name: 'Clé dynamométrique', sku: 'FR-CD210', description: 'Serrage précis.', priceCents: 6900, available: 3 },
    // The newest saw: first in its tier, newer than the tools of the tiers before it.
    { key: 'fretsaw', name: 'Fretsaw Kit', sku: 'TF-FK5', description: 'Fine cuts.', priceCents: 1200, available: 9 },
  ];

  beforeAll(async () => {
    app = await createTestApp();
    for (const tool of tools) ids[tool.key] = (await insertTool(app.db, { ...tool, img: '/images/tools/x.svg', minimum: 1 })).id;
    const gone = await insertTool(app.db, {
      name: 'Old Jigsaw',
      sku: 'TF-OJ1',
      description: 'Gone.',
      img: '/images/tools/x.svg',
      priceCents: 100,
      available: 10,
      minimum: 1,
    });
    await softDeleteTool(app.db, gone.id);
  });
  afterAll(() => app.close());

  it('finds a word inside a name word, after every tool where it starts a word, and counts it', async () => {
    // Name tier (newest first), then the description, then inside a name word; never the deleted tool.
    const saw = await list('q=saw');
    expect(saw.items.map((t) => t.name)).toEqual([
      'Sawhorse Pair',
      'Circular Saw 185 mm',
      'Blade Set',
      'Fretsaw Kit',
      'Cordless Jigsaw',
      'Hacksaw Frame',
    ]);
    expect(saw.total).toBe(6);
    expect(await names('q=SAW')).toEqual(await names('q=saw'));
    expect(await names('q=driver')).toEqual(['Impact Driver', 'Screwdriver Bit']);
    expect(await names('q=earing')).toEqual(['Ball Bearing']);
  });

  it('asks SQLite which words some name or SKU holds inside a word, so the others cost nothing more; PostgreSQL is not asked', async () => {
    const words = ['saw', 'cordless', 'aw', 'zzz', '771', 'métrique'];
    expect(await wordsFoundInside(app.db, usePostgres ? 'postgres' : 'sqlite', words)).toEqual(
      usePostgres ? undefined : [true, false, false, false, true, true],
    );
  });

  it('reads what the name tier leaves of the matches with one query: none more when nothing is left', async () => {
    const { db, statements } = recordingStatements(app);
    const dialect = usePostgres ? 'postgres' : 'sqlite';
    const page = async (text: string, words: string[]) => {
      const filter = { words, text, inStock: false, inside: await wordsFoundInside(app.db, dialect, words) };
      statements.length = 0;
      return (await findCatalogPage(db, dialect, filter, 'relevance', undefined, 25)).map((row) => [row.id, row.tier]);
    };
    // Every match in the name: the name tier, then one query that finds nothing left (PostgreSQL:
    // its one statement for the last two tiers); the tiers after it are not asked.
    expect(await page('saw 185', ['saw', '185'])).toEqual([[ids.circular, 2]]);
    expect(statements).toHaveLength(2);
    // Something left, all of it read: the elsewhere tier, and the rest is the inside tier.
    expect(await page('saw', ['saw'])).toEqual([
      [ids.sawhorse, 2],
      [ids.circular, 2],
      [ids.blades, 1],
      [ids.fretsaw, 0],
      [ids.jigsaw, 0],
      [ids.hacksaw, 0],
    ]);
    // The exact SKU, the name tier, what is left, the elsewhere tier (PostgreSQL: one statement for both last tiers).
    expect(statements).toHaveLength(usePostgres ? 3 : 4);
  });

  it('folds case and accents inside words: "metrique" and "MÉTRIQUE" find dynamométrique', async () => {
    expect(await names('q=metrique')).toEqual(['Clé dynamométrique']);
    expect(await names('q=M%C3%89TRIQUE')).toEqual(['Clé dynamométrique']);
  });

  it('finds a part of a SKU: "771" finds DCD771C2, and so does "d771c"', async () => {
    expect(await names('q=771')).toEqual(['Compact Drill']);
    expect(await names('q=d771c')).toEqual(['Compact Drill']);
  });

  it('needs every word, each starting a word or inside one', async () => {
    expect(await names('q=cordless%20saw')).toEqual(['Cordless Jigsaw']);
    expect(await names('q=jig%20saw')).toEqual(['Cordless Jigsaw']);
    expect(await names('q=hack%20wood')).toEqual([]);
  });

  it('looks inside words for words of 3 to 12 characters only', async () => {
    // "aw" and "ck" are in names, but too short to look for inside words.
    expect(await names('q=aw')).toEqual([]);
    expect(await names('q=ck')).toEqual([]);
    // Inside one word only, never across two ("ck sa" is not "cksa").
    expect(await names('q=cksa')).toEqual(['Hacksaw Frame']);
    expect(await names('q=rsaw')).toEqual([]);
    // Not inside the description: "urves" is in "Curves" (looked for as "urve", a plural's stem).
    expect(await names('q=urves')).toEqual([]);
  });

  it('keeps the matches inside words in every sort, filter and page', async () => {
    expect(await names('q=saw&sort=price_asc')).toEqual([
      'Blade Set',
      'Fretsaw Kit',
      'Hacksaw Frame',
      'Sawhorse Pair',
      'Cordless Jigsaw',
      'Circular Saw 185 mm',
    ]);
    expect(await names('q=saw&sort=name')).toEqual([
      'Blade Set',
      'Circular Saw 185 mm',
      'Cordless Jigsaw',
      'Fretsaw Kit',
      'Hacksaw Frame',
      'Sawhorse Pair',
    ]);
    const inStock = await list('q=saw&inStock=true&maxPrice=8000');
    expect(inStock.items.map((t) => t.name)).toEqual(['Sawhorse Pair', 'Blade Set', 'Fretsaw Kit', 'Cordless Jigsaw']);
    expect(inStock.total).toBe(4);
    // A page at a time, through every tier, nothing repeated or skipped, whichever tier a page
    // ends in.
    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Answer = await list(`q=saw&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((t) => t.name));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen, `limit=${limit}`).toEqual(await names('q=saw'));
    }
  });

  it('reads a search with few matches at once on PostgreSQL: the same page, tiers and count as tier by tier', async () => {
    const dialect = usePostgres ? 'postgres' : 'sqlite';
    const texts = [
      'saw',
      'SAW',
      'saw 185',
      'driver',
      'TF-JS18',
      'tf-js18',
      'tf',
      'wood',
      'cle',
      'METRIQUE',
      '771',
      'blade saw',
      'zzz',
      'ti',
      // Longer than a key of the index: checked in full.
      'dynamometrique',
      'cle dynamometriqu',
    ];
    const atOnce: unknown[] = [];
    const tierByTier: unknown[] = [];
    for (const text of texts) {
      for (const [limit, extra] of [
        [3, {}],
        [26, {}],
        [26, { inStock: true, maxPrice: 8000 }],
      ] as const) {
        const words = searchWords(text);
        const filter = { words, text, inStock: false, ...extra, inside: await wordsFoundInside(app.db, dialect, words) };
        const few = await findFewMatches(app.db, dialect, filter, limit, undefined);
        atOnce.push(few && { text, limit, extra, rows: few.rows.map((row) => [row.id, row.tier]), total: few.total });
        // SQLite reads its tiers in its own process: never at once.
        if (!usePostgres) tierByTier.push(undefined);
        else {
          const rows = await findCatalogPage(app.db, dialect, filter, 'relevance', undefined, limit);
          const total = rows.length < limit ? rows.length : await countCatalog(app.db, dialect, filter, 1001);
          tierByTier.push({ text, limit, extra, rows: rows.map((row) => [row.id, row.tier]), total });
        }
      }
    }
    expect(atOnce).toEqual(tierByTier);
  });

  it('keeps the parts in step with every write: a new name is found inside, the old one not, a deleted tool never', async () => {
    // Written straight to the database, past the app's first-page cache: each search is asked once.
    await app.db.updateTable('tool').set({ name: 'Coping Frame' }).where('id', '=', ids.hacksaw!).execute();
    expect(await names('q=saw&limit=11')).toEqual(['Sawhorse Pair', 'Circular Saw 185 mm', 'Blade Set', 'Fretsaw Kit', 'Cordless Jigsaw']);
    expect(await names('q=oping')).toEqual(['Coping Frame']);
    await app.db.updateTable('tool').set({ sku: 'TF-XSAW9' }).where('id', '=', ids.hacksaw!).execute();
    expect(await names('q=saw&limit=12')).toContain('Coping Frame');
    await softDeleteTool(app.db, ids.hacksaw!);
    expect(await names('q=oping&limit=13')).toEqual([]);
    expect((await list('q=saw&limit=14')).total).toBe(5);
  });
});
