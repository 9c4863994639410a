import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toIso } from './schema.ts';

describe('toIso', () => {
  it('answers what toISOString writes, for a Date and for the text SQLite keeps', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
        (date) => {
          expect(toIso(date)).toBe(date.toISOString());
          expect(toIso(date.toISOString())).toBe(date.toISOString());
        },
      ),
    );
  });

  it('reads any other form of a timestamp as a date', () => {
    expect(toIso('2026-11-27 10:00:34')).toBe(new Date('2026-11-27 10:00:34').toISOString());
    expect(toIso('2026-11-27T10:00:34+02:00')).toBe('2026-11-27T08:00:34.000Z');
    expect(toIso('2026-11-27T10:00:34Z')).toBe('2026-11-27T10:00:34.000Z');
  });
});
