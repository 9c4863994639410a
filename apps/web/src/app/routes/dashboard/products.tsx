import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import { MAX_SEARCH_LENGTH, type ManagedTool } from '@toolsify/shared/tools';
import { inAllCategories } from '../../../features/catalog/utils/in-all-categories.ts';
import { formatCount } from '@toolsify/shared/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminTools, type ProductsView } from '../../../features/products/api/get-admin-tools.ts';
import { useDeleteTool } from '../../../features/products/api/delete-tool.ts';
import { EditToolDialog } from '../../../features/products/components/edit-tool-dialog.tsx';
import { useUnpaidOrdersOf } from '../../../features/orders/api/get-all-orders.ts';
import { ProductsTable } from '../../../features/products/components/products-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import type { ApplySearch } from '../../../lib/use-typed-search.ts';
import { ListSearch } from '../../../components/ui/list-search.tsx';
import { CategorySelect } from '../../../features/catalog/components/category-select.tsx';

/** The two views of the list, as tabs. */
function ViewTabs({
  view,
  lowStockCount,
  onChange,
}: {
  view: ProductsView;
  lowStockCount: number | undefined;
  onChange: (next: ProductsView) => void;
}) {
  const tab = (value: ProductsView, label: string, badge?: number) => (
    <button
      type="button"
      aria-pressed={view === value}
      className={`btn btn-sm join-item gap-2 ${view === value ? 'btn-primary' : 'btn-outline border-base-300'}`}
      onClick={() => onChange(value)}
    >
      {label}
      {badge !== undefined && (
        <span className={`badge badge-sm ${view === value ? 'badge-secondary' : badge > 0 ? 'badge-warning' : 'badge-ghost'}`}>
          {badge}
          <span className="sr-only"> tools</span>
        </span>
      )}
    </button>
  );
  return (
    <div role="group" aria-label="Show" className="join">
      {tab('all', 'All products')}
      {tab('low', 'Low stock', lowStockCount)}
    </div>
  );
}

/**
 * Manage Products (admin): every live tool, with Edit and Delete; or the Low stock view
 * (`?view=low`): the tools at or under their low-stock alert, the emptiest first; or the
 * products a search finds (`?q=`, by name, SKU or description, best match first), of every
 * product whichever view was shown.
 */
export default function ManageProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const view: ProductsView = q === '' && searchParams.get('view') === 'low' ? 'low' : 'all';
  const category = searchParams.get('category') || undefined;
  const tools = useAdminTools(view, q, category);
  const remove = useDeleteTool();
  const [deleting, setDeleting] = useState<ManagedTool | null>(null);
  const [editing, setEditing] = useState<ManagedTool | null>(null);
  const items = tools.data?.pages.flatMap((p) => p.items) ?? [];
  const lowStockCount = tools.data?.pages.at(-1)?.lowStockCount;
  const firstPage = tools.data?.pages[0];
  const showView = (next: ProductsView) => {
    const params = new URLSearchParams(searchParams);
    params.delete('q');
    if (next === 'low') params.set('view', 'low');
    else params.delete('view');
    setSearchParams(params);
  };
  const showCategory = (next: string | undefined) => {
    const params = new URLSearchParams(searchParams);
    if (next === undefined) params.delete('category');
    else params.set('category', next);
    setSearchParams(params);
  };
  const search: ApplySearch = (words, { replace }) => {
    const params = new URLSearchParams(searchParams);
    params.delete('view');
    if (words === '') params.delete('q');
    else params.set('q', words);
    setSearchParams(params, { replace });
  };
  /** "Did you mean": its words, in every category when only there it finds something. */
  const followSuggestion = (words: string, everywhere: boolean) => {
    const params = new URLSearchParams(searchParams);
    params.delete('view');
    params.set('q', words);
    if (everywhere) params.delete('category');
    setSearchParams(params);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const tool = deleting;
    remove.mutate(tool, {
      onSuccess: () => {
        toast.success(messages.productDeleted(tool.name));
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(error.message);
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby="products-heading" className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="products-heading" className="text-2xl font-bold text-primary">
            Manage Products
          </h2>
          <p className="text-base-content/70">Edit prices and stock, or take a tool out of the catalog.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/products/categories" className="btn btn-outline btn-sm">
            Categories
          </Link>
          <Link href="/products/import" className="btn btn-outline btn-sm">
            Import / export CSV
          </Link>
          <Link href="/add" className="btn btn-primary btn-sm">
            Add a Product
          </Link>
        </div>
      </header>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <ViewTabs view={view} lowStockCount={lowStockCount} onChange={showView} />
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
          <CategorySelect value={category} onChange={showCategory} className="sm:w-44" labelHidden />
          <ListSearch q={q} onApply={search} label="Search products" placeholder="Search by name or SKU" maxLength={MAX_SEARCH_LENGTH} />
        </div>
      </div>
      <div className="-mt-3 flex flex-wrap items-center justify-between gap-3 empty:hidden">
        {/* None found: the empty state below says so. */}
        {q !== '' && firstPage?.total !== undefined && firstPage.total > 0 && (
          <p className="text-sm text-base-content/70" role="status">
            {firstPage.totalIsLowerBound ? `More than ${formatCount(firstPage.total)}` : formatCount(firstPage.total)}{' '}
            {firstPage.total === 1 && !firstPage.totalIsLowerBound ? 'product matches' : 'products match'} “{q}”
            {category !== undefined && ` in ${category}`}, best match first.
          </p>
        )}
        {view === 'low' && (
          <p className="text-sm text-base-content/70" id="low-stock-lead">
            Tools at or under their low-stock alert, the emptiest first. The admins are emailed when a tool falls this low.
          </p>
        )}
      </div>

      {tools.isPending ? (
        <Spinner label="Loading products" />
      ) : tools.isError ? (
        <div role="alert" className="alert alert-error">
          <span>We could not load the products. {tools.error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void tools.refetch()}>
            Retry
          </button>
        </div>
      ) : items.length === 0 && q !== '' ? (
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">
          <p>No product matches “{q}”. Try its SKU, or fewer words.</p>
          {firstPage?.suggestion && (
            <p className="mt-2 text-base-content" data-testid="did-you-mean">
              Did you mean{' '}
              <button
                type="button"
                className="link font-semibold link-primary"
                onClick={() => followSuggestion(firstPage.suggestion ?? '', firstPage.suggestionInAllCategories === true)}
              >
                {firstPage.suggestion}
              </button>
              {firstPage.suggestionInAllCategories && ' in all categories'}?
            </p>
          )}
          {firstPage?.inAllCategories !== undefined && category !== undefined && (
            <p className="mt-2 text-base-content" data-testid="in-all-categories">
              {inAllCategories(firstPage.inAllCategories, 'product')}{' '}
              <button type="button" className="link font-semibold link-primary" onClick={() => showCategory(undefined)}>
                Search all categories
              </button>
            </p>
          )}
          <button type="button" className="btn btn-sm btn-outline mt-3" onClick={() => search('', { replace: false })}>
            Clear search
          </button>
        </div>
      ) : items.length === 0 && view === 'low' ? (
        <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">
          No tool{category !== undefined && ` in ${category}`} is at or under its low-stock alert. Set an alert in a tool's Edit to see it
          here when it runs low.
        </p>
      ) : items.length === 0 && category !== undefined ? (
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">
          <p>No product is in {category}.</p>
          <button type="button" className="btn btn-sm btn-outline mt-3" onClick={() => showCategory(undefined)}>
            Show all categories
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">
          No products yet.{' '}
          <Link href="/add" className="link link-primary">
            Add the first one
          </Link>
          .
        </p>
      ) : (
        <>
          <ProductsTable tools={items} onEdit={setEditing} onDelete={setDeleting} />
          <LoadMoreButton list={tools} label="Load more" />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete'}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        It leaves the catalog at once and can no longer be ordered. Orders already placed keep its name and price.
        <UnpaidOrdersNote toolId={deleting?.id ?? null} />
      </ConfirmDialog>
      <EditToolDialog tool={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** In the delete dialog: the tool's unpaid orders, which deleting it cancels (each buyer is emailed). */
function UnpaidOrdersNote({ toolId }: { toolId: number | null }) {
  const unpaid = useUnpaidOrdersOf(toolId);
  if (!unpaid.data || unpaid.data.count === 0) return null;
  const { count, more } = unpaid.data;
  return (
    <span className="mt-2 block font-medium text-error" data-testid="delete-cancels-orders">
      {more ? `More than ${formatCount(count)} unpaid orders` : count === 1 ? '1 unpaid order' : `${formatCount(count)} unpaid orders`} of
      it will be cancelled, and their buyers emailed.
    </span>
  );
}
