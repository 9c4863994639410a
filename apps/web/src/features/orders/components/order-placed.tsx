import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { formatCents, formatCount } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';
import { dateTimeFormat as timeFormat } from '../../../lib/date-format.ts';

/** "Order #N placed: X pieces of T, $total" */
export function orderPlacedLine(order: Order): string {
  const pieces = order.quantity === 1 ? '1 piece' : `${formatCount(order.quantity)} pieces`;
  return `Order #${order.id} placed: ${pieces} of ${order.tool}, ${formatCents(order.totalCents)}`;
}

/**
 * What happened after Place Order, beside the spec's toast (which goes) and the form's reset: the
 * order's number, pieces, tool and total, with Pay now and View my orders. Focus moves to it, so a
 * keyboard or screen-reader user lands on the result (a new order is a new panel: `key` it by id).
 */
export function OrderPlaced({ order }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="order-placed-title"
      className="card border border-success/40 bg-success/5 shadow-sm"
      data-testid="order-placed"
    >
      <div className="card-body gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <svg
            viewBox="0 0 24 24"
            className="mt-0.5 h-6 w-6 shrink-0 text-success"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M8 12.5l2.8 2.8L16.5 9.5" />
          </svg>
          <div className="min-w-0">
            <h2
              id="order-placed-title"
              ref={heading}
              tabIndex={-1}
              className="text-lg font-semibold [overflow-wrap:anywhere] focus:outline-none"
            >
              {orderPlacedLine(order)}
            </h2>
            <p className="text-sm text-base-content/70">
              {order.expiresAt
                ? `Pay by ${timeFormat.format(new Date(order.expiresAt))} to keep it: unpaid orders are cancelled and their stock released.`
                : 'It is waiting for your payment.'}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <Link href={`/dashboard/payment/${order.id}`} className="btn btn-primary">
            Pay now
          </Link>
          <Link href="/dashboard/orders" className="btn btn-outline">
            View my orders
          </Link>
        </div>
      </div>
    </section>
  );
}
