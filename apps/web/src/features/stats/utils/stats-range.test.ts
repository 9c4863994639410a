import { describe, expect, it } from 'vitest';
import { customRangeProblem, defaultSelection, rangeOf, searchOf, selectionFrom } from './stats-range.ts';

const parse = (query: string) => selectionFrom(new URLSearchParams(query));

describe('the dashboard range in the URL', () => {
  it('reads a preset, a custom range, and falls back to the last 30 days for anything else', () => {
    expect(parse('')).toEqual(defaultSelection);
    expect(parse('range=7')).toEqual({ kind: 'preset', days: 7 });
    expect(parse('range=90')).toEqual({ kind: 'preset', days: 90 });
    expect(parse('range=14')).toEqual(defaultSelection);
    expect(parse('from=2026-03-01&to=2026-03-09')).toEqual({ kind: 'custom', from: '2026-03-01', to: '2026-03-09' });
    expect(parse('from=2026-03-09&to=2026-03-01')).toEqual(defaultSelection);
    expect(parse('from=2026-02-30&to=2026-03-01')).toEqual(defaultSelection);
    expect(parse('from=2024-01-01&to=2025-01-01')).toEqual(defaultSelection);
    expect(parse('from=2026-03-01')).toEqual(defaultSelection);
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(searchOf(defaultSelection)).toBe('');
    for (const selection of [{ kind: 'preset', days: 7 } as const, { kind: 'custom', from: '2026-01-01', to: '2026-01-31' } as const]) {
      expect(parse(searchOf(selection))).toEqual(selection);
    }
  });

  it('turns a preset into the last N days up to today, today included', () => {
    expect(rangeOf({ kind: 'preset', days: 7 }, '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(rangeOf({ kind: 'preset', days: 30 }, '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' }); // 29 days in February 2024
    expect(rangeOf({ kind: 'custom', from: '2026-01-01', to: '2026-01-02' }, '2026-03-02')).toEqual({
      from: '2026-01-01',
      to: '2026-01-02',
    });
  });

  it('explains a custom range the API would refuse, on the field to fix', () => {
    expect(customRangeProblem('2026-03-01', '2026-03-31')).toBeNull();
    expect(customRangeProblem('', '2026-03-31')).toEqual({ field: 'from', message: 'Choose a start date.' });
    expect(customRangeProblem('2026-03-01', '')).toEqual({ field: 'to', message: 'Choose an end date.' });
    expect(customRangeProblem('2026-03-31', '2026-03-01')).toEqual({ field: 'to', message: 'The end date is before the start date.' });
    expect(customRangeProblem('2024-01-01', '2025-06-01')).toEqual({ field: 'to', message: 'A range can be at most 366 days.' });
    expect(customRangeProblem('1999-01-01', '1999-01-02')).toEqual({
      field: 'from',
      message: 'from must be between 2000-01-01 and 2999-12-31',
    });
  });
});
