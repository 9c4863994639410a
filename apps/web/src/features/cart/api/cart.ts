import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_CART_LINES, mergeCartLines, type CartLine } from '@toolsify/shared/cart-lines';
import { toast } from 'react-hot-toast';
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
  /**
   * Adds lines (to a tool already there, its quantity is added), each at most up to `most` of its
   * tool in the cart as it is when saved; answers the lines as added (a line the cart already
   * holds the most of is left out) and those that did not fit (a cart holds MAX_CART_LINES).
   */
  add: (lines: readonly CartLine[], most?: (toolId: number) => number) => Promise<CartAdded>;
}

/** This page's merge of the browser's cart into the server's (every useCart shares it). */
let browserCartMerge: 'idle' | 'running' | 'failed' = 'idle';

/**
 * Makes a change on the cart as this page has it; when the cart changed elsewhere since (409,
 * and save has read it again), makes it again on the cart as it is now, up to 3 times.
 */
async function onTheCartAsItIs<T>(change: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await change();
    } catch (error) {
      if (attempt >= 3 || !isCartChanged(error)) throw error;
    }
  }
}

export interface CartAdded {
  added: CartLine[];
  left: CartLine[];
}

/** `added` as `cart` can take it: each line cut to what keeps its tool at or under `most`, none when the cart holds that already. */
function cappedTo(cart: readonly CartLine[], added: readonly CartLine[], most?: (toolId: number) => number): CartLine[] {
  if (!most) return [...added];
  return added.flatMap((line) => {
    const held = cart.find((l) => l.toolId === line.toolId)?.quantity ?? 0;
    const quantity = Math.min(line.quantity, most(line.toolId) - held);
    return quantity > 0 ? [{ toolId: line.toolId, quantity }] : [];
  });
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
    async (adding: readonly CartLine[], most?: (toolId: number) => number): Promise<CartAdded> => {
      try {
        // Added to the cart as it is (capped on it): when it changed elsewhere since this page read it, read it again and add once more.
        return await onTheCartAsItIs(async () => {
          const current = signedIn
            ? (queryClient.getQueryData<ServerCart>(queryKeys.cart)?.lines ?? (await getServerCart()).lines)
            : readLocal();
          const added = cappedTo(current, adding, most);
          const { lines: merged, left } = mergeCartLines(current, added);
          if (added.length > 0) await save(merged);
          return { added: added.filter((line) => !left.includes(line)), left };
        });
      } catch (error) {
        if (!signedIn || !isSignedOut(error)) throw error;
        // The session ended meanwhile (signed out in another tab, expired): what they were adding
        // goes into this browser's cart, which joins their cart when they log in again.
        const current = readLocal();
        const added = cappedTo(current, adding, most);
        const { lines: kept, left } = mergeCartLines(current, added);
        writeLocal(kept);
        return { added: added.filter((line) => !left.includes(line)), left };
      }
    },
    [signedIn, queryClient, save],
  );

  // A visitor who logs in keeps what they gathered: merged into their server cart, once. The
  // browser's cart is emptied only once the server holds the merge; a merge that failed
  // (offline) is tried again on the next page load or sign-in, not on every render. Each try
  // reads the browser's cart again: another tab may have merged it meanwhile.
  const serverLines = server.data?.lines;
  useEffect(() => {
    if (!signedIn) {
      browserCartMerge = 'idle';
      return;
    }
    // Read afresh, not from this render, and one merge at a time: the bar has two cart links.
    if (!serverLines || local.length === 0 || browserCartMerge !== 'idle' || readLocal().length === 0) return;
    browserCartMerge = 'running';
    onTheCartAsItIs(async () => {
      const pending = readLocal();
      if (pending.length === 0) return 0;
      const { lines: merged, left } = mergeCartLines(queryClient.getQueryData<ServerCart>(queryKeys.cart)?.lines ?? serverLines, pending);
      await save(merged);
      return left.length;
    }).then(
      (left) => {
        browserCartMerge = 'idle';
        writeLocal([]);
        if (left > 0)
          toast.error(
            `${left === 1 ? '1 line' : `${left} lines`} you gathered before logging in did not fit: a cart holds ${MAX_CART_LINES} lines.`,
            { id: 'cart-merge' },
          );
      },
      (error: unknown) => {
        browserCartMerge = 'failed';
        if (!isSignedOut(error))
          toast.error('The lines you gathered before logging in are not in your cart yet: reload the page to add them.', {
            id: 'cart-merge',
          });
      },
    );
  }, [signedIn, serverLines, local, save, queryClient]);

  return { lines, ready: !signedIn || server.isSuccess, signedIn, save, add };
}
