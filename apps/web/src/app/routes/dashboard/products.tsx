import { useState } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-hot-toast';
import { messages } from '@toolsify/shared/messages';
import type { Tool } from '@toolsify/shared/tools';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminTools } from '../../../features/products/api/get-admin-tools.ts';
import { useDeleteTool } from '../../../features/products/api/delete-tool.ts';
import { EditToolDialog } from '../../../features/products/components/edit-tool-dialog.tsx';
import { ProductsTable } from '../../../features/products/components/products-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';

/** Manage Products (admin): every live tool, with Edit and Delete. */
export default function ManageProductsPage() {
  const tools = useAdminTools();
  const remove = useDeleteTool();
  const [deleting, setDeleting] = useState<Tool | null>(null);
  const [editing, setEditing] = useState<Tool | null>(null);
  const items = tools.data?.pages.flatMap((p) => p.items) ?? [];

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
        <Link href="/add" className="btn btn-primary btn-sm">
          Add a Product
        </Link>
      </header>

      {tools.isPending ? (
        <Spinner label="Loading products" />
      ) : tools.isError ? (
        <div role="alert" className="alert alert-error">
          <span>We could not load the products. {tools.error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void tools.refetch()}>
            Retry
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
      </ConfirmDialog>
      <EditToolDialog tool={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
