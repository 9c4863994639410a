import { publicPageHeads } from '@toolsify/shared/tool-page-head';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { searchWords, type ToolSort } from '@toolsify/shared/search';
import { CATALOG_SEARCH_ID, SearchInput } from '../../components/ui/search-input.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadMoreButton } from '../../components/ui/load-more-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { useTypedSearch } from '../../lib/use-typed-search.ts';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { useCatalog } from '../../features/catalog/api/get-catalog.ts';
import { CategorySelect } from '../../features/catalog/components/category-select.tsx';
import { inAllCategories } from '../../features/catalog/utils/in-all-categories.ts';
import { ProductCard } from '../../features/catalog/components/product-card.tsx';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button.tsx';
import {
  catalogParamsFrom,
  catalogSearchOf,
  dollarsToCentsOrUndefined,
  isFiltered,
  type CatalogParams,
} from '../../features/catalog/utils/catalog-params.ts';
import { formatCount } from '@toolsify/shared/money';
import { canBeOrdered } from '@toolsify/shared/orderable';

const sortLabels: Record<ToolSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
};

const centsToDollars = (cents: number | undefined) => (cents === undefined ? '' : String(cents / 100));

/**
 * `/tools`: the whole catalog, searchable and filterable. The URL holds the state (search
 * words, in stock, price range, sort), so Back, reload and a shared link show the same
 * result. Typing searches after a short pause (replacing the history entry, so Back does not
 * walk through every letter); a filter or sort change is a new entry.
 */
export default function ToolsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = catalogParamsFrom(searchParams);
  const catalog = useCatalog(params);
  usePageMeta({
    title: params.q
      ? `Search results for "${params.q}"`
      : params.category
        ? `${params.category} | ${publicPageHeads['/tools'].title}`
        : publicPageHeads['/tools'].title,
    description: publicPageHeads['/tools'].description,
  });

  const search = catalogSearchOf(params);
  const apply = useCallback(
    (next: Partial<CatalogParams>, options: { replace?: boolean } = {}) => {
      const merged: CatalogParams = { ...catalogParamsFrom(new URLSearchParams(search)), ...next };
      // Best match means nothing without words: back to the default order.
      if (merged.sort === 'relevance' && !merged.q) merged.sort = undefined;
      setSearchParams(catalogSearchOf(merged), options);
    },
    [search, setSearchParams],
  );

  const cards = useRef<HTMLUListElement>(null);
  // The button goes with the filters: the keyboard goes on from the search box, not from the page's top.
  const clearFilters = () => {
    setSearchParams('');
    document.getElementById(CATALOG_SEARCH_ID)?.focus();
  };

  const first = catalog.data?.pages[0];
  const total = first?.total;
  const items = catalog.data?.pages.flatMap((page) => page.items) ?? [];
  const searched = hasSearchWords(params);
  const updating = catalog.isPlaceholderData || (catalog.isFetching && !catalog.isFetchingNextPage && catalog.isPending);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <header className="mb-6 flex flex-col gap-1">
        {/* A long search (up to 200 characters) stays two lines, not the phone's whole first screen. */}
        <h1 className="line-clamp-2 text-3xl font-bold tracking-tight break-words text-primary sm:text-4xl" title={params.q || undefined}>
          {searched ? `Results for "${params.q}"${params.category ? ` in ${params.category}` : ''}` : (params.category ?? 'All tools')}
        </h1>
        <p className="text-base-content/70">Search by name, SKU or description. Prices are per unit, sold by minimum order quantity.</p>
        {params.q && !searched && (
          <p role="status" className="alert alert-info alert-soft mt-2 text-sm break-words" data-testid="nothing-to-search">
            "{params.q}" has no letters or digits to search for: every tool is listed.
          </p>
        )}
      </header>

      <CatalogControls params={params} apply={apply} />

      <section aria-labelledby="results-heading" className="mt-6">
        <div className="mb-4 flex min-h-8 items-center justify-between gap-3">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <p aria-live="polite" aria-atomic="true" className="text-sm text-base-content/70" data-testid="result-count">
            {total === undefined ? '' : resultCount(total, Boolean(first?.totalIsLowerBound), items.length)}
          </p>
          {isFiltered(params) && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={clearFilters}>
              <Icon name="close" className="h-4 w-4" />
              Clear filters
            </button>
          )}
        </div>

        {catalog.isError && !catalog.data ? (
          <RetryAlert
            title="We could not load the tools."
            error={catalog.error}
            retrying={catalog.isFetching}
            onRetry={() => void catalog.refetch()}
          />
        ) : catalog.isPending ? (
          <Spinner label="Loading the tools" />
        ) : items.length === 0 ? (
          <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center">
            <Icon name="search" className="h-10 w-10 text-base-content/40" />
            <p className="text-lg font-semibold">No tools match {params.q ? `"${params.q}"` : 'these filters'}</p>
            {first?.suggestion && (
              <p className="text-base" data-testid="did-you-mean">
                Did you mean{' '}
                <Link
                  href={`/tools?${catalogSearchOf({ ...params, q: first.suggestion, ...(first.suggestionInAllCategories ? { category: undefined } : {}) })}`}
                  className="link font-semibold link-primary"
                >
                  {first.suggestion}
                </Link>
                {first.suggestionInAllCategories && ' in all categories'}?
              </p>
            )}
            {first?.inAllCategories !== undefined && params.category !== undefined ? (
              <p className="text-base" data-testid="in-all-categories">
                {inAllCategories(first.inAllCategories)}{' '}
                <Link href={`/tools?${catalogSearchOf({ ...params, category: undefined })}`} className="link font-semibold link-primary">
                  Search all categories
                </Link>
              </p>
            ) : (
              <p className="text-sm text-base-content/70">
                {hasSearchWords(params)
                  ? 'Check the spelling, use fewer or shorter words (a part of a SKU works too), or widen the price range.'
                  : 'Widen the price range, show the tools out of stock too, or choose another category.'}
              </p>
            )}
            {isFiltered(params) && (
              <button type="button" className="btn btn-primary btn-sm" onClick={clearFilters}>
                Clear filters
              </button>
            )}
          </div>
        ) : (
          <div className={`flex flex-col gap-8 transition-opacity ${updating ? 'opacity-60' : ''}`} aria-busy={updating}>
            <ul ref={cards} className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Tools">
              {items.map((tool, index) => (
                <li key={tool.id}>
                  <ProductCard
                    tool={tool}
                    eager={index < 3}
                    // The minimum order, straight into the cart: a bulk buyer fills a cart from the catalog.
                    action={
                      canBeOrdered(tool) ? (
                        <AddToCartButton
                          toolId={tool.id}
                          quantity={tool.minimum}
                          rules={tool}
                          className="btn-block"
                          label={`Add to cart: ${formatCount(tool.minimum)} of ${tool.name}`}
                        />
                      ) : undefined
                    }
                  />
                </li>
              ))}
            </ul>
            {catalog.isFetchNextPageError && (
              <div role="alert" className="alert alert-error alert-soft">
                <span>Could not load more tools: {catalog.error?.message}</span>
              </div>
            )}
            <LoadMoreButton list={catalog} label="Load more tools" items={cards} />
          </div>
        )}
      </section>
    </div>
  );
}

function resultCount(total: number, atLeast: boolean, shown: number): string {
  if (total === 0) return 'No tools found';
  const count = `${formatCount(total)}${atLeast ? '+' : ''} ${total === 1 && !atLeast ? 'tool' : 'tools'}`;
  return shown < total || atLeast ? `Showing ${formatCount(shown)} of ${count}` : count;
}

/**
 * The search box, the in-stock switch, the price range (dollars) and the sort. The search box
 * keeps its own text while the visitor types, and follows the URL when it changes otherwise
 * (Back, a navbar search, Clear filters).
 */
type Apply = (next: Partial<CatalogParams>, options?: { replace?: boolean }) => void;

/** Whether the search holds words: punctuation alone ("%", "!!!") holds none, and the server lists the whole catalog. */
const hasSearchWords = (params: CatalogParams): boolean => searchWords(params.q ?? '').length > 0;

function CatalogControls({ params, apply }: { params: CatalogParams; apply: Apply }) {
  const { text, setText, submit } = useTypedSearch(params.q, (q, options) => apply({ q }, options));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <div className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <form role="search" aria-label="Search tools" onSubmit={onSubmit} className="flex gap-2">
        <label htmlFor={CATALOG_SEARCH_ID} className="sr-only">
          Search tools
        </label>
        <div className="input input-bordered flex w-full items-center gap-2">
          <Icon name="search" className="h-5 w-5 text-base-content/50" />
          <SearchInput
            id={CATALOG_SEARCH_ID}
            value={text}
            onChange={setText}
            placeholder="Search by name, SKU or description"
            className="grow"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <CategorySelect value={params.category} onChange={(category) => apply({ category })} />
        <label className="flex cursor-pointer items-center gap-2 py-2">
          <input
            type="checkbox"
            className="checkbox checkbox-primary checkbox-sm"
            checked={params.inStock}
            onChange={(event) => apply({ inStock: event.target.checked })}
          />
          <span>In stock only</span>
        </label>
        <PriceRange params={params} apply={apply} />
        <label className="flex w-full flex-col gap-1 text-sm sm:w-auto">
          <span className="font-medium">Sort by</span>
          <select
            className="select select-bordered select-sm w-full sm:w-48"
            value={params.sort ?? (hasSearchWords(params) ? 'relevance' : 'newest')}
            onChange={(event) => apply({ sort: event.target.value as ToolSort })}
          >
            {(Object.keys(sortLabels) as ToolSort[])
              .filter((sort) => sort !== 'relevance' || hasSearchWords(params))
              .map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                </option>
              ))}
          </select>
        </label>
      </div>
    </div>
  );
}

/**
 * Minimum and maximum unit price in dollars: applied on Enter, or when the focus leaves the two
 * boxes (not when it goes from one to the other: the range is typed as a whole). A range whose
 * minimum is above its maximum is named and not applied.
 */
function PriceRange({ params, apply }: { params: CatalogParams; apply: Apply }) {
  const id = useId();
  const [min, setMin] = useState(centsToDollars(params.minPrice));
  const [max, setMax] = useState(centsToDollars(params.maxPrice));
  const [shown, setShown] = useState({ min: params.minPrice, max: params.maxPrice });
  // The URL changed (Back, Clear filters, our own commit): show its range.
  if (shown.min !== params.minPrice || shown.max !== params.maxPrice) {
    setShown({ min: params.minPrice, max: params.maxPrice });
    setMin(centsToDollars(params.minPrice));
    setMax(centsToDollars(params.maxPrice));
  }
  const invalid = (raw: string) => raw.trim() !== '' && dollarsToCentsOrUndefined(raw) === undefined;
  const minPrice = dollarsToCentsOrUndefined(min);
  const maxPrice = dollarsToCentsOrUndefined(max);
  const inverted = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
  const problem =
    invalid(min) || invalid(max) ? 'Enter a price in dollars, like 25 or 12.50.' : inverted ? 'The minimum is above the maximum.' : null;
  const commit = () => {
    if (problem !== null) return;
    if (minPrice === params.minPrice && maxPrice === params.maxPrice) return;
    apply({ minPrice, maxPrice });
  };
  const field = (which: 'min' | 'max', value: string, set: (v: string) => void) => (
    <label className="flex flex-1 flex-col gap-1 text-sm sm:flex-none">
      <span className="font-medium">{which === 'min' ? 'Min price ($)' : 'Max price ($)'}</span>
      <input
        id={`${id}-${which}`}
        type="text"
        inputMode="decimal"
        className={`input input-bordered input-sm w-full sm:w-28 ${invalid(value) || inverted ? 'input-error' : ''}`}
        value={value}
        placeholder={which === 'min' ? '0' : 'Any'}
        aria-invalid={invalid(value) || inverted || undefined}
        aria-describedby={problem === null ? undefined : `${id}-price-error`}
        onChange={(event) => set(event.target.value)}
        onBlur={(event) => {
          if (!event.currentTarget.closest('fieldset')?.contains(event.relatedTarget)) commit();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </label>
  );
  return (
    // The whole width on a phone, as the search above it.
    <fieldset className="flex w-full flex-col gap-1 sm:w-auto">
      <legend className="sr-only">Price per unit</legend>
      <div className="flex items-end gap-2">
        {field('min', min, setMin)}
        <span className="pb-2 text-base-content/60" aria-hidden="true">
          to
        </span>
        {field('max', max, setMax)}
      </div>
      {problem !== null && (
        <p id={`${id}-price-error`} className="text-xs text-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
