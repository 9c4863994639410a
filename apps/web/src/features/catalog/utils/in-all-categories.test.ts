import { describe, expect, it } from 'vitest';
import { MAX_COUNTED_TOOLS } from '@toolsify/shared/tools';
import { inAllCategories } from './in-all-categories.ts';

describe('inAllCategories', () => {
  it('counts the tools a search finds in every category, saying "or more" at the count the catalog stops at', () => {
    expect(inAllCategories(1)).toBe('1 tool matches in all categories.');
    expect(inAllCategories(12)).toBe('12 tools match in all categories.');
    expect(inAllCategories(MAX_COUNTED_TOOLS - 1)).toBe('999 tools match in all categories.');
    expect(inAllCategories(MAX_COUNTED_TOOLS)).toBe('1,000 or more tools match in all categories.');
    expect(inAllCategories(3, 'product')).toBe('3 products match in all categories.');
  });
});
