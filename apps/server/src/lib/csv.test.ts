import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCsv } from '../test/csv.ts';
import { csvField, csvRecord } from './csv.ts';

describe('csvField and csvRecord (RFC 4180, safe in a spreadsheet)', () => {
  it('leaves plain text and numbers as they are, and writes null as an empty field', () => {
    expect(csvRecord(['Cordless Drill', 'DRL-18V', 12, 0, null, undefined, ''])).toBe('Cordless Drill,DRL-18V,12,0,,,\r\n');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes a field with a comma, a quote, a CR or an LF, doubling its quotes', () => {
    expect(csvField('Drills, bits')).toBe('"Drills, bits"');
    expect(csvField('the "best" drill')).toBe('"the ""best"" drill"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvField('"')).toBe('""""');
  });

  it('defuses a text cell a spreadsheet would run as a formula, and quotes it when it needs it', () => {
    expect(csvField('=HYPERLINK("http://evil.example","Click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    // Only the first character counts.
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField(' =1')).toBe(' =1');
  });

  it('keeps non-ASCII text as it is', () => {
    expect(csvRecord(['Zoë Säge', '電動ドリル', '😀'])).toBe('Zoë Säge,電動ドリル,😀\r\n');
  });

  it('reads back as the same values (defused text with its apostrophe), whatever the text', () => {
    const value = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'Z', '1', ',', '"', '\r', '\n', '\t', '=', '+', '-', '@', ' ', "'", 'ë', '😀') }),
      fc.string(),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (records) => {
        const text = records.map(csvRecord).join('');
        const expected = records.map((record) =>
          record.map((v) => (v === null ? '' : typeof v === 'number' ? String(v) : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v)),
        );
        expect(parseCsv(text)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
