import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.ts';
import { parseCookies } from 'better-auth/cookies';
import type { Database } from '../../db/schema.ts';
import type { Auth } from './auth.ts';
import { authHeaders } from './auth-headers.ts';
import { findSessionsByTokens, type SessionRow } from './auth.repository.ts';
import type { AuthCallScope } from './auth-call-scope.ts';

/** The most sessions one query reads (the rest of a turn's go in another). */
const MAX_SESSIONS_A_QUERY = 256;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string | null;
  image: string | null;
  emailVerified: boolean;
}

/**
 * Who is signed in, for every guarded route. better-auth's getSession runs its whole endpoint
 * pipeline per call (about 1 ms of CPU); this reads the same signed cookie and the same session
 * row in one query, so an order or a page of My Orders does not pay that on every request; the
 * requests of one turn of the event loop share that query.
 *
 * It only reads. The moment better-auth would refresh the session (once per `updateAge`), or
 * anything about the cookie is unusual, it hands the request to better-auth's own getSession,
 * which refreshes the row and the cookie exactly as it always does.
 */
export async function createSessionReader(auth: Auth, db: Kysely<Database>, dialect: DialectName, inAuthCall: AuthCallScope) {
  const ctx = await auth.$context;
  const cookieName = ctx.authCookies.sessionToken.name;
  const secret = ctx.secret;
  const expiresInMs = ctx.sessionConfig.expiresIn * 1000;
  const updateAgeMs = ctx.sessionConfig.updateAge * 1000;

  /**
   * The session rows of the signed-in requests read in one turn of the event loop, in one query
   * (a flash sale's 200 orders in flight: one statement where there were 200). Asked once the
   * turn has read its requests (setImmediate), never kept: each request reads the row as it is.
   */
  const sessions = new DataLoader<string, SessionRow | undefined>(
    async (tokens) => {
      const rows = await findSessionsByTokens(db, dialect, tokens);
      const byToken = new Map(rows.map((row) => [row.token, row]));
      return tokens.map((token) => byToken.get(token));
    },
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: MAX_SESSIONS_A_QUERY },
  );

  /** better-call's signed cookie: `<token>.<base64 HMAC-SHA256(secret, token)>`. */
  function verifiedToken(value: string): string | null {
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }

  async function viaBetterAuth(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    const { headers, response } = await inAuthCall(() => auth.api.getSession({ headers: authHeaders(request), returnHeaders: true }));
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response) return null;
    const u = response.user as typeof response.user & { role?: string | null; deletedAt?: Date | null };
    if (u.deletedAt) return null;
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role ?? null,
      image: u.image ?? null,
      emailVerified: Boolean(u.emailVerified),
    };
  }

  return async function readSession(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    const header = request.headers.cookie;
    if (!header) return null;
    const value = parseCookies(header).get(cookieName);
    if (!value) return null;
    const token = verifiedToken(value);
    if (!token) return null;

    const row = await sessions.load(token);
    if (!row || row.deletedAt) return null;

    const expiresAt = new Date(row.expiresAt).getTime();
    const now = Date.now();
    // Expired, or due for better-auth's sliding refresh: let better-auth decide and answer.
    if (!(expiresAt > now) || expiresAt - expiresInMs + updateAgeMs <= now) return viaBetterAuth(request, reply);

    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role ?? null,
      image: row.image ?? null,
      emailVerified: Boolean(row.emailVerified),
    };
  };
}
