import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** Runs a call into better-auth (its handler, an `auth.api` endpoint) and answers what it answers. */
export type AuthCallScope = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * better-auth keeps the context of each of its calls in AsyncLocalStorage (the endpoint, the
 * request's state, the adapter's transaction). On Node 20 a storage that has run once turns on
 * an async hook that runs for every promise the process makes from then on, whoever makes it:
 * after the first sign-in, every order, search and page paid it (about a tenth of the server's
 * CPU in a profile of the flash sale; docs/performance.md).
 *
 * So better-auth's storages are on only while a call into better-auth runs: the scope counts
 * the calls in flight and, when the last one has settled, disables the storages (the hook goes
 * off with the last enabled storage in the process). The next call's `run` turns them on again.
 * Nothing of better-auth outlives its call here: its background tasks are awaited in the call
 * (no `advanced.backgroundTasks` handler is set), and a call that starts while another runs
 * keeps them on until both have settled.
 */
export async function authCallScope(): Promise<AuthCallScope> {
  return scopeOf(await betterAuthStorages());
}

/** better-auth's AsyncLocalStorage instances: the endpoint's, the request state's, the adapter transaction's. */
export function betterAuthStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  return Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
}

/** The scope over `storages` (exported for its test). */
export function scopeOf(storages: readonly Pick<AsyncLocalStorage<unknown>, 'disable'>[]): AuthCallScope {
  let running = 0;
  const off = () => {
    for (const storage of storages) storage.disable();
  };
  // Start-up may have run one already (better-auth's own set-up).
  off();
  return async (call) => {
    running += 1;
    try {
      return await call();
    } finally {
      running -= 1;
      if (running === 0) off();
    }
  };
}
