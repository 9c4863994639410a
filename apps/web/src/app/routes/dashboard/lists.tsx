import { useState } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-hot-toast';
import { useQuery } from '@tanstack/react-query';
import { formatCount } from '@toolsify/shared/money';
import type { SavedList } from '@toolsify/shared/lists';
import { useFillCart } from '../../../features/cart/api/order-again.ts';
import { goneToolName, lookupToolIds } from '../../../features/cart/api/lookup-tools.ts';
import { useDeleteList, useMyLists } from '../../../features/lists/api/lists.ts';
import { LoadError } from '../../../features/orders/components/load-error.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { dateFormat } from '../../../lib/date-format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A list's lines with today's tools (read when the list is opened): name and SKU, or that it is no longer sold. */
function ListLines({ list }: { list: SavedList }) {
  const ids = list.lines.map((line) => line.toolId);
  const tools = useQuery({ queryKey: [...queryKeys.tools, 'list', ids], queryFn: () => lookupToolIds(ids), staleTime: 30_000 });
  if (tools.isPending) return <Spinner label="Loading the list's tools" />;
  if (tools.isError) return <p className="text-sm text-error">Could not load the list's tools.</p>;
  return (
    <ul className="flex flex-col divide-y divide-base-300 text-sm">
      {list.lines.map((line) => {
        const tool = tools.data.live.get(line.toolId);
        return (
          <li key={line.toolId} className="flex justify-between gap-3 py-2">
            {tool ? (
              <span className="min-w-0">
                <Link href={`~/tools/${tool.id}`} className="font-medium hover:underline [overflow-wrap:anywhere]">
                  {tool.name}
                </Link>{' '}
                <span className="font-mono text-xs text-base-content/70">{tool.sku}</span>
              </span>
            ) : (
              <span className="min-w-0 text-base-content/70 [overflow-wrap:anywhere]">
                {tools.data.gone.has(line.toolId) ? `${goneToolName(tools.data, line.toolId)}: no longer sold` : 'No longer sold'} (left out
                when added)
              </span>
            )}
            <span className="shrink-0 tabular-nums">{formatCount(line.quantity)} pieces</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * My Lists: the buyer's saved lists (saved from the cart), each put back in the cart in one click
 * (its lines join the cart's; today's prices and rules apply there), shown line by line, or
 * deleted after a confirmation.
 */
export default function MyListsPage() {
  const lists = useMyLists();
  const fill = useFillCart();
  const remove = useDeleteList();
  const [deleting, setDeleting] = useState<SavedList | null>(null);
  const items = lists.data?.items ?? [];

  return (
    <section aria-labelledby="my-lists-title" className="flex flex-col gap-4">
      <div>
        <h2 id="my-lists-title" className="text-2xl font-bold text-primary">
          My Lists
        </h2>
        <p className="text-sm text-base-content/70">
          The tools you order again and again: save the cart as a list, put a list back in the cart.
        </p>
      </div>
      {lists.isPending ? (
        <Spinner label="Loading your lists" />
      ) : lists.isError ? (
        <LoadError message={`Could not load your lists: ${lists.error.message}`} onRetry={() => void lists.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="text-base-content/70">You have no lists yet. In the cart, Save list keeps its lines under a name.</p>
          <Link href="~/cart" className="btn btn-primary btn-sm mt-4">
            Go to the cart
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="My Lists">
          {items.map((list) => (
            <li key={list.id} className="card border border-base-300 bg-base-100 shadow-sm" data-testid={`list-${list.id}`}>
              <div className="card-body gap-3 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="text-lg font-semibold [overflow-wrap:anywhere]">{list.name}</h3>
                    <p className="text-sm text-base-content/70">
                      {list.lines.length === 1 ? '1 line' : `${formatCount(list.lines.length)} lines`} · saved{' '}
                      {dateFormat.format(new Date(list.updatedAt))}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      onClick={() => fill({ label: list.name, lines: list.lines })}
                      aria-label={`Add ${list.name} to the cart`}
                    >
                      Add to cart
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm text-error"
                      onClick={() => setDeleting(list)}
                      aria-label={`Delete ${list.name}`}
                    >
                      Delete
                    </button>
                  </div>
                </div>
                <details>
                  <summary className="cursor-pointer text-sm font-medium">Show the lines</summary>
                  <ListLines list={list} />
                </details>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete'}
        confirmLabel="Delete list"
        dismissLabel="Keep it"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(`${deleting.name} is deleted.`),
            onError: (error) => toast.error(`Could not delete ${deleting.name}: ${error.message}`),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        The list goes; the cart and your orders stay as they are.
      </ConfirmDialog>
    </section>
  );
}
