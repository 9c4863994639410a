import { describe, expect, it } from 'vitest';
import { rowsOfCsv, UNKNOWN_HEADER } from './quick-order-csv.ts';

describe('quick order: a CSV file', () => {
  it('reads commas, semicolons (a decimal-comma Excel) and tabs, a file ending in a newline as every export does', () => {
    const expected = [
      { row: 2, sku: 'TF-AW250', quantity: 200 },
      { row: 3, sku: 'TF-CWS-12', quantity: 1_000 },
    ];
    expect(rowsOfCsv('sku,quantity\r\nTF-AW250,200\r\nTF-CWS-12,"1,000"\r\n').rows).toEqual(expected);
    expect(rowsOfCsv('sku;quantity\nTF-AW250;200\nTF-CWS-12;1,000\n').rows).toEqual(expected);
    expect(rowsOfCsv('sku;quantity\n\nTF-AW250;200\nTF-CWS-12;1000\n\n').rows).toEqual([
      { row: 3, sku: 'TF-AW250', quantity: 200 },
      { row: 4, sku: 'TF-CWS-12', quantity: 1_000 },
    ]);
    expect(rowsOfCsv('sku\tquantity\nTF-AW250\t200\nTF-CWS-12\t1,000\n').rows).toEqual(expected);
    // No header: the first two cells.
    expect(rowsOfCsv('TF-AW250;200\n').rows).toEqual([{ row: 1, sku: 'TF-AW250', quantity: 200 }]);
  });

  it('reads the sku and quantity (or qty) columns a header names, among others, in any order', () => {
    const text = 'Line,Description,Qty,SKU,Unit price\n1,"Wrench, adjustable",200,TF-AW250,12.50\n2,Socket set,5,TF-CWS-12,40\n';
    expect(rowsOfCsv(text).rows).toEqual([
      { row: 2, sku: 'TF-AW250', quantity: 200 },
      { row: 3, sku: 'TF-CWS-12', quantity: 5 },
    ]);
    // Without a header naming them, more than two cells is a problem of the line.
    expect(rowsOfCsv('TF-AW250,200,wrench\n').rows).toEqual([
      { row: 1, text: 'TF-AW250 200 wrench', problem: 'Give only a SKU and a quantity' },
    ]);
  });

  it('says what a header must name when it names neither column, and reads the rows under it by position', () => {
    expect(rowsOfCsv('Artikel;Menge\nTF-AW250;200\n').rows).toEqual([
      { row: 1, text: 'Artikel Menge', problem: UNKNOWN_HEADER },
      { row: 2, sku: 'TF-AW250', quantity: 200 },
    ]);
    expect(rowsOfCsv('Artikelnummer,Menge,Beschreibung\n').rows).toEqual([
      { row: 1, text: 'Artikelnummer Menge Beschreibung', problem: UNKNOWN_HEADER },
    ]);
    // A first row with a quantity is a line, and its own problem stays.
    expect(rowsOfCsv('TF-AW250,200,wrench\n').rows[0]).toMatchObject({ problem: 'Give only a SKU and a quantity' });
    expect(rowsOfCsv('TF-AW250;0\n').rows[0]).toMatchObject({ problem: 'The quantity must be at least 1' });
  });

  it("reads a sheet's own words for the columns: Part Number and Qty", () => {
    expect(rowsOfCsv('Part Number;Description;Order Qty\nTF-AW250;Wrench;200\n').rows).toEqual([
      { row: 2, sku: 'TF-AW250', quantity: 200 },
    ]);
  });
});
