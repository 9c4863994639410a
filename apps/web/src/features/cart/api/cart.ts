import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mergeCartLines, type CartLine } from '@toolsify/shared/cart-lines';
import { queryKeys } from '../../../lib/query-keys.ts';
import { isSignedOut } from '../../../lib/api-client.ts';
import { EMPTY, getServerCart, putServerCart, readLocal, useCartSources, writeLocal } from './cart-store.ts';

/**
 * The cart, wherever it lives: a signed-in buyer's on the server (`GET`/`PUT /api/cart`, so it
 * follows them across devices), a visitor's in this browser (localStorage). When a visitor
 * logs in, their browser cart is merged into their server cart (quantities of the same tool
 * added) and emptied. Zod-free: the navigation bar shows the count on every page.
 */
export interface CartState {
  lines: CartLine[];
  /** Whether the lines are known yet (a signed-in buyer's come from the server). */
  ready: boolean;
  signedIn: boolean;
  /** Replaces the lines (the server's answer wins for a signed-in buyer). */
  save: (lines: CartLine[]) => Promise<void>;
  /** Adds lines (to a tool already there, its quantity is added); answers those that did not fit. */
  add: (lines: readonly CartLine[]) => Promise<CartLine[]>;
}

export function useCart(): CartState {
  const { signedIn, local, server } = useCartSources();
  const queryClient = useQueryClient();
  const lines = signedIn ? (server.data?.lines ?? EMPTY) : local;

  const save = useCallback(
    async (next: CartLine[]) => {
      if (!signedIn) {
        writeLocal(next);
        return;
      }
      const before = queryClient.getQueryData<{ lines: CartLine[] }>(queryKeys.cart);
      queryClient.setQueryData(queryKeys.cart, { lines: next });
      try {
        queryClient.setQueryData(queryKeys.cart, await putServerCart(next));
      } catch (error) {
        queryClient.setQueryData(queryKeys.cart, before);
        throw error;
      }
    },
    [signedIn, queryClient],
  );

  const add = useCallback(
    async (added: readonly CartLine[]) => {
      try {
        const current = signedIn
          ? (queryClient.getQueryData<{ lines: CartLine[] }>(queryKeys.cart)?.lines ?? (await getServerCart()).lines)
          : readLocal();
        const { lines: merged, left } = mergeCartLines(current, added);
        await save(merged);
        return left;
      } catch (error) {
        if (!signedIn || !isSignedOut(error)) throw error;
        // The session ended meanwhile (signed out in another tab, expired): what they were adding
        // goes into this browser's cart, which joins their cart when they log in again.
        const { lines: kept, left } = mergeCartLines(readLocal(), added);
        writeLocal(kept);
        return left;
      }
    },
    [signedIn, queryClient, save],
  );

  // A visitor who logs in keeps what they gathered: merged into their server cart, once.
  const serverLines = server.data?.lines;
  useEffect(() => {
    // Read afresh, not from this render: the bar has two cart links, and the first merge empties it.
    if (!signedIn || !serverLines || local.length === 0) return;
    const pending = readLocal();
    if (pending.length === 0) return;
    const { lines: merged } = mergeCartLines(serverLines, pending);
    writeLocal([]);
    void save(merged);
  }, [signedIn, serverLines, local, save]);

  return { lines, ready: !signedIn || server.isSuccess, signedIn, save, add };
}
