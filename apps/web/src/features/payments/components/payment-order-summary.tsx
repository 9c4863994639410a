import { formatCents, formatCount } from '@toolsify/shared/money';
import { poLabel, type Order } from '@toolsify/shared/orders';

export interface PaymentOrderSummaryProps {
  order: Pick<Order, 'id' | 'tool' | 'quantity' | 'unitPriceCents' | 'totalCents' | 'lines' | 'poNumber'>;
  /** Whether it says the order's number and PO: not on the order's own page, whose heading and details do. */
  numbered?: boolean;
}

/**
 * The order being paid: its tool (with its SKU) and quantity x unit price = total, or each line
 * of a larger order with its SKU, and the total.
 */
export function PaymentOrderSummary({ order, numbered = true }: PaymentOrderSummaryProps) {
  const total = order.totalCents;
  const single = order.unitPriceCents !== null && order.lines.length <= 1;
  const singleSku = single ? order.lines[0]?.sku : undefined;
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="payment-order-title">
      <div className="card-body gap-4">
        <div>
          {numbered && (
            <p className="text-sm font-medium text-base-content/60">
              Order #{order.id}
              {order.poNumber && <span> · {poLabel(order.poNumber)}</span>}
            </p>
          )}
          <h3 id="payment-order-title" className="card-title block text-xl text-primary [overflow-wrap:anywhere]">
            {order.tool}
          </h3>
          {singleSku && <p className="font-mono text-sm text-base-content/70">SKU {singleSku}</p>}
        </div>
        {single ? (
          <dl className="grid gap-2 text-base">
            <div className="flex justify-between gap-4">
              <dt className="text-base-content/70">Quantity</dt>
              <dd className="font-medium">{formatCount(order.quantity)} pieces</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-base-content/70">Unit price</dt>
              <dd className="font-medium">{formatCents(order.unitPriceCents ?? 0)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 border-t border-base-300 pt-3">
              <dt className="font-semibold">Total</dt>
              <dd className="text-2xl font-bold" data-testid="payment-total">
                {formatCents(total)}
              </dd>
            </div>
          </dl>
        ) : (
          <dl className="grid gap-2 text-base">
            {order.lines.map((line) => (
              <div key={line.toolId} className="flex justify-between gap-4">
                <dt className="min-w-0">
                  <span className="block font-medium [overflow-wrap:anywhere]">{line.tool}</span>
                  <span className="text-sm text-base-content/70">
                    <span className="font-mono">{line.sku}</span> · {formatCount(line.quantity)} × {formatCents(line.unitPriceCents)}
                  </span>
                </dt>
                <dd className="font-medium tabular-nums">{formatCents(line.totalCents)}</dd>
              </div>
            ))}
            <div className="flex items-baseline justify-between gap-4 border-t border-base-300 pt-3">
              <dt className="font-semibold">Total ({formatCount(order.quantity)} pieces)</dt>
              <dd className="text-2xl font-bold" data-testid="payment-total">
                {formatCents(total)}
              </dd>
            </div>
          </dl>
        )}
        {single && (
          <p className="text-sm text-base-content/70" aria-hidden="true">
            {formatCount(order.quantity)} × {formatCents(order.unitPriceCents ?? 0)} = {formatCents(total)}
          </p>
        )}
      </div>
    </section>
  );
}
