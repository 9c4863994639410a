/** What a list's infinite query offers (TanStack Query's useInfiniteQuery result fits). */
export interface NextPageSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button under a paged list: shown while there is a next page, with a spinner (and
 * disabled) while it loads.
 */
export function LoadMoreButton({ list, label }: { list: NextPageSource; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <button type="button" className="btn btn-outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}
