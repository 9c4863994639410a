import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { toast } from 'react-hot-toast';
import { isRefundable, orderStatusRules, trackingUrl } from '@toolsify/shared/orders';
import { formatCents } from '@toolsify/shared/money';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useOrderAgain } from '../../../features/cart/api/order-again.ts';
import { useOrderToPay } from '../../../features/payments/api/get-order-to-pay.ts';
import { PaymentOrderSummary } from '../../../features/payments/components/payment-order-summary.tsx';
import { LoadError } from '../../../features/orders/components/load-error.tsx';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog.tsx';
import { ShipOrderDialog } from '../../../features/orders/components/ship-order-dialog.tsx';
import { RefundOrderDialog } from '../../../features/orders/components/refund-order-dialog.tsx';
import { Expiry } from '../../../features/orders/components/order-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dateTimeFormat as dateFormat } from '../../../lib/date-format.ts';

const historyWords = { placed: 'Placed', paid: 'Paid', shipped: 'Shipped', cancelled: 'Cancelled' } as const;
const byWords = { buyer: 'by the buyer', admin: 'by the store', store: 'by the store' } as const;

const invoicePdfUrl = (orderId: number) => `/api/orders/${orderId}/invoice.pdf`;

/**
 * `?download=invoice` (the receipt email's invoice link): once the order is read, its invoice
 * PDF is downloaded, and the address loses the parameter, so Back or a reload does not download
 * it again. The email links here, not to the PDF, so that a buyer signed out in this browser
 * logs in first and comes back (the dashboard's way), where the PDF's address would answer 401.
 */
function useInvoiceDownload(order: { id: number; invoiceNumber: string | null } | undefined) {
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get('download') === 'invoice';
  const done = useRef(false);
  useEffect(() => {
    if (!asked || !order || done.current) return;
    done.current = true;
    navigate(location, { replace: true });
    if (order.invoiceNumber === null) {
      toast.error('This order has no invoice: an invoice is made when the order is paid.');
      return;
    }
    toast.success(`Downloading invoice ${order.invoiceNumber}.`);
    window.location.assign(invoicePdfUrl(order.id));
  }, [asked, order, location, navigate]);
}

/**
 * /dashboard/orders/:id: one order with every line, its PO number, where it goes, its status as
 * the viewer sees it (the shared status rule), its carrier and tracking number once shipped, the
 * time an unpaid one is cancelled by, Cancel and Shipment where the rule allows them, and, for
 * its buyer, Pay while unpaid and Order again.
 */
export default function OrderPage() {
  const raw = useParams<{ id: string }>().id ?? '';
  const id = /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const order = useOrderToPay(id);
  const me = useMe();
  const orderAgain = useOrderAgain();
  const [dialog, setDialog] = useState<'cancel' | 'ship' | 'correct' | 'refund' | null>(null);
  useInvoiceDownload(order.data);

  if (id === null || (order.error instanceof ApiError && order.error.status === 404)) {
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-1">
        <span>This order was not found.</span>
        {/* An emailed link opened in a browser signed in as someone else lands here. */}
        <span className="text-sm">
          You are signed in as <span className="font-medium [overflow-wrap:anywhere]">{me.data?.email}</span>. An order placed with another
          account opens once you sign in with that one; yours are in{' '}
          <Link href="~/dashboard/orders" className="link">
            My Orders
          </Link>
          .
        </span>
      </div>
    );
  }
  if (order.isError)
    return <LoadError message={`Could not load this order: ${order.error.message}`} onRetry={() => void order.refetch()} />;
  if (order.isPending || me.isPending) return <Spinner label="Loading the order" />;

  const o = order.data;
  const isBuyer = me.data?.email === o.buyer;
  const view = orderStatusRules[o.status][isBuyer ? 'customer' : 'admin'];
  const track = trackingUrl(o);
  const isAdmin = me.data?.role === 'admin';
  const refundPending = o.refund?.state === 'pending';

  return (
    <section aria-labelledby="order-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-title" className="text-2xl font-bold text-primary">
          Order #{o.id}
        </h2>
        <Link href={isBuyer ? '~/dashboard/orders' : '~/dashboard/manage'} className="btn btn-ghost btn-sm">
          {isBuyer ? 'My Orders' : 'Manage All Orders'}
        </Link>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <PaymentOrderSummary order={o} numbered={false} />
        </div>
        <div className="card grid gap-3 border border-base-300 bg-base-100 p-5 text-sm shadow-sm lg:col-span-2">
          <dl className="grid gap-3">
            <div>
              <dt className="text-base-content/70">Status</dt>
              <dd className="font-semibold">{view.label ?? 'Unpaid'}</dd>
              {view.showTransactionId && o.transactionId && (
                <dd className="text-xs text-base-content/70">
                  Transaction <span className="font-mono break-all text-base-content">{o.transactionId}</span>
                </dd>
              )}
              {o.expiresAt && (
                <dd className="mt-0.5">
                  <Expiry expiresAt={o.expiresAt} viewer={isBuyer ? 'customer' : 'admin'} />
                </dd>
              )}
            </div>
            {(o.carrier || o.trackingNumber) && (
              <div data-testid="order-shipment">
                <dt className="text-base-content/70">Shipment</dt>
                {o.carrier && <dd>{o.carrier}</dd>}
                {o.trackingNumber && (
                  <dd>
                    Tracking number <span className="font-mono font-medium break-all">{o.trackingNumber}</span>
                  </dd>
                )}
                {track && (
                  <dd>
                    <a href={track} target="_blank" rel="noopener noreferrer" className="link link-primary font-medium">
                      Track the parcel<span className="sr-only"> on the carrier's site (opens in a new tab)</span>
                    </a>
                  </dd>
                )}
              </div>
            )}
            <div>
              <dt className="text-base-content/70">Placed</dt>
              <dd>{dateFormat.format(new Date(o.createdAt))}</dd>
            </div>
            {o.invoiceNumber && (
              <div>
                <dt className="text-base-content/70">Invoice</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <span className="font-mono">{o.invoiceNumber}</span>
                  <a href={invoicePdfUrl(o.id)} download className="btn btn-outline btn-xs">
                    Download invoice
                  </a>
                </dd>
              </div>
            )}
            {o.refund && (
              <div data-testid="order-refund">
                <dt className="text-base-content/70">Refund</dt>
                {o.refund.refundedAt && (
                  <dd>
                    {formatCents(o.refund.amountCents)} refunded to the card on {dateFormat.format(new Date(o.refund.refundedAt))}
                    {o.refund.reference && (
                      <span className="block text-xs text-base-content/70">
                        Reference <span className="font-mono break-all text-base-content">{o.refund.reference}</span>
                      </span>
                    )}
                  </dd>
                )}
                {o.refund.creditNoteNumber && (
                  <dd className="mt-1 flex flex-wrap items-center gap-2">
                    Credit note <span className="font-mono">{o.refund.creditNoteNumber}</span>
                    <a href={`/api/orders/${o.id}/credit-note.pdf`} download className="btn btn-outline btn-xs">
                      Download credit note
                    </a>
                  </dd>
                )}
                {!o.refund.refundedAt && (
                  <dd>
                    {formatCents(o.refund.amountCents)} asked for on {dateFormat.format(new Date(o.refund.requestedAt))}, not yet confirmed
                    by the payment service
                    {isAdmin && (
                      <span className="block text-xs text-base-content/70">
                        It cannot ship meanwhile. The store asks again by itself every few minutes; Finish refund asks now.
                      </span>
                    )}
                  </dd>
                )}
              </div>
            )}
            {o.poNumber && (
              <div>
                <dt className="text-base-content/70">PO number</dt>
                <dd className="font-mono">{o.poNumber}</dd>
              </div>
            )}
            <div>
              <dt className="text-base-content/70">Buyer</dt>
              <dd>
                {o.buyerName} <span className="text-base-content/70">({o.buyer})</span>
              </dd>
              {o.buyerCompany && <dd data-testid="order-company">{o.buyerCompany}</dd>}
              {o.buyerTaxId && <dd className="text-base-content/80">Tax / VAT number: {o.buyerTaxId}</dd>}
            </div>
            <div>
              <dt className="text-base-content/70">Ship to</dt>
              <dd className="whitespace-pre-line">{o.address}</dd>
              <dd>{o.phone}</dd>
            </div>
            {o.history && o.history.length > 0 && (
              <div>
                <dt className="text-base-content/70">History</dt>
                <dd>
                  <ol className="mt-1 flex flex-col gap-1 border-l-2 border-base-300 pl-3" data-testid="order-history">
                    {o.history.map((event) => (
                      <li key={`${event.kind}-${event.at}`}>
                        <span className="font-medium">{historyWords[event.kind]}</span> {byWords[event.by]}
                        <span className="block text-xs text-base-content/70">
                          {dateFormat.format(new Date(event.at))}
                          {event.note && <span className="break-all"> · {event.note}</span>}
                        </span>
                      </li>
                    ))}
                  </ol>
                </dd>
              </div>
            )}
          </dl>
          {/* Paid and not shipped: the store can still change it, by hand. */}
          {isBuyer && o.status === 'paid' && !refundPending && (
            <p className="text-sm text-base-content/80" data-testid="order-change-note">
              To change or cancel this order before it ships,{' '}
              <Link href="~/#contact" className="link link-primary">
                contact us
              </Link>{' '}
              with its number, #{o.id}.
            </p>
          )}
          {/* Outside the list: a <dl> holds only its terms and their details (axe). */}
          {(isBuyer || view.actions.length > 0 || o.status === 'shipped') && (
            <div className="flex flex-wrap gap-2 pt-2">
              {isBuyer && o.status === 'unpaid' && (
                <Link href={`~/dashboard/payment/${o.id}`} className="btn btn-primary btn-sm">
                  Pay
                </Link>
              )}
              {view.actions.includes('ship') && !refundPending && (
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDialog('ship')}>
                  Shipment
                </button>
              )}
              {isAdmin && isRefundable(o) && (
                <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setDialog('refund')}>
                  {refundPending ? 'Finish refund' : 'Refund'}
                </button>
              )}
              {!isBuyer && o.status === 'shipped' && (
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('correct')}>
                  Correct shipment
                </button>
              )}
              {view.actions.includes('cancel') && (
                <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setDialog('cancel')}>
                  Cancel order
                </button>
              )}
              {isBuyer && (
                <button type="button" className="btn btn-outline btn-sm" onClick={() => orderAgain(o)}>
                  Order again
                </button>
              )}
            </div>
          )}
        </div>
      </div>
      <RefundOrderDialog order={dialog === 'refund' ? o : null} onClose={() => setDialog(null)} onDone={() => void order.refetch()} />
      <CancelOrderDialog order={dialog === 'cancel' ? o : null} onClose={() => setDialog(null)} onCancelled={() => void order.refetch()} />
      <ShipOrderDialog
        order={dialog === 'ship' || dialog === 'correct' ? o : null}
        correct={dialog === 'correct'}
        onClose={() => setDialog(null)}
        onShipped={() => void order.refetch()}
      />
    </section>
  );
}
