import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '@toolsify/shared/cart-lines';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useMe } from '../../auth/api/get-me.ts';

/**
 * Where the cart lives: a signed-in buyer's on the server, a visitor's in this browser
 * (localStorage). The small part every page loads (the navigation bar's count); changing the
 * cart is in cart.ts.
 */
/** The most lines the browser's cart keeps (MAX_CART_LINES, without loading the shared module). */
const MAX_LINES = 100;
const LOCAL_KEY = 'toolsify.cart';
const CHANGED = 'toolsify:cart';

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger(line.toolId) &&
    line.toolId > 0 &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity > 0
  );
}

let cachedText: string | null = null;
let cachedLines: CartLine[] = [];

/** The browser's cart; anything unreadable in storage counts as empty. */
export function readLocal(): CartLine[] {
  let text: string | null = null;
  try {
    text = localStorage.getItem(LOCAL_KEY);
  } catch {
    return cachedLines;
  }
  if (text === cachedText) return cachedLines;
  cachedText = text;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    cachedLines = Array.isArray(parsed) ? parsed.filter(isLine).slice(0, MAX_LINES) : [];
  } catch {
    cachedLines = [];
  }
  return cachedLines;
}

export function writeLocal(lines: readonly CartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(LOCAL_KEY);
    else localStorage.setItem(LOCAL_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or disabled: the cart lives as long as the page does.
  }
  window.dispatchEvent(new Event(CHANGED));
}

export function subscribeLocal(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  // Another tab changed it.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export const EMPTY: CartLine[] = [];

/** A signed-in buyer's cart as the server keeps it: its lines and its version (when it was saved). */
export interface ServerCart {
  lines: CartLine[];
  version: string;
}

export function getServerCart(): Promise<ServerCart> {
  return api<ServerCart>('/api/cart');
}

/** Saves the lines over the cart of `version`: a 409 when it was changed since (another device or tab). */
export function putServerCart(lines: readonly CartLine[], version: string | undefined): Promise<ServerCart> {
  return api<ServerCart>('/api/cart', { method: 'PUT', body: version === undefined ? { lines } : { lines, version } });
}

/** Both places a cart lives: whether someone is signed in, the browser's lines, the server's query. */
export function useCartSources() {
  const signedIn = Boolean(useMe().data);
  const local = useSyncExternalStore(subscribeLocal, readLocal, () => EMPTY);
  // Read again whenever the tab comes back: another tab or device may have changed it meanwhile.
  const server = useQuery({
    queryKey: queryKeys.cart,
    queryFn: getServerCart,
    enabled: signedIn,
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });
  return { signedIn, local, server };
}

/** How many lines the cart has, for the navigation bar (a signed-in buyer's browser lines are about to join). */
export function useCartCount(): number {
  const { signedIn, local, server } = useCartSources();
  return signedIn ? (server.data?.lines.length ?? 0) + local.length : local.length;
}
