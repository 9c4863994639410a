import type { ReactNode } from 'react';
import type { Tool } from '@toolsify/shared/tools';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { messages } from '@toolsify/shared/messages';
import { lowestPriceLine } from '../../catalog/components/price-breaks.tsx';

/**
 * A tool as the purchase page and the tool's own page show it: image, name, SKU, per-unit
 * price, stock or 'Out of Stock', minimum, description, and what to do with it (`children`).
 */
export function ToolSummary({ tool, children }: { tool: Tool; children?: ReactNode }) {
  const outOfStock = tool.available === 0;
  return (
    <article className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm md:card-side" aria-labelledby="tool-name">
      <figure className="shrink-0 bg-base-200 md:w-2/5">
        <img src={tool.img} alt={tool.name} className="aspect-[4/3] w-full object-contain p-6 md:aspect-square" width={480} height={480} />
      </figure>
      <div className="card-body gap-3">
        <h1 id="tool-name" className="card-title min-w-0 text-2xl font-bold text-primary [overflow-wrap:anywhere] sm:text-3xl">
          {tool.name}
        </h1>
        <p className="flex-none text-2xl font-semibold">
          {formatCents(tool.priceCents)}
          <span className="ml-1 text-base font-normal text-base-content/70">per unit</span>
          {lowestPriceLine(tool) && <span className="block text-base font-medium text-base-content/80">{lowestPriceLine(tool)}</span>}
        </p>
        <dl className="grid gap-1 text-base">
          <div className="flex gap-1">
            <dt className="text-base-content/70">SKU:</dt>
            <dd className="font-mono font-medium" data-testid="tool-sku">
              {tool.sku}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Stock</dt>
            <dd aria-live="polite" data-testid="tool-stock">
              {outOfStock ? (
                <span className="font-semibold text-error">{messages.outOfStock}</span>
              ) : (
                <span className="font-medium">{messages.availableQuantity(tool.available)}</span>
              )}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-base-content/70">Minimum order quantity:</dt>
            <dd className="font-medium">{tool.minimum} Pieces</dd>
          </div>
          {tool.packSize > 1 && (
            <div className="flex gap-1">
              <dt className="text-base-content/70">Sold in packs of:</dt>
              <dd className="font-medium">{formatCount(tool.packSize)} pieces</dd>
            </div>
          )}
          {tool.maxPerOrder !== null && (
            <div className="flex gap-1">
              <dt className="text-base-content/70">Most per order:</dt>
              <dd className="font-medium">{formatCount(tool.maxPerOrder)} pieces</dd>
            </div>
          )}
        </dl>
        <p className="flex-none whitespace-pre-line leading-relaxed text-base-content/80">{tool.description}</p>
        {children}
      </div>
    </article>
  );
}
