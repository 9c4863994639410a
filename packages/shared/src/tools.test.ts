import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { createToolSchema, editToolFormSchema, productFormSchema, updateToolSchema } from './tools.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('Add a Product form', () => {
  const filled = {
    name: 'Drill',
    sku: 'DR-1',
    description: 'A drill',
    img: 'https://cdn.example.com/d.png',
    available: 10,
    minimum: 2,
    price: 19.99,
    priceBreaks: [],
    packSize: 1,
    maxPerOrder: null,
  };

  it('outputs the API body, with the price in cents', () => {
    expect(productFormSchema.parse(filled)).toEqual({
      name: 'Drill',
      sku: 'DR-1',
      description: 'A drill',
      img: 'https://cdn.example.com/d.png',
      available: 10,
      minimum: 2,
      priceCents: 1999,
      priceBreaks: [],
      packSize: 1,
      maxPerOrder: null,
      lowStockThreshold: null,
      category: null,
    });
    expect(createToolSchema.parse(productFormSchema.parse(filled))).toBeTruthy();
    // A category's spaces are tidied; spaces alone are none.
    expect(productFormSchema.parse({ ...filled, category: '  Hand   tools ' }).category).toBe('Hand tools');
    expect(productFormSchema.parse({ ...filled, category: '   ' }).category).toBeNull();
  });

  it('answers empty number inputs (NaN) with the spec messages', () => {
    const issues = issuesOf(productFormSchema.safeParse({ ...filled, available: Number.NaN, minimum: Number.NaN }));
    expect(issues.available).toBe(messages.availableAtLeastOne);
    expect(issues.minimum).toBe(messages.minimumAtLeastOne);
  });

  it('shows the minimum-above-available rule even while other fields are still empty', () => {
    const issues = issuesOf(
      productFormSchema.safeParse({ name: '', description: '', img: '', available: 5, minimum: 6, price: Number.NaN }),
    );
    expect(issues.minimum).toBe(messages.minimumAboveAvailable);
    expect(issues.name).toBe('Name is Required');
  });

  it('allows a minimum equal to the stock, and refuses sub-cent prices', () => {
    expect(productFormSchema.safeParse({ ...filled, minimum: 10 }).success).toBe(true);
    expect(issuesOf(productFormSchema.safeParse({ ...filled, price: 1.005 })).price).toBe('Price can have at most 2 decimals (cents)');
  });

  it('caps the price at what one card payment can take, so one piece can always be paid', () => {
    expect(productFormSchema.safeParse({ ...filled, minimum: 1, price: 999_999.99 }).success).toBe(true);
    expect(issuesOf(productFormSchema.safeParse({ ...filled, price: 1_000_000 })).price).toBe('Price must be $999,999.99 or less');
  });

  it('never throws on a body of the wrong shape', () => {
    for (const body of [null, [], 'x', 5, { available: '5', minimum: {} }]) {
      expect(createToolSchema.safeParse(body).success).toBe(false);
      expect(productFormSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('Edit form', () => {
  const tool = {
    name: 'Drill',
    sku: 'DR-1',
    description: 'A drill',
    img: '/images/tools/cordless-drill.svg',
    price: 12.5,
    minimum: 3,
    priceBreaks: [],
    packSize: 1,
    maxPerOrder: null,
    stockDelta: 0,
    stockReason: 'restock' as const,
  };

  it('leaves the stock out when the change is 0', () => {
    expect(editToolFormSchema.parse(tool)).toEqual({
      name: 'Drill',
      sku: 'DR-1',
      description: 'A drill',
      img: '/images/tools/cordless-drill.svg',
      priceCents: 1250,
      minimum: 3,
      priceBreaks: [],
      packSize: 1,
      maxPerOrder: null,
    });
  });

  it('sends the name and the image, trimmed, and refuses an image that is not uploaded or https', () => {
    expect(editToolFormSchema.parse({ ...tool, name: '  Drill 18V ', img: 'https://cdn.example.com/d.png' })).toMatchObject({
      name: 'Drill 18V',
      img: 'https://cdn.example.com/d.png',
    });
    expect(issuesOf(editToolFormSchema.safeParse({ ...tool, name: ' ' })).name).toBe('Name is Required');
    expect(issuesOf(editToolFormSchema.safeParse({ ...tool, img: 'http://cdn.example.com/d.png' })).img).toBe(
      'Image must be an uploaded file or an https:// URL',
    );
  });

  it('sends a stock change with its reason; a restock cannot remove', () => {
    expect(editToolFormSchema.parse({ ...tool, stockDelta: -4, stockReason: 'correction' }).stock).toEqual({
      delta: -4,
      reason: 'correction',
    });
    expect(issuesOf(editToolFormSchema.safeParse({ ...tool, stockDelta: -4 })).stockDelta).toMatch(/A restock adds stock/);
    expect(updateToolSchema.safeParse(editToolFormSchema.parse({ ...tool, stockDelta: 7 })).success).toBe(true);
  });
});

describe('search words', () => {
  it('splits on anything but letters and digits, lowercases, and keeps accents for the database to fold', async () => {
    const { searchWords } = await import('./tools.ts');
    expect(searchWords('Angle-GRINDER 125')).toEqual(['angle', 'grinder', '125']);
    expect(searchWords('  TF-AG115.850_x ')).toEqual(['tf', 'ag115', '850', 'x']);
    expect(searchWords('Clé à molette')).toEqual(['clé', 'à', 'molette']);
    expect(searchWords('"drill" OR * NEAR(')).toEqual(['drill', 'or', 'near']);
    expect(searchWords('---')).toEqual([]);
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(10);
  });
});
