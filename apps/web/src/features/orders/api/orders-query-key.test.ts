import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@toolsify/shared/ids';
import type { Order } from '@toolsify/shared/orders';
import { queryKeys } from '../../../lib/query-keys.ts';
import { updateCachedOrderLists } from './orders-query-key.ts';

const order = (id: number, status: Order['status'] = 'unpaid') => ({ id, status }) as Order;
const pages = (...lists: Order[][]): InfiniteData<Page<Order>> => ({
  pages: lists.map((items) => ({ items, nextCursor: null })),
  pageParams: lists.map(() => undefined),
});

describe('updateCachedOrderLists', () => {
  it('changes every cached page of My Orders and Manage All Orders, and nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.myOrders, pages([order(1), order(2)], [order(3)]));
    client.setQueryData(queryKeys.allOrders, pages([order(2), order(9)]));
    client.setQueryData(queryKeys.newestTools(6), { items: [], nextCursor: null });
    const cancelled = (id: number) => (items: Order[]) => items.map((o) => (o.id === id ? { ...o, status: 'cancelled' as const } : o));

    updateCachedOrderLists(client, cancelled(2));

    const mine = client.getQueryData<InfiniteData<Page<Order>>>(queryKeys.myOrders);
    expect(mine?.pages.map((p) => p.items.map((o) => `${o.id}:${o.status}`))).toEqual([['1:unpaid', '2:cancelled'], ['3:unpaid']]);
    const all = client.getQueryData<InfiniteData<Page<Order>>>(queryKeys.allOrders);
    expect(all?.pages[0]?.items.map((o) => o.status)).toEqual(['cancelled', 'unpaid']);
    expect(client.getQueryData(queryKeys.newestTools(6))).toEqual({ items: [], nextCursor: null });
  });

  it('changes every search and filter of a list, telling `change` which list it is', () => {
    const client = new QueryClient();
    const filtered = [...queryKeys.allOrders, 'q=acme&status=unpaid'];
    const withCancelled = [...queryKeys.myOrders, 'with-cancelled'];
    client.setQueryData(filtered, pages([order(4), order(5)]));
    client.setQueryData(withCancelled, pages([order(4)]));
    const seen: unknown[] = [];

    updateCachedOrderLists(client, (items, queryKey) => {
      seen.push(queryKey);
      return items.filter((o) => o.id !== 4);
    });

    expect(client.getQueryData<InfiniteData<Page<Order>>>(filtered)?.pages[0]?.items.map((o) => o.id)).toEqual([5]);
    expect(client.getQueryData<InfiniteData<Page<Order>>>(withCancelled)?.pages[0]?.items).toEqual([]);
    expect(seen).toEqual(expect.arrayContaining([filtered, withCancelled]));
  });

  it('leaves a list that is not cached alone', () => {
    const client = new QueryClient();
    updateCachedOrderLists(client, (items) => items);
    expect(client.getQueryData(queryKeys.myOrders)).toBeUndefined();
  });
});
