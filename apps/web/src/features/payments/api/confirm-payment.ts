import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentResult } from '@toolsify/shared/payments';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * `POST /api/orders/:id/payment/confirm`: names the intent the card paid; the server asks the
 * gateway and marks the order paid only if it verifies.
 */
export function confirmPayment(orderId: number, paymentIntentId: string): Promise<PaymentResult> {
  return api<PaymentResult>(`/api/orders/${orderId}/payment/confirm`, { method: 'POST', body: { paymentIntentId } });
}

/**
 * Pays an order: `charge` takes the card through the gateway (Stripe.js, or the sandbox) and
 * answers the intent id; the server then verifies it. The order lists refresh after success.
 */
export function usePayOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (charge: () => Promise<string>) => confirmPayment(orderId, await charge()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
