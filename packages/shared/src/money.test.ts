import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatCount, moneyTextProblem, parseDollars, withoutThousandsCommas } from './money.ts';

const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatCount and formatCents write what Intl writes for en-US', () => {
  it('on the edges', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_000)).toBe('1,000');
    expect(formatCount(-1_234_567)).toBe('-1,234,567');
    expect(formatCount(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER.toLocaleString('en-US'));
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(12_345)).toBe('$123.45');
    expect(formatCents(99_999_999)).toBe('$999,999.99');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(-123_456)).toBe('-$1,234.56');
  });

  it('for any safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    // Cents up to a trillion dollars: past that, a dollar amount in a double has no exact cents.
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000_000, max: 100_000_000_000_000 }), (cents) => {
        fc.pre(cents !== 0);
        expect(formatCents(cents)).toBe(intlUsd.format(cents / 100));
      }),
    );
  });

  it('leaves what is not a safe integer to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCents(1234.5)).toBe(intlUsd.format(12.345));
    expect(formatCents(Number.NaN)).toBe('$NaN');
  });
});

describe('dollarsToCents', () => {
  it('rounds to the cent and refuses what is not an amount', () => {
    expect(dollarsToCents('12.3')).toBe(1230);
    expect(dollarsToCents(0.015)).toBe(2);
    expect(() => dollarsToCents('twelve')).toThrow(RangeError);
  });
});

describe('withoutThousandsCommas', () => {
  it('takes out commas that group thousands, and leaves any other text for its reader to refuse', () => {
    for (const [typed, read] of [
      ['1,000', '1000'],
      ['12,500', '12500'],
      ['1,234,567', '1234567'],
      ['1,250.00', '1250.00'],
      ['-1,000', '-1000'],
      ['999', '999'],
      ['12,50', '12,50'],
      ['1,0', '1,0'],
      ['1,0000', '1,0000'],
      [',100', ',100'],
      ['1.000', '1.000'],
      ['', ''],
    ]) {
      expect(withoutThousandsCommas(typed as string), typed).toBe(read);
    }
  });

  it('reads back every whole number formatCount writes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(Number(withoutThousandsCommas(formatCount(n)))).toBe(n);
      }),
    );
  });
});

describe('a price as typed in a form', () => {
  it('reads dollars with a point, a dollar sign or commas between thousands', () => {
    expect(parseDollars('12.50')).toBe(12.5);
    expect(parseDollars(' $1,250.00 ')).toBe(1250);
    expect(parseDollars('1250')).toBe(1250);
    expect(parseDollars('.5')).toBe(0.5);
    expect(parseDollars('7.')).toBe(7);
    for (const text of ['', '12,50', '1,0', '12.5.0', '-3', 'ten', '1e3', '0x10']) expect(parseDollars(text), text).toBeNaN();
  });

  it('never reads a decimal comma as thousands: "12,50" is named, not saved as $1,250', () => {
    expect(moneyTextProblem('12,50')).toBe('Use a point for the cents: 12.50');
    expect(moneyTextProblem('$ 9,5')).toBe('Use a point for the cents: 9.5');
    expect(moneyTextProblem('ten')).toBe('Type the price in dollars, such as 12.50');
    expect(moneyTextProblem('-3')).toBe('Type the price in dollars, such as 12.50');
    for (const text of ['', '  ', '12.50', '1,250', '$3']) expect(moneyTextProblem(text), text).toBeNull();
  });
});
