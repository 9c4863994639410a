import type { PaymentGatewayName } from '@toolsify/shared/payments';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

/**
 * Every setting the server reads, validated once. `.env.example` lists each with its default.
 * A bad value stops start-up with a message naming the variable.
 */
/** Hours an unpaid order is kept before it is cancelled and its stock returned, unless configured. */
export const DEFAULT_UNPAID_ORDER_TTL_HOURS = 48;

export const configSchema = z
  .object({
    /** Production unless told otherwise: `npm run dev` sets development, the tests set test. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address buyers use; unset, the store's own on this machine (`http://localhost:<PORT>`). */
    PUBLIC_URL: z.url().optional(),
    /** URLs per sitemap file before /sitemap.xml becomes an index of files (the protocol allows 50,000). */
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(10).max(50_000).default(50_000),
    DATABASE_URL: z
      .string()
      .default('file:data/toolsify.db')
      .refine((v) => v.startsWith('file:') || isPostgresUrl(v) || v === ':memory:', {
        message: 'must be file:<path>, :memory: or postgres://...',
      }),
    /** PostgreSQL schema to use (tests give each run a fresh one). */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    SEED_DEMO: bool.default(true),
    BETTER_AUTH_SECRET: z.string().min(32).optional(),
    ADMIN_EMAILS: csv.default([]),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default('Toolsify <no-reply@toolsify.local>'),
    MAIL_OUTBOX_DIR: z.string().default('data/outbox'),
    /** Who is told of each paid order; empty: every admin. */
    ORDER_NOTIFY_EMAILS: csv.pipe(z.array(z.email())).default([]),
    /** How often each process looks for mail to send beyond the mail it wakes up for itself. */
    OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
    /** How long a worker holds a message it is sending; a worker that died holding one leaves it to be sent again after this. */
    OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    /** How long email may wait while requests keep a process busy (a flash sale); 0: never (docs/decisions/023). */
    OUTBOX_YIELD_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    UPLOAD_DIR: z.string().default('data/uploads'),
    WEB_DIST_DIR: z.string().optional(),
    PAYMENTS: z.enum(['sandbox', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Only for tests against a local stand-in: e.g. http://127.0.0.1:12111 */
    STRIPE_API_URL: z.url().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    TRAINING_SITE_URL: z.url().default('https://www.udemy.com/topic/power-tools/'),
    /** Unpaid orders older than this many hours are cancelled and their stock returned; 0: never. */
    UNPAID_ORDER_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 365)
      .default(DEFAULT_UNPAID_ORDER_TTL_HOURS),
    /** How often the admins are emailed of tools fallen to or under their low-stock threshold (minutes); 0: never. */
    LOW_STOCK_ALERT_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(15),
    /** How many unpaid orders one buyer may hold at once; 0: no cap (the benchmark's setting). */
    MAX_UNPAID_ORDERS_PER_BUYER: z.coerce.number().int().min(0).max(10_000).default(5),
    RATE_LIMIT: bool.default(true),
    /**
     * Where the routes' request limits are counted when several servers share the store: a
     * Redis server (redis:// or rediss://). Without it they are counted in PostgreSQL, or on
     * SQLite in the one server process.
     */
    REDIS_URL: z
      .url()
      .refine((v) => v.startsWith('redis://') || v.startsWith('rediss://'), { message: 'must be redis://... or rediss://...' })
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Which proxies may tell us the client address (X-Forwarded-For): false (none, the
     * default), a hop count (1 = the load balancer in front of us), or a comma-separated
     * list of proxy addresses/CIDRs. Plain `true` is refused: it would trust the leftmost
     * address, which any client can write, and let it dodge per-address limits.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx): false | number | string[] => {
        const value = v.trim();
        if (value === 'false' || value === '0' || value === '') return false;
        if (/^\d+$/.test(value)) return Number(value);
        const list = value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (value === 'true' || list.some((a) => !/^[\d.:a-fA-F/]+$/.test(a))) {
          ctx.addIssue({ code: 'custom', message: 'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses' });
          return z.NEVER;
        }
        return list;
      }),
  })
  .superRefine((c, ctx) => {
    const stripeKeys = [c.STRIPE_SECRET_KEY, c.STRIPE_PUBLISHABLE_KEY, c.STRIPE_WEBHOOK_SECRET];
    if (c.PAYMENTS === 'stripe' && stripeKeys.some((k) => !k)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      });
    }
    // Without it the embedded SQLite store generates one and keeps it beside the database
    // (lib/auth-secret.ts); servers sharing a PostgreSQL database must be given the same one.
    if (isPostgresUrl(c.DATABASE_URL) && !c.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'is required with PostgreSQL (32+ random characters, the same on every server)',
      });
    }
  });

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & {
  /** PUBLIC_URL as set, else `http://localhost:<PORT>`: the origin a browser on this machine sends. */
  PUBLIC_URL: string;
  /**
   * The origins whose forms are taken (the Origin check and better-auth's): PUBLIC_URL's; with no
   * PUBLIC_URL set, every loopback spelling of this machine's address on PORT (a local store is
   * opened at localhost or 127.0.0.1 alike); under `npm run dev`, Vite's dev server too.
   */
  trustedOrigins: readonly string[];
  /** The payment gateway in use: stripe when its keys are set, else the sandbox. */
  paymentGateway: PaymentGatewayName;
};

export class ConfigError extends Error {}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const stripeReady = Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && c.STRIPE_WEBHOOK_SECRET);
  const paymentGateway = c.PAYMENTS ?? (stripeReady ? 'stripe' : 'sandbox');
  // The embedded store (`npm start` on a fresh clone) runs the sandbox, which says it is in test
  // mode on every payment page; a PostgreSQL deployment must choose its payments on purpose.
  if (c.NODE_ENV === 'production' && isPostgresUrl(c.DATABASE_URL) && paymentGateway === 'sandbox' && c.PAYMENTS !== 'sandbox') {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS: a PostgreSQL deployment without Stripe keys would take no real payments; set the STRIPE_* keys, or PAYMENTS=sandbox on purpose',
    );
  }
  // A store started on another port (`PORT=8080 npm start`) is opened there: its own address
  // is the one its links name and the one its forms are taken from.
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  const origins = new Set([new URL(publicUrl).origin]);
  if (c.PUBLIC_URL === undefined) for (const host of ['127.0.0.1', '[::1]']) origins.add(new URL(`http://${host}:${c.PORT}`).origin);
  if (c.NODE_ENV === 'development') origins.add('http://localhost:5173').add('http://127.0.0.1:5173');
  return { ...c, PUBLIC_URL: publicUrl, trustedOrigins: [...origins], paymentGateway };
}

/** A config for tests: in-memory SQLite, no seed, quiet logs, no low-stock emails. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: ':memory:',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    // No check at start-up to race a test's statements; low-stock.test.ts turns it on.
    LOW_STOCK_ALERT_MINUTES: '0',
    ...overrides,
  });
}
