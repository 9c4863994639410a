import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_QUICK_ORDER_LINES, mergeCartLines, parseQuickOrder, quickOrderRow } from './cart.ts';

describe('quick order: pasted lines', () => {
  it('reads SKU and quantity separated by spaces, tabs, commas or semicolons, skipping a header and empty lines', () => {
    const text = 'sku,quantity\nTF-AG115-850 80\n\nTF-CH16\t500\r\ntf-tm8;250\n"TF-LP250","240"\n';
    expect(parseQuickOrder(text)).toEqual({
      rows: [
        { row: 2, sku: 'TF-AG115-850', quantity: 80 },
        { row: 4, sku: 'TF-CH16', quantity: 500 },
        { row: 5, sku: 'tf-tm8', quantity: 250 },
        { row: 6, sku: 'TF-LP250', quantity: 240 },
      ],
      tooMany: false,
    });
  });

  it('reads a quantity a spreadsheet formatted with commas between thousands, from a copied row or a CSV cell', () => {
    // Copied from Excel or Google Sheets: cells separated by tabs, "1,000" as the sheet shows it.
    expect(parseQuickOrder('TF-CH16\t1,000\r\nTF-TM8\t12,500\t\t\nTF-LP250\t240').rows).toEqual([
      { row: 1, sku: 'TF-CH16', quantity: 1_000 },
      { row: 2, sku: 'TF-TM8', quantity: 12_500 },
      { row: 3, sku: 'TF-LP250', quantity: 240 },
    ]);
    // Typed after the SKU, with a space, a comma or a semicolon between: still one quantity.
    expect(parseQuickOrder('TF-HS300 1,000\nTF-CH16, 12,500\nTF-TM8;2,000,000').rows).toEqual([
      { row: 1, sku: 'TF-HS300', quantity: 1_000 },
      { row: 2, sku: 'TF-CH16', quantity: 12_500 },
      { row: 3, sku: 'TF-TM8', quantity: 2_000_000 },
    ]);
    // A CSV file's quoted cell (the upload reads records with a CSV parser, then quickOrderRow).
    expect(quickOrderRow(1, ['TF-CH16', '1,000'])).toEqual({ row: 1, sku: 'TF-CH16', quantity: 1_000 });
    // Not thousands: still a problem, named.
    for (const quantity of ['1,00', '1,0000', ',100', '1.000']) {
      expect(parseQuickOrder(`TF-CH16\t${quantity}`).rows[0], quantity).toMatchObject({
        problem: 'The quantity must be a whole number of pieces',
      });
    }
  });

  it('says what is wrong with a line it cannot read', () => {
    const { rows } = parseQuickOrder(
      'TF-CH16\nTF-CH16 ten\nTF-CH16 2.5\nTF CH16 5\n<b> 4\nTF-CH16 0\nTF-CH16 123456789\nTF-CH16 00000012\nTF-CH16 -3',
    );
    expect(rows.map((r) => ('problem' in r ? r.problem : 'ok'))).toEqual([
      'Give a SKU and a quantity',
      'The quantity must be a whole number of pieces',
      'The quantity must be a whole number of pieces',
      'Give only a SKU and a quantity',
      'Not a SKU',
      'The quantity must be at least 1',
      'The quantity is too large for one order',
      'ok',
      'The quantity must be at least 1',
    ]);
    // A line whose SKU could be read keeps it, so the line can name its tool.
    expect(rows[1]).toMatchObject({ sku: 'TF-CH16', problem: 'The quantity must be a whole number of pieces' });
    expect(rows[4]).not.toHaveProperty('sku');
  });

  it(`reads at most ${MAX_QUICK_ORDER_LINES} lines and says there were more`, () => {
    const text = Array.from({ length: 250 }, (_, n) => `SKU-${n} 1`).join('\n');
    const { rows, tooMany } = parseQuickOrder(text);
    expect(rows).toHaveLength(MAX_QUICK_ORDER_LINES);
    expect(tooMany).toBe(true);
  });

  it('never throws: any text gives rows, each a SKU and a whole quantity or a problem (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2_000 }), (text) => {
        const { rows } = parseQuickOrder(text);
        const wellFormed = (row: (typeof rows)[number]) =>
          'problem' in row
            ? row.problem.length > 0
            : Number.isInteger(row.quantity) && row.quantity >= 1 && /^[A-Za-z0-9._-]{2,40}$/.test(row.sku);
        expect(rows.filter((row) => !wellFormed(row))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('merging into a cart', () => {
  it('adds to a tool already there, appends new tools, and leaves out what does not fit', () => {
    const cart = Array.from({ length: 99 }, (_, n) => ({ toolId: n + 1, quantity: 1 }));
    const { lines, left } = mergeCartLines(cart, [
      { toolId: 5, quantity: 4 },
      { toolId: 200, quantity: 2 },
      { toolId: 201, quantity: 3 },
    ]);
    expect(lines).toHaveLength(100);
    expect(lines[4]).toEqual({ toolId: 5, quantity: 5 });
    expect(lines[99]).toEqual({ toolId: 200, quantity: 2 });
    expect(left).toEqual([{ toolId: 201, quantity: 3 }]);
    expect(cart[4]).toEqual({ toolId: 5, quantity: 1 });
  });
});
