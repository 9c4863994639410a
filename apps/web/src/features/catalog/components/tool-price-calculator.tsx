import { useState } from 'react';
import { Link } from 'wouter';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { checkQuantity } from '@toolsify/shared/orders';
import { largestOrderable, lineCostCents, unitPriceFor } from '@toolsify/shared/pricing';
import type { Tool } from '@toolsify/shared/tools';
import { hasNoPrice, toolHasNoPriceMessage } from '@toolsify/shared/payments';
import { QuantityStepper } from '../../orders/components/quantity-stepper.tsx';
import { PriceNudge, PriceTable, quantityHint } from './price-breaks.tsx';
import { AddToCartButton } from '../../cart/components/add-to-cart-button.tsx';

/**
 * The tool page's price check: a quantity (by packs), the volume price table with the row it
 * falls in, the unit price and total, the next break when near, and Purchase with that
 * quantity. Anyone may use it; the purchase page starts from the quantity chosen here.
 */
export function ToolPriceCalculator({ tool }: { tool: Tool }) {
  const [text, setText] = useState(String(tool.minimum));
  const quantity = text.trim() === '' ? Number.NaN : Number(text);
  const problem = Number.isNaN(quantity) ? 'Enter a quantity' : checkQuantity(quantity, tool)?.message;
  const largest = largestOrderable(tool);
  // Nothing to add to a cart: none in stock, none orderable, or no price yet (a card payment of nothing cannot be taken).
  if (tool.available === 0 || largest === 0 || hasNoPrice(tool)) {
    return (
      <div className="flex flex-col gap-4">
        <PriceTable tool={tool} />
        {hasNoPrice(tool) && tool.available > 0 && (
          <p className="font-semibold text-error" data-testid="no-price">
            {toolHasNoPriceMessage}
          </p>
        )}
        <Link href={`/purchase/${tool.id}`} className="btn btn-primary w-full sm:btn-wide" aria-label={`Purchase ${tool.name}`}>
          Purchase
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <QuantityStepper
        id="tool-quantity"
        label="Quantity"
        error={problem}
        hint={quantityHint(tool)}
        step={tool.packSize}
        min={tool.minimum}
        max={largest}
        quantity={quantity}
        onQuantity={(next) => setText(String(next))}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <PriceTable tool={tool} quantity={problem ? undefined : quantity} />
      {!problem && (
        <>
          <p className="text-base-content/80" aria-live="polite" data-testid="tool-total">
            {formatCount(quantity)} × {formatCents(unitPriceFor(tool, quantity))} ={' '}
            <strong className="text-lg text-base-content">{formatCents(lineCostCents(tool, quantity))}</strong>
          </p>
          <PriceNudge tool={tool} quantity={quantity} onChoose={(next) => setText(String(next))} />
        </>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link
          href={problem ? `/purchase/${tool.id}` : `/purchase/${tool.id}?quantity=${quantity}`}
          className="btn btn-primary sm:btn-wide"
          aria-label={`Purchase ${tool.name}`}
        >
          Purchase
        </Link>
        <AddToCartButton toolId={tool.id} quantity={quantity} rules={tool} disabled={Boolean(problem)} />
      </div>
    </div>
  );
}
