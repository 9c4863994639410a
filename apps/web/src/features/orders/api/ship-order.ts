import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, ShipOrderBody } from '@toolsify/shared/orders';
import { api } from '../../../lib/api-client.ts';
import { updateCachedOrderLists } from './orders-query-key.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ShipOrderVariables {
  id: number;
  /** The carrier and tracking number, both optional. */
  shipment: ShipOrderBody;
}

/**
 * `POST /api/orders/:id/ship` (admin): a paid order becomes shipped, with its carrier and
 * tracking number if given; or (`correct`) `PUT /api/orders/:id/shipment`: a shipped order's
 * carrier and tracking number corrected, the buyer emailed the new ones.
 */
export function shipOrder({ id, shipment, correct = false }: ShipOrderVariables & { correct?: boolean }): Promise<Order> {
  return correct
    ? api<Order>(`/api/orders/${id}/shipment`, { method: 'PUT', body: shipment })
    : api<Order>(`/api/orders/${id}/ship`, { method: 'POST', body: shipment });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => {
      updateCachedOrderLists(queryClient, (items) => items.map((o) => (o.id === shipped.id ? shipped : o)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
