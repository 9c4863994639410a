import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type Order, type PlaceOrderBody } from '@toolsify/shared/orders';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface PlaceOrderVariables {
  input: PlaceOrderBody;
  /** One key per attempt: a retry of the same attempt sends the same key, so it orders once. */
  idempotencyKey: string;
}

/** `POST /api/orders` with an Idempotency-Key. */
export function placeOrder({ input, idempotencyKey }: PlaceOrderVariables): Promise<Order> {
  return api<Order>('/api/orders', { method: 'POST', body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** A failure whose outcome is unknown (no answer, or the server failed): safe to retry with the same key. */
export function isTransientError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // The same variables, so the same key: the server takes the stock at most once.
    retry: (failureCount, error) => failureCount < 2 && isTransientError(error),
    onSettled: async (_data, error) => {
      // Stock or a price moved (or we learnt it had): refetch the tools once, and the order lists.
      if (!error || (error instanceof ApiError && (error.code === 'OUT_OF_STOCK' || error.code === 'PRICE_CHANGED'))) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.tools }),
          queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        ]);
      }
    },
  });
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; fall back to random bytes). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
