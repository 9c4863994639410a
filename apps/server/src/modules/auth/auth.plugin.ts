import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { resolveAuthSecret, type AuthSecret } from '../../lib/auth-secret.ts';
import { createAuth, migrateAuthTables } from './auth.ts';
import { createSessionReader, type SessionUser } from './session-reader.ts';
import { authCallScope } from './auth-call-scope.ts';
import { AuthThrottle } from './auth-throttle.ts';
import { authRoutes } from './auth.routes.ts';
import { googlePlugins } from './google.ts';
import { grantListedAdmins } from '../users/users.repository.ts';

export type { SessionUser };

/**
 * The signed-in user of a request on a route guarded by `app.requireUser` or `app.requireAdmin`
 * (onRequest): typed, and a 401 rather than a crash should a route ever forget its guard.
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless signed in (before the body is read); sets request.user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: sets request.user to the signed-in user, or null; never refuses. */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: 401 unless signed in, 403 unless admin (before the body is read); sets request.user. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const authPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { mailer } = app;
    const secret = resolveAuthSecret(config);
    logSecretSource(app.log, secret);
    const deps = { config, secret: secret.value, db: app.db, dialect: app.dialect, mailer, plugins: googlePlugins(config), log: app.log };
    await migrateAuthTables(deps);
    // better-auth is reached only through the routes and the session reader below, each call
    // inside `inAuthCall` (auth-call-scope.ts): it is not handed to the rest of the app.
    const auth = createAuth(deps);
    app.decorateRequest('user', null);

    const inAuthCall = await authCallScope();
    const readSession = await createSessionReader(auth, app.db, app.dialect, inAuthCall);
    app.decorate('optionalUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readSession(request, reply);
    });
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readSession(request, reply);
      if (!request.user) throw new AppError('UNAUTHENTICATED');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      request.user = await readSession(request, reply);
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an admin may do that.');
    });

    app.addHook('onReady', async () => {
      // Listed accounts that have proved their address (see buildAuthOptions).
      if (config.ADMIN_EMAILS.length > 0) await grantListedAdmins(app.db, config.ADMIN_EMAILS);
    });

    // Forget ended throttle windows now and then (any process may do it; it is idempotent).
    const throttle = new AuthThrottle(app.db, { enabled: config.RATE_LIMIT });
    const prune = setInterval(() => {
      throttle.prune().catch((error: unknown) => app.log.warn({ err: error }, 'could not prune auth throttle'));
    }, 10 * 60_000);
    prune.unref();
    app.addHook('onClose', async () => {
      clearInterval(prune);
    });

    await app.register(authRoutes, { config, auth, throttle, inAuthCall });
  },
  { name: 'auth', dependencies: ['database', 'mail'] },
);

function logSecretSource(log: FastifyBaseLogger, secret: AuthSecret): void {
  if (secret.source === 'generated') {
    log.warn(
      { file: secret.file },
      'BETTER_AUTH_SECRET is not set: generated a random secret for sessions and tokens and kept it beside the database (mode 0600). Keep that file with the database, or set BETTER_AUTH_SECRET.',
    );
  } else if (secret.source === 'file') {
    log.info(
      { file: secret.file },
      'BETTER_AUTH_SECRET is not set: sessions and tokens are signed with the secret generated on first start, kept beside the database.',
    );
  }
}
