import { betterAuth, getCurrentAdapter, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DialectName } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../mail/outbox.ts';
import { findSessionOwner, revokeResetTokens, type SessionOwner } from './auth.repository.ts';
import { forgetSignInFailures } from './auth-throttle.ts';
import { grantListedAdmins, isRemovedEmail } from '../users/users.repository.ts';

/** The header through which the Fastify mount hands better-auth the client address it trusts. */
export const CLIENT_IP_HEADER = 'x-toolsify-client-ip';

export interface AuthDeps {
  config: Config;
  /** Signs sessions and tokens: BETTER_AUTH_SECRET or the generated one (lib/auth-secret.ts). */
  secret: string;
  db: Kysely<Database>;
  dialect: DialectName;
  mailer: Mailer;
  /** better-auth's plugins (Google through genericOAuth when configured). */
  plugins?: BetterAuthOptions['plugins'];
  /** better-auth's own log lines go to the app's logger (never the console). */
  log?: FastifyBaseLogger;
}

/** Where a verification link lands: the dashboard says "verified" (or why not). */
export const VERIFIED_CALLBACK_PATH = '/dashboard?verified=1';
/** Where a reset link lands: the new-password page, with ?token= (or ?error=). */
export const RESET_PASSWORD_PAGE = '/reset-password';

/**
 * better-auth on the app's own database (DESIGN.md decision 5): cookie sessions, email and
 * password, verification on sign-up (not required to sign in), password reset, the admin role.
 */
export function buildAuthOptions({ config, secret, db, dialect, mailer, plugins = [], log }: AuthDeps) {
  const secure = config.PUBLIC_URL.startsWith('https://');

  /**
   * ADMIN_EMAILS grants admin only to a proved address (verified, or Google's), and never to an
   * address whose account was removed: whoever signs up with a listed address first gets
   * nothing until they prove they own it. The admin CLI grants deliberately.
   */
  const mayBecomeListedAdmin = async (email: string, verified: boolean) =>
    verified && config.ADMIN_EMAILS.includes(email.toLowerCase()) && !(await isRemovedEmail(db, email));

  return {
    appName: 'Toolsify',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [...config.trustedOrigins],
    // On PostgreSQL a sign-up (user, credential, session) is one transaction, so a server killed
    // half-way leaves nothing and another process can take the retry at once. On SQLite it is
    // not: the one connection would be held while the password is hashed, stalling every other
    // request; there a single process restarts after a kill, and interrupted-sign-up.ts clears
    // what the kill left before the buyer's retry arrives.
    database: { db, type: dialect, transaction: dialect === 'postgres' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Only the newest link works: issuing one revokes the user's earlier ones, and a reset
      // revokes them all. The email is written to the outbox; its worker sends it.
      async sendResetPassword({ user, url, token }) {
        await revokeResetTokens(db, user.id, token);
        await mailer.enqueue({ kind: 'reset_password', recipient: user.email, payload: { name: user.name, url } });
      },
      async onPasswordReset({ user }) {
        await revokeResetTokens(db, user.id);
        await forgetSignInFailures(db, user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link verifies only: opening it never signs anyone in, so an attacker's own link
      // cannot sign a victim into the attacker's account (login CSRF).
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      // A listed admin (ADMIN_EMAILS) becomes admin once the address is proved.
      async afterEmailVerification(user) {
        if (await mayBecomeListedAdmin(user.email, true)) await grantListedAdmins(db, config.ADMIN_EMAILS, user.email);
      },
      async sendVerificationEmail({ user, url }) {
        await mailer.enqueue({ kind: 'verify_email', recipient: user.email, payload: { name: user.name, url } });
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false },
        // Server-only: better-auth never puts it in an answer (auth-answers.ts allow-lists them too).
        deletedAt: { type: 'date', required: false, input: false, returned: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      user: {
        create: {
          // Nobody is admin by signing up: ADMIN_EMAILS counts once the address is proved (below).
          async before(user) {
            return { data: { ...user, role: null } };
          },
        },
      },
      session: {
        create: {
          // A removed user can never get a session again.
          // Read through better-auth's current adapter: during a sign-up that is the transaction
          // holding the new, uncommitted user.
          // And a listed admin (ADMIN_EMAILS) whose address is proved becomes admin as they sign in.
          async before(session, ctx) {
            const where = [{ field: 'id', value: session.userId }];
            const adapter = ctx ? await getCurrentAdapter(ctx.context.adapter) : undefined;
            const row = adapter
              ? await adapter.findOne<SessionOwner>({ model: 'user', where, select: ['deletedAt', 'email', 'emailVerified', 'role'] })
              : await findSessionOwner(db, session.userId);
            if (!row || row.deletedAt) return false;
            if (row.role !== 'admin' && (await mayBecomeListedAdmin(row.email, Boolean(row.emailVerified)))) {
              if (adapter) await adapter.update({ model: 'user', where, update: { role: 'admin' } });
              else await grantListedAdmins(db, config.ADMIN_EMAILS, row.email);
            }
            return { data: session };
          },
        },
      },
    },
    account: {
      // Google may join an existing account only when both sides proved the address
      // (better-auth's default, spelled out): nobody pre-registers someone else's email.
      accountLinking: { enabled: true, requireLocalEmailVerified: true },
    },
    // Requests per client address and path, in the database so every process counts them.
    // Failed sign-ins per account and per address are counted apart (auth-throttle.ts).
    rateLimit: {
      enabled: config.RATE_LIMIT,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-up/email': { window: 15 * 60, max: 5 },
        '/request-password-reset': { window: 15 * 60, max: 5 },
        '/reset-password': { window: 15 * 60, max: 10 },
        '/send-verification-email': { window: 15 * 60, max: 5 },
        '/sign-in/social': { window: 60, max: 20 },
      },
    },
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        if (!log) return;
        const detail = args.length > 0 ? { detail: args.map((a) => (a instanceof Error ? a.message : a)) } : {};
        log[level === 'debug' ? 'debug' : level === 'info' ? 'info' : level === 'warn' ? 'warn' : 'error'](detail, `auth: ${message}`);
      },
    },
    advanced: {
      // Checked in every environment, tests included (better-auth skips them under NODE_ENV=test).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: secure,
      cookiePrefix: 'toolsify',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    plugins,
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(buildAuthOptions(deps));
}
export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates better-auth's tables (user, session, account, verification, rateLimit). */
export async function migrateAuthTables(deps: AuthDeps): Promise<void> {
  const { runMigrations } = await getMigrations(buildAuthOptions(deps));
  await runMigrations();
}
