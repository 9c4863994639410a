import { Icon } from '../../../components/ui/icon.tsx';
import type { OrderFilterParams } from '../utils/order-filters.ts';

/** What each list's search finds, for the advice under "No orders match". */
const advice = {
  admin:
    "Search for an order number (#1042), a PO number, a buyer's email or name, or a tool's name or SKU. A status, a tool or dates narrow it further; cancelled orders show only under the Cancelled status.",
  customer:
    "Search for an order number (#1042), a PO number, or a tool's name or SKU. A status, a tool or dates narrow it further; cancelled orders show with Show cancelled or under the Cancelled status.",
} as const;

/** Nothing matches the search or the filters of an orders list: what to try, and a way back to every order. */
export function OrdersNoMatch({
  viewer,
  params,
  onClear,
}: {
  viewer: keyof typeof advice;
  params: OrderFilterParams;
  onClear: () => void;
}) {
  return (
    <div
      className="mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-8 text-center"
      data-testid="orders-no-match"
    >
      <Icon name="search" className="h-10 w-10 text-base-content/40" />
      <p className="text-lg font-semibold [overflow-wrap:anywhere]">No orders match {params.q ? `“${params.q}”` : 'these filters'}</p>
      <p className="text-sm text-base-content/70">{advice[viewer]}</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
