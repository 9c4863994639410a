import { Link, useParams } from 'wouter';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { usePaymentIntent } from '../../../features/payments/api/create-payment-intent.ts';
import { useOrderToPay } from '../../../features/payments/api/get-order-to-pay.ts';
import { PaymentOrderSummary } from '../../../features/payments/components/payment-order-summary.tsx';
import { PaymentPanel } from '../../../features/payments/components/payment-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function Notice({ tone, children, onRetry }: { tone: 'info' | 'error'; children: React.ReactNode; onRetry?: () => void }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`alert alert-soft ${tone === 'error' ? 'alert-error' : 'alert-info'} flex flex-col items-start gap-3 sm:flex-row sm:items-center`}
    >
      <div className="flex-1">{children}</div>
      <div className="flex gap-2">
        {onRetry && (
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            Retry
          </button>
        )}
        <Link href="~/dashboard/orders" className="btn btn-sm btn-ghost">
          My Orders
        </Link>
      </div>
    </div>
  );
}

/** /dashboard/payment/:id: the order (tool, quantity x unit price = total) and the card form. */
export default function PaymentPage() {
  const id = parseId(useParams<{ id: string }>().id);
  const me = useMe();
  const order = useOrderToPay(id);
  const payable = order.data?.status === 'unpaid';
  const intent = usePaymentIntent(payable ? id : null);

  let body: React.ReactNode;
  if (id === null || (order.error instanceof ApiError && order.error.status === 404)) {
    body = <Notice tone="error">This order was not found.</Notice>;
  } else if (order.isError) {
    body = (
      <Notice tone="error" onRetry={() => void order.refetch()}>
        Could not load this order: {order.error.message}
      </Notice>
    );
  } else if (order.isPending || me.isPending) {
    body = <Spinner label="Loading the order" />;
  } else {
    const o = order.data;
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <PaymentOrderSummary order={o} />
        </div>
        <div className="flex flex-col gap-4 lg:col-span-3">
          {o.status === 'cancelled' ? (
            <Notice tone="info">This order was cancelled, so there is nothing to pay.</Notice>
          ) : o.status !== 'unpaid' ? (
            <Notice tone="info">
              This order is already paid.
              {o.transactionId && (
                <>
                  {' '}
                  Transaction id: <span className="font-mono font-semibold break-all">{o.transactionId}</span>
                </>
              )}
            </Notice>
          ) : intent.isError ? (
            <Notice tone="error" onRetry={() => void intent.refetch()}>
              {intent.error.message}
            </Notice>
          ) : (
            <PaymentPanel
              orderId={o.id}
              totalCents={o.totalCents}
              intent={intent.data}
              billing={{ name: me.data?.name ?? o.buyerName, email: me.data?.email ?? o.buyer }}
            />
          )}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="payment-title" className="flex w-full max-w-5xl flex-col gap-6">
      <h2 id="payment-title" className="text-2xl font-bold text-primary">
        Payment
      </h2>
      {body}
    </section>
  );
}
