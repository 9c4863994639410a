import { isFilterDay } from '@toolsify/shared/days';
import { orderedRange } from '../../../components/ui/day-input.tsx';
import { MAX_ORDER_SEARCH_LENGTH, orderStatuses, type OrderStatus } from '@toolsify/shared/orders';

/** What Manage All Orders shows, as its URL says it (`/dashboard/manage?q=acme&status=paid&from=2026-05-01`). */
export interface OrderFilterParams {
  /** An order number (#1042), or a part of a PO number, a buyer's email, name or company, or a tool's name or SKU. */
  q: string;
  /** Unset: every order but the cancelled ones. */
  status?: OrderStatus | undefined;
  toolId?: number | undefined;
  /** Placed on or after this day, on or before that one (YYYY-MM-DD, UTC). */
  from?: string | undefined;
  to?: string | undefined;
}

const MAX_ID = 2_147_483_647;

function toolIdOf(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

const dayOf = (raw: string | null): string | undefined => (raw !== null && isFilterDay(raw) ? raw : undefined);

/** Tabs, line breaks and other control characters: the API refuses a search holding one. */
function withoutControlCharacters(text: string): string {
  let out = '';
  for (const char of text) out += char.charCodeAt(0) < 0x20 || char === '\u007f' ? ' ' : char;
  return out;
}

/** The words of the search box as the API takes them: control characters made spaces, trimmed, at most 200 characters. */
export function orderSearchText(text: string): string {
  return withoutControlCharacters(text).trim().slice(0, MAX_ORDER_SEARCH_LENGTH).trim();
}

/**
 * The filters of a URL's query. A value the API would refuse (a hand-edited or old link) is
 * dropped, and days in the wrong order are swapped, so any link opens a working page.
 */
export function orderFiltersFrom(search: URLSearchParams): OrderFilterParams {
  const status = orderStatuses.find((s) => s === search.get('status'));
  const { from, to } = orderedRange(dayOf(search.get('from')), dayOf(search.get('to')));
  return { q: orderSearchText(search.get('q') ?? ''), status, toolId: toolIdOf(search.get('toolId')), from, to };
}

/** The query string of the filters: only those set, in a stable order (the page's URL, the API's and the export's). */
export function orderFiltersSearchOf(params: OrderFilterParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  if (params.toolId !== undefined) search.set('toolId', String(params.toolId));
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  return search.toString();
}

/** Whether any search or filter narrows the list (what "Clear filters" undoes). */
export function isFiltered(params: OrderFilterParams): boolean {
  return Boolean(params.q || params.status || params.toolId !== undefined || params.from || params.to);
}
