import { Link, useParams } from 'wouter';
import type { StockEntry } from '@toolsify/shared/tools-bulk';
import { isRemovedUserEmail } from '@toolsify/shared/users';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useStockHistory } from '../../../features/products/api/tools-bulk.ts';
import { formatCount } from '@toolsify/shared/money';
import { dateTimeFormat as when } from '../../../lib/date-format.ts';

const kindLabels: Record<StockEntry['kind'], string> = {
  initial: 'Initial stock',
  restock: 'Restock',
  correction: 'Correction',
  order: 'Order placed',
  cancel: 'Order cancelled',
};

function Quantity({ value }: { value: number }) {
  return (
    <span className={`font-semibold tabular-nums ${value > 0 ? 'text-success' : value < 0 ? 'text-error' : ''}`}>
      {value > 0 ? '+' : value < 0 ? '−' : ''}
      {formatCount(Math.abs(value))}
    </span>
  );
}

function What({ entry }: { entry: StockEntry }) {
  return (
    <>
      {kindLabels[entry.kind]}
      {entry.orderId !== null && (
        <>
          {' '}
          <Link href={`/orders/${entry.orderId}`} className="link link-primary">
            #{entry.orderId}
          </Link>
        </>
      )}
      {entry.note && (
        <span className="block text-xs text-base-content/60">{entry.kind === 'order' ? `Now ${entry.note}` : entry.note}</span>
      )}
    </>
  );
}

/** Who made a change: an account's email, or the store itself (no account: an expiry, the demo's first stock). */
const who = ({ by }: StockEntry) => (by === null ? 'The store' : isRemovedUserEmail(by) ? '(removed account)' : by);

/** A tool's stock ledger (admin): what is in stock, what unpaid orders hold, and every change, newest first. */
export default function StockHistoryPage() {
  const id = Number(useParams<{ id: string }>().id);
  const history = useStockHistory(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const first = history.data?.pages[0];
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="stock-heading" className="flex flex-col gap-6">
      <header>
        <p className="text-sm">
          <Link href="/products" className="link">
            Manage Products
          </Link>{' '}
          <span aria-hidden="true">›</span>
        </p>
        <h2 id="stock-heading" className="text-2xl font-bold text-primary break-words">
          Stock history{first ? `: ${first.name}` : ''}
        </h2>
        {first && <p className="font-mono text-sm text-base-content/70">{first.sku}</p>}
      </header>

      {history.isPending ? (
        <Spinner label="Loading the stock history" />
      ) : history.isError ? (
        <RetryAlert
          title="We could not load the stock history."
          error={history.error}
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <>
          <div className="stats stats-vertical w-full border border-base-300 bg-base-100 min-[480px]:stats-horizontal">
            <div className="stat px-4 py-3">
              <div className="stat-title">In stock</div>
              <div className="stat-value text-2xl tabular-nums">{first && formatCount(first.available)}</div>
              <div className="stat-desc">What buyers can order now</div>
            </div>
            <div className="stat px-4 py-3">
              <div className="stat-title">Held by unpaid orders</div>
              <div className="stat-value text-2xl tabular-nums">{first && formatCount(first.heldByUnpaid)}</div>
              <div className="stat-desc">
                {first?.unpaidOrders === 1 ? '1 order' : `${first ? formatCount(first.unpaidOrders) : ''} orders`}: back in stock if not
                paid
              </div>
            </div>
          </div>

          {entries.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">No stock change yet.</p>
          ) : (
            <>
              <ul className="flex flex-col gap-2 md:hidden" aria-label="Stock changes, newest first">
                {entries.map((entry, n) => (
                  <li key={n} className="flex items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium">
                        <What entry={entry} />
                      </p>
                      <p className="break-all text-base-content/70">{who(entry)}</p>
                      <p className="text-xs text-base-content/60">{when.format(new Date(entry.at))}</p>
                    </div>
                    <Quantity value={entry.quantity} />
                  </li>
                ))}
              </ul>
              <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
                <table className="table table-sm">
                  <caption className="sr-only">Stock changes, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">What</th>
                      <th scope="col">Who</th>
                      <th scope="col" className="text-right">
                        Pieces
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry, n) => (
                      <tr key={n}>
                        <td className="whitespace-nowrap">{when.format(new Date(entry.at))}</td>
                        <td>
                          <What entry={entry} />
                        </td>
                        <td className="break-all">{who(entry)}</td>
                        <td className="text-right">
                          <Quantity value={entry.quantity} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <LoadMoreButton list={history} label="Load more" />
            </>
          )}
        </>
      )}
    </section>
  );
}
