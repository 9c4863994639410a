/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet. Twenty lines rather than a
 * dependency: writing (not parsing) CSV is quoting, and these tests hold it to the RFC.
 *
 * - A record ends with CRLF; fields are separated by commas.
 * - A field holding a comma, a double quote, a CR or an LF is enclosed in double quotes, and each
 *   double quote inside it is doubled.
 * - A text field that starts with `=`, `+`, `-`, `@`, a tab or a CR gets a leading `'`, so a
 *   spreadsheet shows it as text and never runs it as a formula (OWASP "CSV injection"). Numbers
 *   are written as they are (a negative number stays a number).
 */

export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: empty for null, a number as written, text defused and quoted as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * The byte-order mark a CSV file starts with, so a spreadsheet reads it as UTF-8 (Excel takes a
 * file without it for the local code page, and "Zoë" becomes "ZoÃ«").
 */
export const UTF8_BOM = '\uFEFF';
