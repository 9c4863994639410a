import { skipToken, useQuery } from '@tanstack/react-query';
import type { PaymentIntentResponse } from '@toolsify/shared/payments';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * `POST /api/orders/:id/payment-intent`: the order's open intent (the server reuses it, so
 * asking again is safe) with the amount the server computed from the order row.
 */
export function createPaymentIntent(orderId: number): Promise<PaymentIntentResponse> {
  return api<PaymentIntentResponse>(`/api/orders/${orderId}/payment-intent`, { method: 'POST' });
}

export function usePaymentIntent(orderId: number | null) {
  return useQuery({
    queryKey: queryKeys.paymentIntent(orderId ?? 0),
    // skipToken: no order, no query (typed, instead of `enabled` and a non-null assertion).
    queryFn: orderId === null ? skipToken : () => createPaymentIntent(orderId),
    // One intent per visit: never refetched behind the buyer's back while the page is open,
    // and forgotten when they leave (the order may be paid or cancelled by then).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
