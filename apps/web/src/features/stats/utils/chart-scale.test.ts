import { describe, expect, it } from 'vitest';
import { clip, compactCents, formatDay, formatRange, labelledIndexes, moneyTicks, niceCeiling, ticks } from './chart-scale.ts';

describe('chart scales', () => {
  it('rounds the top of an axis up to a round number', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(2_100)).toBe(2_500);
    expect(niceCeiling(1_104_950)).toBe(2_000_000);
    expect(ticks(2_000)).toEqual([0, 500, 1_000, 1_500, 2_000]);
  });

  it('gives a money axis labels that never read alike, with no revenue too', () => {
    expect(moneyTicks(0).map(compactCents)).toEqual(['$0', '$1', '$2', '$3', '$4']);
    expect(moneyTicks(3)).toEqual([0, 100, 200, 300, 400]);
    expect(moneyTicks(2_100)).toEqual([0, 625, 1_250, 1_875, 2_500]);
    for (let max = 0; max < 1e11; max = Math.ceil(max * 1.7) || 1) {
      const labels = moneyTicks(max).map(compactCents);
      expect(new Set(labels).size, `${max}: ${labels.join(' ')}`).toBe(5);
      expect(moneyTicks(max).at(-1)).toBeGreaterThanOrEqual(max);
    }
  });

  it('labels the last day and every step back from it, never more than fit', () => {
    expect(labelledIndexes(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledIndexes(30, 5)).toEqual([5, 11, 17, 23, 29]);
    expect(labelledIndexes(90, 4)).toHaveLength(4);
    expect(labelledIndexes(90, 4).at(-1)).toBe(89);
    expect(labelledIndexes(0, 4)).toEqual([]);
  });

  it('writes money and days short for the axes', () => {
    expect(compactCents(1_234_500)).toBe('$12.3K');
    expect(compactCents(0)).toBe('$0');
    expect(formatDay('2026-03-04')).toBe('Mar 4');
    expect(clip('Combination Wrench Set (12 pc)', 12)).toBe('Combination…');
    expect(clip('Drill', 12)).toBe('Drill');
    expect(formatRange('2026-03-01', '2026-03-30')).toBe('Mar 1 – Mar 30, 2026');
    expect(formatRange('2025-12-15', '2026-01-13')).toBe('Dec 15, 2025 – Jan 13, 2026');
    expect(formatRange('2026-03-04', '2026-03-04')).toBe('Mar 4, 2026');
  });
});
