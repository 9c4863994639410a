import { isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  claimLock,
  clearThrottle,
  clearThrottlesStartingWith,
  deleteExpiredThrottles,
  hitThrottle,
  lockedUntil,
  undoThrottleHit,
} from './auth-throttle.repository.ts';

const MINUTE = 60_000;

/**
 * Failed sign-ins for one account from one client address (the pair): the first `free - 1` go
 * straight through; from the `free`-th on, each attempt waits for the one before it, longer
 * every time (`delayMs`): 1, 2, 4, 8, 16, 32, then 60 minutes. The count is forgotten a day after
 * the pair's first failure, or at once when it signs in. Counting the pair, not the account,
 * means a guesser elsewhere never locks the owner out.
 */
export const PAIR_LIMIT = {
  free: 5,
  memoryMs: 24 * 60 * MINUTE,
  delayMs: (count: number) => Math.min(2 ** Math.max(0, count - 5), 60) * MINUTE,
};
/**
 * At most this many failed sign-ins per client address, whatever the accounts, in the window:
 * one address trying many accounts. Above PAIR_LIMIT.free, so a pair's waits show first.
 */
export const SIGN_IN_LIMIT = { max: 20, windowMs: 15 * MINUTE };
/** At most this many reset or verification emails per address (the mailbox) in the window. */
export const MAIL_LIMIT = { max: 3, windowMs: 15 * MINUTE };
/** At most this many reset or verification requests per client address (any mailbox) in the window. */
export const MAIL_REQUESTS_PER_CLIENT = { max: 5, windowMs: 15 * MINUTE };

export type MailKind = 'reset' | 'verify';

export interface Refusal {
  retryAfterSeconds: number;
}

/** A sign-in let through: say how it ended, so only failures keep counting. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** Neither (the request was refused for another reason, or the server failed). */
  abandoned(): Promise<void>;
}

/**
 * A client address as one key: an IPv6 client usually holds a whole /64, so it counts as one
 * address; IPv4 and IPv4-mapped addresses count as themselves.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

function minutesUntil(resetAt: number, now: number): Refusal {
  return { retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
}

/** The start of the keys of an account's failed sign-ins (the count, the wait after them), the client's address to follow. */
function signInPrefixes(email: string): { pair: string; wait: string } {
  const account = email.trim().toLowerCase();
  return { pair: `sign-in:pair:${account}|`, wait: `sign-in:wait:${account}|` };
}

/**
 * Forgets an account's failed sign-ins from every address: its owner has just proved they hold
 * the mailbox by resetting the password, and the new password must work at once. A client's own
 * limit (every account it tried) stays.
 */
export async function forgetSignInFailures(db: Kysely<Database>, email: string): Promise<void> {
  const { pair, wait } = signInPrefixes(email);
  await clearThrottlesStartingWith(db, [pair, wait]);
}

/**
 * Failed-attempt limits kept in the database (migration 002), so every server process
 * sharing it enforces the same count. Disabled (every call lets through) when RATE_LIMIT is off.
 */
export class AuthThrottle {
  readonly #db: Kysely<Database>;
  readonly #enabled: boolean;
  readonly #now: () => number;

  constructor(db: Kysely<Database>, { enabled, now = Date.now }: { enabled: boolean; now?: () => number }) {
    this.#db = db;
    this.#enabled = enabled;
    this.#now = now;
  }

  /**
   * Counts the attempt before the password is checked (so concurrent guesses cannot slip past
   * the limits), and refuses it when the client address is over its limit, or when the
   * account-and-address pair must still wait after its last attempt (PAIR_LIMIT).
   */
  async beginSignIn(email: string, ip: string): Promise<SignInAttempt | Refusal> {
    const noop = async () => {};
    if (!this.#enabled) return { succeeded: noop, failed: noop, abandoned: noop };
    const now = this.#now();
    const address = addressKey(ip);
    const pairKey = `${signInPrefixes(email).pair}${address}`;
    const lockKey = `${signInPrefixes(email).wait}${address}`;
    const ipKey = `sign-in:ip:${address}`;
    const pair = await hitThrottle(this.#db, pairKey, PAIR_LIMIT.memoryMs, now);
    const client = await hitThrottle(this.#db, ipKey, SIGN_IN_LIMIT.windowMs, now);
    const undoBoth = async () => {
      await undoThrottleHit(this.#db, pairKey);
      await undoThrottleHit(this.#db, ipKey);
    };
    // A refused attempt is not a failed one: no count grows, no window moves.
    if (client.count > SIGN_IN_LIMIT.max) {
      await undoBoth();
      return minutesUntil(client.resetAt, now);
    }
    let claimed = false;
    if (pair.count >= PAIR_LIMIT.free) {
      claimed = await claimLock(this.#db, lockKey, now + PAIR_LIMIT.delayMs(pair.count), now);
      if (!claimed) {
        await undoBoth();
        return minutesUntil(await lockedUntil(this.#db, lockKey), now);
      }
    }
    return {
      succeeded: async () => {
        await clearThrottle(this.#db, pairKey);
        await clearThrottle(this.#db, lockKey);
        await undoThrottleHit(this.#db, ipKey);
      },
      failed: noop,
      abandoned: async () => {
        await undoBoth();
        if (claimed) await clearThrottle(this.#db, lockKey);
      },
    };
  }

  /**
   * Counts a request for a reset or verification email to `email` from `ip`; refuses past either
   * limit (the mailbox's, the client's). Counted here, before answering, because the request
   * itself runs after the answer (no better-auth 429 could reach the client).
   */
  async countMailRequest(kind: MailKind, email: string, ip: string): Promise<Refusal | null> {
    if (!this.#enabled) return null;
    const now = this.#now();
    const limits = [
      { key: `mail:${kind}:${email.trim().toLowerCase()}`, ...MAIL_LIMIT },
      { key: `mail:${kind}:ip:${addressKey(ip)}`, ...MAIL_REQUESTS_PER_CLIENT },
    ];
    const hits = [];
    for (const limit of limits) hits.push({ ...limit, ...(await hitThrottle(this.#db, limit.key, limit.windowMs, now)) });
    const over = hits.filter((hit) => hit.count > hit.max);
    if (over.length === 0) return null;
    for (const hit of hits) await undoThrottleHit(this.#db, hit.key);
    return minutesUntil(Math.max(...over.map((hit) => hit.resetAt)), now);
  }

  /** Housekeeping: forget windows that have ended. */
  async prune(): Promise<number> {
    return deleteExpiredThrottles(this.#db, this.#now());
  }
}

export function isRefusal(value: SignInAttempt | Refusal | null): value is Refusal {
  return value !== null && 'retryAfterSeconds' in value;
}
