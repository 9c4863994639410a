import { describe, expect, it } from 'vitest';
import { catalogParamsFrom, catalogSearchOf, dollarsToCentsOrUndefined, isFiltered } from './catalog-params.ts';

const from = (query: string) => catalogParamsFrom(new URLSearchParams(query));

describe('catalog URL state', () => {
  it('reads every parameter and writes them back in a stable order', () => {
    const params = from('sort=price_asc&inStock=true&q=drill&minPrice=1000&maxPrice=5000&category=Power%20tools');
    expect(params).toEqual({ q: 'drill', inStock: true, minPrice: 1000, maxPrice: 5000, sort: 'price_asc', category: 'Power tools' });
    expect(catalogSearchOf(params)).toBe('q=drill&category=Power+tools&inStock=true&minPrice=1000&maxPrice=5000&sort=price_asc');
    expect(isFiltered(params)).toBe(true);
    expect(isFiltered(from('category=Hand%20tools'))).toBe(true);
  });

  it('drops what the API would refuse, so an old or edited link still opens a page', () => {
    expect(from('sort=cheapest&inStock=yes&minPrice=-5&maxPrice=abc')).toEqual({
      q: '',
      inStock: false,
      minPrice: undefined,
      maxPrice: undefined,
      sort: undefined,
    });
    expect(from('sort=relevance').sort).toBeUndefined();
    expect(from('q=saw&sort=relevance').sort).toBe('relevance');
    expect(from('minPrice=900&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
    expect(from(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
    expect(from(`category=${'x'.repeat(41)}`).category).toBeUndefined();
    expect(from('category=%20%20').category).toBeUndefined();
    expect(catalogSearchOf(from(''))).toBe('');
    expect(isFiltered(from('sort=name'))).toBe(false);
  });

  it('reads a typed price in dollars as cents', () => {
    expect(dollarsToCentsOrUndefined('12')).toBe(1200);
    expect(dollarsToCentsOrUndefined(' 12.5 ')).toBe(1250);
    expect(dollarsToCentsOrUndefined('0.07')).toBe(7);
    expect(dollarsToCentsOrUndefined('')).toBeUndefined();
    expect(dollarsToCentsOrUndefined('-3')).toBeUndefined();
    expect(dollarsToCentsOrUndefined('1.234')).toBeUndefined();
    expect(dollarsToCentsOrUndefined('99999999')).toBeUndefined();
  });
});
