import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-hot-toast';
import { formatCount } from '@toolsify/shared/money';
import { categoryField, type ToolCategories } from '@toolsify/shared/tools';
import { ApiError } from '../../../lib/api-client.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCategories } from '../../../features/catalog/api/get-catalog.ts';
import { useChangeCategory } from '../../../features/products/api/categories.ts';

type Category = ToolCategories['items'][number];

const productCount = (n: number) => (n === 1 ? '1 product' : `${formatCount(n)} products`);

/** A category's row while it is renamed: its new name, checked as the server checks it, saved on Enter. */
function RenameForm({ category, onDone }: { category: Category; onDone: (name: string) => void }) {
  const change = useChangeCategory();
  const oneAtATime = useOneAtATime();
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  // Opened by its row's Rename: the name is ready to be typed over.
  useEffect(() => input.current?.select(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryField.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the name.');
    if (parsed.data === null) return setError('Type the new name. To leave its products in no category, use Remove.');
    const to = parsed.data;
    // A double click on Save renames once (the second would find the category gone).
    oneAtATime(async () => {
      try {
        const done = await change.mutateAsync({ from: category.name, to });
        toast.success(
          done.name === category.name
            ? `${category.name} is unchanged.`
            : `${category.name} is now ${done.name ?? 'none'}: ${productCount(done.tools)}.`,
        );
        onDone(done.name ?? category.name);
      } catch (failure) {
        setError(failure instanceof ApiError ? (failure.fields.name ?? failure.message) : String(failure));
      }
    });
  };

  return (
    <form className="flex w-full flex-col gap-2" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="text-sm font-medium">
        New name for {category.name}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          className={`input input-bordered input-sm w-full sm:w-auto sm:flex-1 ${error ? 'input-error' : ''}`}
          value={name}
          autoComplete="off"
          ref={input}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => event.key === 'Escape' && onDone(category.name)}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending}>
          {change.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDone(category.name)}>
          Cancel
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="text-xs text-base-content/70">A name the store already has joins the two categories.</p>
      )}
    </form>
  );
}

/**
 * Categories (admin, /dashboard/products/categories): what buyers browse the catalog by, each
 * with its products. Rename one to correct it or to join it to another; remove one to leave its
 * products in none. Products get a category in Add a Product, Edit and the import.
 */
export default function CategoriesPage() {
  const categories = useCategories();
  const change = useChangeCategory();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  const items = categories.data?.items ?? [];
  // After a rename or its Cancel, the focus goes back to the category's Rename, under its new name
  // (the list is read again before the rename's success is told).
  const focusRename = useRef<string | null>(null);
  const renameButton = (name: string) => (button: HTMLButtonElement | null) => {
    if (button && focusRename.current === name) {
      button.focus();
      focusRename.current = null;
    }
  };

  const confirmRemove = () => {
    if (!removing) return;
    const category = removing;
    change.mutate(
      { from: category.name, to: null },
      {
        onSuccess: (done) => toast.success(`${category.name} is removed: ${productCount(done.tools)} in no category now.`),
        onError: (failure) => toast.error(`Could not remove ${category.name}: ${failure.message}`),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="categories-heading" className="text-2xl font-bold text-primary">
            Categories
          </h2>
          <p className="text-base-content/70">
            What buyers browse the catalog by. Rename one to correct it or to join it to another; remove one to leave its products in none.
          </p>
        </div>
        <Link href="/products" className="btn btn-outline btn-sm">
          Manage Products
        </Link>
      </header>

      {categories.isError && !categories.data ? (
        <RetryAlert
          title="We could not load the categories."
          error={categories.error}
          retrying={categories.isFetching}
          onRetry={() => void categories.refetch()}
        />
      ) : categories.isPending ? (
        <Spinner label="Loading the categories" />
      ) : items.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">
          No categories yet. Give a product one in{' '}
          <Link href="/add" className="link link-primary">
            Add a Product
          </Link>
          , in its Edit, or in an import.
        </p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label="Categories">
          {items.map((category) => (
            <li
              key={category.name}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="category-row"
            >
              {renaming === category.name ? (
                <RenameForm
                  category={category}
                  onDone={(name) => {
                    focusRename.current = name;
                    setRenaming(null);
                  }}
                />
              ) : (
                <>
                  <div className="min-w-0">
                    <p className="font-semibold [overflow-wrap:anywhere]">{category.name}</p>
                    <Link
                      href={`~/tools?category=${encodeURIComponent(category.name)}`}
                      className="link text-sm text-base-content/70"
                      aria-label={`${productCount(category.tools)} in ${category.name}, in the catalog`}
                    >
                      {productCount(category.tools)}
                    </Link>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setRenaming(category.name)}
                      aria-label={`Rename ${category.name}`}
                      ref={renameButton(category.name)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-error btn-outline"
                      onClick={() => setRemoving(category)}
                      aria-label={`Remove ${category.name}`}
                    >
                      Remove
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.name}?` : 'Remove'}
        confirmLabel="Remove category"
        busy={change.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing &&
          `${removing.tools === 1 ? 'Its product stays' : `Its ${productCount(removing.tools)} stay`} in the catalog, in no category. Buyers can no longer browse by it.`}
      </ConfirmDialog>
    </section>
  );
}
