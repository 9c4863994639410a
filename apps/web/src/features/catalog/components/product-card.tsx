import { Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { messages } from '@toolsify/shared/messages';
import { formatCents } from '@toolsify/shared/money';
import { canBeOrdered } from '@toolsify/shared/orderable';
import type { Tool } from '@toolsify/shared/tools';
import { lowestPriceLine } from '../utils/lowest-price-line.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

// Only the card of a tool that cannot be ordered needs it: its own small chunk, nothing added to
// the home page's.
const BackInStock = lazyPart(() => import('./back-in-stock.tsx'));

/**
 * The spec's product card: image, name, description, per-unit price, minimum order quantity,
 * the stock line (a red 'Out of Stock' at 0; with "Email me when it is back" while fewer pieces
 * than the minimum order are in stock) and a Purchase
 * button in both cases; with the tool's SKU, and its image and name linking to the tool's own page.
 * `action` goes beside Purchase (the catalog page's Add to cart; the home page has none, so its
 * first script carries no cart).
 */
export function ProductCard({ tool, eager = false, action }: { tool: Tool; eager?: boolean; action?: ReactNode }) {
  const outOfStock = tool.available === 0;
  const fromLine = lowestPriceLine(tool);
  const headingId = `tool-${tool.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="product-card"
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <figure className="aspect-[4/3] bg-base-200">
        {/* Out of the tab order: the name below is the same link, one stop for keyboards. */}
        <Link href={`/tools/${tool.id}`} tabIndex={-1} className="block h-full w-full">
          <img
            src={tool.img}
            alt={tool.name}
            width={320}
            height={240}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        </Link>
      </figure>
      <div className="card-body gap-3 p-5">
        <div>
          <h3 id={headingId} className="card-title text-lg leading-snug">
            <Link href={`/tools/${tool.id}`} className="hover:text-primary hover:underline">
              {tool.name}
            </Link>
          </h3>
          <p className="mt-1 font-mono text-xs text-base-content/70">
            <span className="sr-only">SKU </span>
            {tool.sku}
          </p>
        </div>
        <p className="line-clamp-3 grow-0 text-sm text-base-content/70">{tool.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-3 rounded-box bg-base-200 p-3 text-sm">
          <div>
            <dt className="text-base-content/70">Price per unit</dt>
            <dd className="text-lg font-bold text-primary">{formatCents(tool.priceCents)}</dd>
            {fromLine && (
              <dd className="text-xs font-medium text-base-content/80" data-testid="price-from">
                {fromLine}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-base-content/70">Minimum order</dt>
            <dd className="text-lg font-semibold">
              {tool.minimum} <span className="text-sm font-normal">Pieces</span>
            </dd>
          </div>
        </dl>
        {outOfStock ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="grow-0 self-start rounded-full bg-error/10 px-3 py-1 text-sm font-bold text-error" data-testid="stock">
              {messages.outOfStock}
            </p>
            <Suspense fallback={<span className="h-8" />}>
              <BackInStock tool={tool} variant="card" />
            </Suspense>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="grow-0 self-start rounded-full bg-success/10 px-3 py-1 text-sm font-semibold text-success" data-testid="stock">
              {messages.availableQuantity(tool.available)}
            </p>
            {!canBeOrdered(tool) && (
              <Suspense fallback={<span className="h-8" />}>
                <BackInStock tool={tool} variant="card" />
              </Suspense>
            )}
          </div>
        )}
        <div className={action ? 'grid grid-cols-2 gap-2' : ''}>
          <Link href={`/purchase/${tool.id}`} className="btn btn-primary btn-block" aria-label={`Purchase ${tool.name}`}>
            Purchase
          </Link>
          {action}
        </div>
      </div>
    </article>
  );
}
