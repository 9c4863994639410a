import { useId, type FormEvent } from 'react';
import { orderStatusRules, orderStatuses, type OrderStatus } from '@toolsify/shared/orders';
import { isFiltered, orderSearchText, type OrderFilterParams } from '../utils/order-filters.ts';
import type { ApplyOrderFilters } from '../utils/use-order-filters.ts';
import { useTypedSearch } from '../../../lib/use-typed-search.ts';
import { ToolFilter } from './tool-filter.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { DayInput, withRangeEnd } from '../../../components/ui/day-input.tsx';

type Viewer = 'admin' | 'customer';

/** Each status as the viewer's list names it (the buyer's unpaid orders show Pay and Cancel, not a word). */
const statusLabel = (status: OrderStatus, viewer: Viewer) =>
  viewer === 'admin'
    ? status === 'paid'
      ? 'Pending (paid)'
      : (orderStatusRules[status].admin.label ?? status)
    : (orderStatusRules[status].customer.label ?? 'Unpaid');

/** What the search box finds, as its placeholder says it. */
const searchHint: Record<Viewer, string> = { admin: 'Order #, PO, buyer, tool, SKU', customer: 'Order #, PO, tool, SKU' };

/**
 * The search and filters of Manage All Orders and My Orders: the search box (it searches after a
 * pause in typing, keeping the focus), the status, the tool, the days an order was placed, Clear
 * filters and Export CSV (the orders the filters show, every page of them). The page's URL holds them.
 */
export function OrderFiltersBar({
  viewer,
  params,
  apply,
  onClear,
  exportUrlOf,
  anyStatusLabel = 'All but cancelled',
}: {
  viewer: Viewer;
  params: OrderFilterParams;
  apply: ApplyOrderFilters;
  onClear: () => void;
  /** The export's address for these filters. */
  exportUrlOf: (filters: OrderFilterParams) => string;
  /** The status choice that leaves the status unset. */
  anyStatusLabel?: string;
}) {
  const id = useId();
  const { text, setText, words, submit } = useTypedSearch(params.q, (q, options) => apply({ q }, options), orderSearchText);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const filtered = isFiltered(params) || words !== '';

  return (
    <div className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <form role="search" aria-label="Search orders" onSubmit={onSubmit} className="flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search orders
        </label>
        <div className="input input-bordered flex w-full min-w-0 items-center gap-2">
          <Icon name="search" className="h-5 w-5 shrink-0 text-base-content/50" />
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            placeholder={searchHint[viewer]}
            autoComplete="off"
            enterKeyHint="search"
            className="min-w-0 grow"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <label className="col-span-2 flex flex-col gap-1 text-sm sm:col-span-1">
          <span className="font-medium">Status</span>
          <select
            className="select select-bordered select-sm w-full"
            value={params.status ?? ''}
            onChange={(event) => apply({ status: (event.target.value || undefined) as OrderStatus | undefined })}
          >
            <option value="">{anyStatusLabel}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status, viewer)}
              </option>
            ))}
          </select>
        </label>
        <div className="col-span-2 sm:col-span-1">
          <ToolFilter toolId={params.toolId} onChange={(toolId) => apply({ toolId })} />
        </div>
        <label className="flex min-w-0 flex-col gap-1 text-sm" htmlFor={`${id}-from`}>
          <span className="font-medium">Placed from</span>
          <DayInput
            id={`${id}-from`}
            className="input input-bordered input-sm w-full"
            day={params.from}
            min="1970-01-01"
            onDay={(from) => apply(withRangeEnd(params, 'from', from))}
          />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm" htmlFor={`${id}-to`}>
          <span className="font-medium">Placed to</span>
          <DayInput
            id={`${id}-to`}
            className="input input-bordered input-sm w-full"
            day={params.to}
            min="1970-01-01"
            onDay={(to) => apply(withRangeEnd(params, 'to', to))}
          />
        </label>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-base-content/60">Days are in UTC; both days count.</p>
        <div className="flex flex-wrap items-center gap-2">
          {filtered && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setText('');
                onClear();
              }}
            >
              Clear filters
            </button>
          )}
          <a href={exportUrlOf({ ...params, q: words })} download className="btn btn-outline btn-sm" data-testid="export-csv">
            <Icon name="download" className="h-4 w-4" />
            Export CSV
          </a>
        </div>
      </div>
    </div>
  );
}
