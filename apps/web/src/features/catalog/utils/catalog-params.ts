import { MAX_CARD_PAYMENT_CENTS as MAX_PRICE_CENTS } from '@toolsify/shared/money';
import { MAX_CATEGORY_LENGTH, MAX_SEARCH_LENGTH, toolSorts, type ToolSort } from '@toolsify/shared/search';

/** What the catalog page shows, as its URL says it (`/tools?q=drill&inStock=true&sort=price_asc`). */
export interface CatalogParams {
  q: string;
  inStock: boolean;
  /** Unit price bounds in cents. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Unset: the API's default (relevance with search words, newest without). */
  sort?: ToolSort | undefined;
  /** One category's tools (its name as stored); unset: every category. */
  category?: string | undefined;
}

const cents = (raw: string | null): number | undefined => {
  if (raw === null || !/^\d{1,12}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= MAX_PRICE_CENTS ? value : undefined;
};

/**
 * The catalog state of a URL's query. A value the API would refuse (a hand-edited or old link)
 * is dropped, so any link opens a working page rather than an error.
 */
export function catalogParamsFrom(search: URLSearchParams): CatalogParams {
  const q = (search.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const sortParam = search.get('sort');
  const sort = toolSorts.find((s) => s === sortParam);
  let minPrice = cents(search.get('minPrice'));
  let maxPrice = cents(search.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const category = (search.get('category') ?? '').trim();
  return {
    q,
    inStock: search.get('inStock') === 'true',
    minPrice,
    maxPrice,
    // Relevance needs words to rank by.
    sort: sort === 'relevance' && !q ? undefined : sort,
    ...(category !== '' && category.length <= MAX_CATEGORY_LENGTH ? { category } : {}),
  };
}

/** The query string of a catalog state: only what differs from the defaults, in a stable order. */
export function catalogSearchOf(params: CatalogParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  if (params.inStock) search.set('inStock', 'true');
  if (params.minPrice !== undefined) search.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined) search.set('maxPrice', String(params.maxPrice));
  if (params.sort) search.set('sort', params.sort);
  return search.toString();
}

/** Whether any search or filter narrows the catalog (what "Clear filters" undoes). */
export function isFiltered(params: CatalogParams): boolean {
  return Boolean(params.q) || Boolean(params.category) || params.inStock || params.minPrice !== undefined || params.maxPrice !== undefined;
}

/** Dollars as typed in a price box ("12", "12.5") to cents; undefined when empty or not a price. */
export function dollarsToCentsOrUndefined(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(text)) return undefined;
  const value = Math.round(Number(text) * 100);
  return value <= MAX_PRICE_CENTS ? value : undefined;
}
