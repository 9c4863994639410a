import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { hitThrottle } from '../modules/auth/auth-throttle.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the routes' request limits are counted: this process, PostgreSQL or Redis. */
    rateLimitStore: RateLimitStoreKind;
  }
}

export type RateLimitStoreKind = 'memory' | 'postgres' | 'redis';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store on PostgreSQL: one row per route and client in `auth_throttle`
 * (the table the sign-in throttle counts in, pruned of ended windows by the auth plugin), under
 * keys `route:<METHOD><url>:<client>`. A hit is one upsert (hitThrottle): servers sharing the
 * database share every count, and two of them can never both let the same request through.
 */
class PostgresRateLimitStore implements FastifyRateLimitStore {
  readonly #db: Kysely<Database>;
  readonly #prefix: string;

  constructor(db: Kysely<Database>, prefix = 'route:') {
    this.#db = db;
    this.#prefix = prefix;
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    hitThrottle(this.#db, `${this.#prefix}${key}`, timeWindow, now).then(
      ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
    const method = Array.isArray(routeOptions.method) ? routeOptions.method.join(',') : routeOptions.method;
    return new PostgresRateLimitStore(this.#db, `route:${method}${routeOptions.url}:`);
  }
}

/**
 * The routes' request limits (orders, contact, payments, quick order, reviews: each route's
 * `config.rateLimit`) counted where every server behind a load balancer sees the same count:
 * in Redis when REDIS_URL is set (the plugin's own Redis store, through ioredis), else in
 * PostgreSQL when the store runs on it, else in this process (SQLite is one process).
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const options: RateLimitPluginOptions = { global: false, enableDraftSpec: true };
    let kind: RateLimitStoreKind = 'memory';
    if (config.REDIS_URL) {
      const { Redis } = await import('ioredis');
      // Commands fail at once while Redis is away (no queue); the request then goes through
      // unlimited rather than waiting or failing (skipOnError), and the failure is logged.
      const redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limits: Redis is not answering'));
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
      // Wait for the connection, so the first requests are counted too.
      await new Promise<void>((resolve) => {
        if (redis.status === 'ready') resolve();
        redis.once('ready', () => resolve());
        redis.once('end', () => resolve());
        setTimeout(resolve, 2_000).unref();
      });
      Object.assign(options, { redis, nameSpace: `toolsify-rate-limit:${config.DATABASE_SCHEMA ?? 'public'}:`, skipOnError: true });
      kind = 'redis';
    } else if (app.dialect === 'postgres') {
      const db = app.db;
      options.store = class extends PostgresRateLimitStore {
        constructor() {
          super(db);
        }
      };
      kind = 'postgres';
    }
    await app.register(rateLimit, options);
    app.decorate('rateLimitStore', kind);
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
