import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { orderFiltersFrom, orderFiltersSearchOf, type OrderFilterParams } from './order-filters.ts';

export type ApplyOrderFilters = (next: Partial<OrderFilterParams>, options?: { replace?: boolean }) => void;

/** The URL's keys the order filters own; a page's other keys ("Show cancelled") are kept as they are. */
const FILTER_KEYS = new Set(['q', 'status', 'toolId', 'from', 'to']);

/**
 * The search and filters of an orders list as its page's URL holds them (Back, reload and a
 * shared link show the same orders): the filters read, a change applied over them, and clearing them.
 */
export function useOrderFiltersInUrl(): { params: OrderFilterParams; apply: ApplyOrderFilters; clear: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = orderFiltersFrom(searchParams);
  const search = searchParams.toString();
  const apply = useCallback<ApplyOrderFilters>(
    (next, options = {}) => {
      const current = new URLSearchParams(search);
      const merged: OrderFilterParams = { ...orderFiltersFrom(current), ...next };
      // Read back through the URL's rules: days in the wrong order are swapped, as a link's would be.
      const url = new URLSearchParams(orderFiltersSearchOf(orderFiltersFrom(new URLSearchParams(orderFiltersSearchOf(merged)))));
      for (const [key, value] of current) if (!FILTER_KEYS.has(key)) url.append(key, value);
      setSearchParams(url.toString(), options);
    },
    [search, setSearchParams],
  );
  const clear = useCallback(() => apply({ q: '', status: undefined, toolId: undefined, from: undefined, to: undefined }), [apply]);
  return { params, apply, clear };
}
