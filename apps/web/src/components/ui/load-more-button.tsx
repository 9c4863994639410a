import type { RefObject } from 'react';
import { focusWhenDrawn } from '../../lib/focus.ts';

/** The controls Tab reaches: the first one of a new item is where the keyboard goes on. */
const TABBABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"])';

/** What a list's infinite query offers (TanStack Query's useInfiniteQuery result fits). */
export interface NextPageSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button under a paged list: shown while there is a next page, with a spinner while it
 * loads. It stays focusable meanwhile (aria-disabled, not disabled: a disabled button drops the
 * keyboard's focus to the page). Given the list (`items`, whose children are its items), the
 * focus then goes to the first new item, which Tab from this button, under the list, would skip.
 */
export function LoadMoreButton({ list, label, items }: { list: NextPageSource; label: string; items?: RefObject<HTMLElement | null> }) {
  if (!list.hasNextPage) return null;
  const load = async () => {
    if (list.isFetchingNextPage) return;
    const before = items?.current?.children.length;
    await list.fetchNextPage();
    if (items && before !== undefined) focusWhenDrawn(() => items.current?.children[before]?.querySelector<HTMLElement>(TABBABLE));
  };
  return (
    <div className="flex justify-center">
      <button
        type="button"
        className={`btn btn-outline ${list.isFetchingNextPage ? 'btn-disabled' : ''}`}
        onClick={() => void load()}
        aria-disabled={list.isFetchingNextPage || undefined}
      >
        {list.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}
