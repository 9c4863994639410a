import { formatCents, lineTotalCents } from '@toolsify/shared/money';

export interface PaymentOrderSummaryProps {
  order: { id: number; tool: string; quantity: number; unitPriceCents: number };
}

/** The order being paid: the tool, and quantity x unit price = total. */
export function PaymentOrderSummary({ order }: PaymentOrderSummaryProps) {
  const total = lineTotalCents(order.unitPriceCents, order.quantity);
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="payment-order-title">
      <div className="card-body gap-4">
        <div>
          <p className="text-sm font-medium text-base-content/60">Order #{order.id}</p>
          <h3 id="payment-order-title" className="card-title text-xl text-primary">
            {order.tool}
          </h3>
        </div>
        <dl className="grid gap-2 text-base">
          <div className="flex justify-between gap-4">
            <dt className="text-base-content/70">Quantity</dt>
            <dd className="font-medium">{order.quantity.toLocaleString('en-US')} pieces</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-base-content/70">Unit price</dt>
            <dd className="font-medium">{formatCents(order.unitPriceCents)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t border-base-300 pt-3">
            <dt className="font-semibold">Total</dt>
            <dd className="text-2xl font-bold" data-testid="payment-total">
              {formatCents(total)}
            </dd>
          </div>
        </dl>
        <p className="text-sm text-base-content/70" aria-hidden="true">
          {order.quantity.toLocaleString('en-US')} × {formatCents(order.unitPriceCents)} = {formatCents(total)}
        </p>
      </div>
    </section>
  );
}
