import Papa from 'papaparse';
import { MAX_QUICK_ORDER_LINES, quickOrderRow, type QuickOrderRow } from '@toolsify/shared/cart-lines';

/** Names a header may give the SKU column (an ERP's or a buyer's own sheet's words for it). */
const SKU_NAMES = new Set(['sku', 'part number', 'part no', 'part no.', 'part #', 'item number', 'item no', 'item no.', 'product code']);
/** Names a header may give the quantity column. */
const QUANTITY_NAMES = new Set(['quantity', 'qty', 'qty.', 'order quantity', 'order qty', 'qty ordered', 'quantity ordered']);
/** Row 1's problem when it is words, no quantity: a header this page does not read. */
export const UNKNOWN_HEADER = 'A header row must name its columns sku (or part number) and quantity (or qty)';

/**
 * A quick order's CSV file as rows, each numbered as the spreadsheet numbers its row (the header
 * is row 1). Records are `sku,quantity`, or any columns under a header that names `sku` (or
 * `part number`, SKU_NAMES) and `quantity` (or `qty`), as an ERP's export has them: only those two are read. The separator is
 * guessed (comma, semicolon as a decimal-comma locale's Excel writes, tab) with empty lines
 * left out of the guess: papaparse, asked about a file ending in a newline, gave up on the
 * semicolon and read each record as one cell. A first row of words alone ("Artikel;Menge") is
 * a header it cannot read: its problem says what to name the columns, and the rows under it are
 * read by position.
 */
export function rowsOfCsv(text: string): { rows: QuickOrderRow[]; tooMany: boolean } {
  const { delimiter } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: 20 }).meta;
  const { data } = Papa.parse<string[]>(text, { delimiter });
  const names = (data[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const skuAt = names.findIndex((name) => SKU_NAMES.has(name));
  const quantityAt = names.findIndex((name) => QUANTITY_NAMES.has(name));
  const columns = skuAt !== -1 && quantityAt !== -1 ? [skuAt, quantityAt] : undefined;
  const records = data
    .map((record, n) => ({ record, row: n + 1 }))
    .filter(({ record, row }) => !(row === 1 && skuAt !== -1) && record.some((cell) => cell.trim() !== ''));
  return {
    rows: records.slice(0, MAX_QUICK_ORDER_LINES).map(({ record, row }) => {
      const read = quickOrderRow(row, columns ? columns.map((at) => record[at] ?? '') : record);
      // A header of words: no SKU to name a tool by.
      return row === 1 && 'problem' in read && !record.some(isNumber) ? { row, text: read.text, problem: UNKNOWN_HEADER } : read;
    }),
    tooMany: records.length > MAX_QUICK_ORDER_LINES,
  };
}

/** A cell a quantity could be: digits, with commas between thousands as a spreadsheet shows them. */
const isNumber = (cell: string): boolean => /^\s*"?\d[\d,]*"?\s*$/.test(cell);
