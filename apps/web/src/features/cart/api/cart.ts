import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mergeCartLines, type CartLine } from '@toolsify/shared/cart-lines';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ApiError, isSignedOut } from '../../../lib/api-client.ts';
import { EMPTY, getServerCart, putServerCart, readLocal, useCartSources, writeLocal, type ServerCart } from './cart-store.ts';

/** A save refused because the cart was changed on another device or in another tab since it was read. */
export const isCartChanged = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

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
      const before = queryClient.getQueryData<ServerCart>(queryKeys.cart);
      queryClient.setQueryData(queryKeys.cart, { lines: next, version: before?.version ?? '' });
      try {
        // Over the cart as this page read it: one changed since elsewhere is not overwritten (409).
        queryClient.setQueryData(queryKeys.cart, await putServerCart(next, before?.version));
      } catch (error) {
        // Changed elsewhere: shown as it is now, for the buyer to make their change on it.
        queryClient.setQueryData(queryKeys.cart, isCartChanged(error) ? await getServerCart().catch(() => before) : before);
        throw error;
      }
    },
    [signedIn, queryClient],
  );

  const add = useCallback(
    async (added: readonly CartLine[]) => {
      try {
        // Added to the cart as it is: when it changed elsewhere since this page read it, read it again and add once more.
        for (let attempt = 1; ; attempt++) {
          const current = signedIn
            ? (queryClient.getQueryData<ServerCart>(queryKeys.cart)?.lines ?? (await getServerCart()).lines)
            : readLocal();
          const { lines: merged, left } = mergeCartLines(current, added);
          try {
            await save(merged);
            return left;
          } catch (error) {
            if (attempt >= 3 || !isCartChanged(error)) throw error;
          }
        }
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
