import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { searchStem } from '@toolsify/shared/search';
import { createTestApp } from '../../test/helpers.ts';
import { insertTool, softDeleteTool } from './tools.repository.ts';
import { SearchVocabulary, correctionOf, editDistance, knownWord, nameWordsOf, skuStartAsWritten } from './tools.suggest.ts';

describe('searchStem: a plural looked for as its stem', () => {
  it('folds the plural endings to a prefix of both forms', () => {
    const cases: Record<string, string> = {
      drills: 'drill',
      boxes: 'box',
      wrenches: 'wrench',
      brushes: 'brush',
      glasses: 'glass',
      batteries: 'batter',
      axes: 'axe',
      series: 'serie',
      scies: 'scie',
      pliers: 'plier',
    };
    for (const [word, stem] of Object.entries(cases)) expect(searchStem(word), word).toBe(stem);
  });

  it('keeps words that are not plurals, short words and words with digits', () => {
    for (const word of ['glass', 'axis', 'nucleus', 'gas', 'bit', 'drill', '18vs', 'm12s']) expect(searchStem(word), word).toBe(word);
  });
});

describe('correctionOf: the name word a misspelt search word was meant to be', () => {
  const words = nameWordsOf(
    new Map([
      ['drill', 5],
      ['grinder', 3],
      ['hammer', 2],
      ['hammers', 1],
      ['spill', 1],
    ]),
  );

  it('corrects one edit in a short word, two in a longer one, a swap counting as one', () => {
    expect(correctionOf(words, 'driil')).toBe('drill');
    expect(correctionOf(words, 'dirll')).toBe('drill');
    expect(correctionOf(words, 'grnider')).toBe('grinder');
    expect(correctionOf(words, 'grindr')).toBe('grinder');
    expect(correctionOf(words, 'hamemr')).toBe('hammer');
  });

  it('prefers the word more names hold among equally near ones', () => {
    // "srill" is one edit from drill (5 names) and from spill (1).
    expect(correctionOf(words, 'srill')).toBe('drill');
  });

  it('leaves alone a word that starts a name word, a plural of one, digits, short words and far words', () => {
    expect(correctionOf(words, 'gri')).toBeUndefined();
    expect(correctionOf(words, 'grind')).toBeUndefined();
    expect(correctionOf(words, 'drills')).toBeUndefined();
    expect(correctionOf(words, 'dr1ll')).toBeUndefined();
    expect(correctionOf(words, 'dril')).toBeUndefined();
    expect(correctionOf(words, 'chainsaw')).toBeUndefined();
    expect(correctionOf(words, 'dxxll')).toBeUndefined();
  });

  it('knows a word that starts a word of a name, SKU or description, as typed or as its stem, accents aside', () => {
    const held = nameWordsOf(new Map([['drill', 1]]), ['scié', 'tf', 'dd18', 'métal']);
    for (const word of ['dri', 'drills', 'scie', 'SCIÉ', 'dd1', 'metal', 'métaux'.slice(0, 3)])
      expect(knownWord(held, word), word).toBe(true);
    for (const word of ['rill', 'd18', 'metals2', 'xyz']) expect(knownWord(held, word), word).toBe(false);
  });

  it('measures edits as optimal string alignment, stopping past the most it is asked for', () => {
    const d = (a: string, b: string, most = 3) => editDistance(Array.from(a), Array.from(b), most);
    expect(d('drill', 'drill')).toBe(0);
    expect(d('drill', 'dril')).toBe(1);
    expect(d('drill', 'drlil')).toBe(1);
    expect(d('kitten', 'sitting')).toBe(3);
    expect(d('kitten', 'sitting', 1)).toBe(2);
    expect(d('clé', 'cle')).toBe(1);
  });
});

/** The catalog's plurals and "Did you mean", through the API, on whichever database the suite runs. */
describe('skuStartAsWritten: the start of a SKU typed without its punctuation, as the SKU writes it', () => {
  const words = nameWordsOf(new Map(), [], [], ['TF-DD18-2A', 'A.B_C-12', 'tf-dd18-4a', 'ZX9']);
  it('keeps the punctuation up to the last letter or digit typed, none after', () => {
    expect(skuStartAsWritten(words, 'tfdd18')).toBe('TF-DD18');
    expect(skuStartAsWritten(words, 'TFDD1')).toBe('TF-DD1');
    expect(skuStartAsWritten(words, 'tf')).toBe('TF');
    expect(skuStartAsWritten(words, 'abc1')).toBe('A.B_C-1');
    expect(skuStartAsWritten(words, 'a.b')).toBe('A.B');
    expect(skuStartAsWritten(words, 'zx9')).toBe('ZX9');
  });
  it('answers nothing when no SKU starts so', () => {
    expect(skuStartAsWritten(words, 'dd18')).toBeUndefined();
    expect(skuStartAsWritten(words, 'zx90')).toBeUndefined();
    expect(skuStartAsWritten(words, '--')).toBeUndefined();
    expect(skuStartAsWritten(nameWordsOf(new Map()), 'tf')).toBeUndefined();
  });
});

describe('catalog search: plurals and "Did you mean"', () => {
  let app: FastifyInstance;
  const list = async (query: string) => {
    const res = await app.inject({ url: `/api/tools?${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json() as { items: Array<{ name: string }>; total?: number; suggestion?: string };
  };
  const names = async (query: string) => (await list(query)).items.map((t) => t.name);

  beforeAll(async () => {
    app = await createTestApp();
    const tools = [
      { name: 'Cordless Drill 18V', sku: 'DCD-771-C2', description: 'Two batteries and a case.', priceCents: 9900, available: 10 },
      { name: 'Hammer Drill', sku: 'TF-HD20', description: 'Drills brick and concrete.', priceCents: 12900, available: 0 },
      { name: 'Storage Box', sku: 'TF-BX1', description: 'Stackable, for metal parts.', priceCents: 1500, available: 30 },
      { name: 'Battery Pack 5Ah', sku: 'TF-BP5', description: 'Fits every 18V tool.', priceCents: 7900, available: 12 },
      { name: 'Scie sauteuse', sku: 'FR-SS1', description: 'Une scie pour le bois.', priceCents: 8900, available: 4 },
      { name: 'Angle Grinder 115 mm', sku: 'TF-AG115', description: 'Cuts steel.', priceCents: 5900, available: 8 },
    ];
    for (const tool of tools) await insertTool(app.db, { ...tool, img: '/images/tools/x.svg', minimum: 1 });
    const gone = await insertTool(app.db, {
      name: 'Welder Deleted',
      sku: 'TF-GONE9',
      description: 'Gone.',
      img: '/images/tools/x.svg',
      priceCents: 100,
      available: 1,
      minimum: 1,
    });
    await softDeleteTool(app.db, gone.id);
  });
  afterAll(() => app.close());

  it('finds the singular by its plural and the plural by its singular', async () => {
    expect((await names('q=drills')).sort()).toEqual(['Cordless Drill 18V', 'Hammer Drill']);
    expect(await names('q=boxes')).toEqual(['Storage Box']);
    expect(await names('q=batteries')).toEqual(expect.arrayContaining(['Battery Pack 5Ah', 'Cordless Drill 18V']));
    expect(await names('q=scies')).toEqual(['Scie sauteuse']);
    expect(await names('q=hammer%20drills')).toEqual(['Hammer Drill']);
  });

  it('suggests the search with a misspelt word corrected, when that finds something', async () => {
    const answer = await list('q=driil');
    expect(answer).toMatchObject({ items: [], total: 0, suggestion: 'drill' });
    expect((await list('q=cordless%20driil')).suggestion).toBe('cordless drill');
    expect((await list('q=storgae')).suggestion).toBe('storage');
    // A word corrected to another of the search is said once.
    expect((await list('q=drill%20driil')).suggestion).toBe('drill');
    // Under the same filters: the Hammer Drill is out of stock, the cordless one is not.
    expect((await list('q=hamer%20driil&inStock=true')).suggestion).toBeUndefined();
    expect((await list('q=hamer%20driil')).suggestion).toBe('hammer drill');
  });

  it('suggests a size typed as one word apart, as names write it', async () => {
    expect(await list('q=115mm')).toMatchObject({ items: [], suggestion: '115 mm' });
    expect((await list('q=grinder%20115mm')).suggestion).toBe('grinder 115 mm');
    expect((await list('q=grnder%20115mm')).suggestion).toBe('grinder 115 mm');
    // A word with digits some tool holds as typed is kept: "5ah" is the battery's.
    expect((await list('q=5ah%20driil')).suggestion).toBeUndefined();
    expect(await names('q=5ah')).toEqual(['Battery Pack 5Ah']);
  });

  it('keeps a word a description holds, and suggests nothing when no search would find a tool', async () => {
    // "metal" is in a description only: not "corrected" to a name word; the search finds nothing with "drill".
    expect((await list('q=metal%20driil')).suggestion).toBeUndefined();
    // "rill" is inside "drill" (no word starts with it): kept as typed, though one edit from drill.
    expect((await list('q=rill%20driil')).suggestion).toBe('rill drill');
    expect((await list('q=chainsaw')).suggestion).toBeUndefined();
    // A deleted tool's name word is never offered.
    expect((await list('q=weldr')).suggestion).toBeUndefined();
    // A search that finds something has no suggestion.
    expect((await list('q=drill')).suggestion).toBeUndefined();
  });

  it('suggests the SKU a part number typed without its punctuation reads as', async () => {
    expect(await list('q=DCD771C2')).toMatchObject({ items: [], suggestion: 'DCD-771-C2' });
    expect(await list('q=dcd771-c2')).toMatchObject({ items: [], suggestion: 'DCD-771-C2' });
    // Its words found as typed, another way of writing it finds the tool itself.
    expect(await names('q=dcd.771.c2')).toEqual(['Cordless Drill 18V']);
    // The suggestion finds the tool first.
    expect((await names('q=DCD-771-C2'))[0]).toBe('Cordless Drill 18V');
    expect((await list('q=TFGONE9')).suggestion).toBeUndefined();
  });

  it('suggests the start of the SKUs a part number’s start typed without its punctuation reads as, under the same filters', async () => {
    expect(await list('q=dcd771')).toMatchObject({ items: [], suggestion: 'DCD-771' });
    expect(await names('q=DCD-771')).toEqual(['Cordless Drill 18V']);
    expect((await list('q=TFAG11')).suggestion).toBe('TF-AG11');
    // Letters only are a SKU's start too: "tfag" for TF-AG.
    expect((await list('q=tfag')).suggestion).toBe('TF-AG');
    expect(await names('q=TF-AG11')).toEqual(['Angle Grinder 115 mm']);
    // The Hammer Drill is out of stock: not offered to a search of the tools in stock.
    expect((await list('q=tfhd2')).suggestion).toBe('TF-HD2');
    expect((await list('q=tfhd2&inStock=true')).suggestion).toBeUndefined();
    // No SKU starts so, or only a deleted tool's.
    expect((await list('q=tfzz9')).suggestion).toBeUndefined();
    expect((await list('q=tfgone')).suggestion).toBeUndefined();
  });

  it('reads the names again once its read is old (the old read answering meanwhile), sharing one read between concurrent askers', async () => {
    const vocabulary = new SearchVocabulary(app.db, 0);
    const [a, b] = [vocabulary.words(), vocabulary.words()];
    expect(await a).toBe(await b);
    expect((await a).counts.get('drill')).toBe(2);
    const added = await insertTool(app.db, {
      name: 'Rivet Gun',
      sku: 'TF-RG1',
      description: 'Blind rivets.',
      img: '/images/tools/x.svg',
      priceCents: 2500,
      available: 3,
      minimum: 1,
    });
    // The old read answers at once, while the next is made.
    expect((await vocabulary.words()).counts.has('rivet')).toBe(false);
    await vi.waitFor(async () => expect((await vocabulary.words()).counts.get('rivet')).toBe(1));
    await softDeleteTool(app.db, added.id);
    await vi.waitFor(async () => expect((await vocabulary.words()).counts.has('rivet')).toBe(false));
  });
});
