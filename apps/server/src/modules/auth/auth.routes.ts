import { pathOf } from '../../lib/url.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  googleSignInSchema,
  loginSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupSchema,
  verificationRequestSchema,
} from '@toolsify/shared/auth';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { authAnswerSchema } from './auth-answers.ts';
import { authHeaders } from './auth-headers.ts';
import { plainAuthMessage, tooManyAttempts } from './auth-errors.ts';
import { isRefusal, type AuthThrottle, type MailKind } from './auth-throttle.ts';
import { RESET_PASSWORD_PAGE, VERIFIED_CALLBACK_PATH, type Auth } from './auth.ts';
import { googleEnabled } from './google.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { clearInterruptedSignUp } from './interrupted-sign-up.ts';
import type { AuthCallScope } from './auth-call-scope.ts';

/**
 * The better-auth paths this store uses; every other better-auth endpoint (update-user,
 * change-email, delete-user...) answers 404, so nothing the app does not use can be called.
 * The paths with a body have their own route below, validated by the shared schemas.
 */
const PASS_THROUGH: Record<'GET' | 'POST', RegExp[]> = {
  GET: [/^\/get-session$/, /^\/verify-email$/, /^\/reset-password\/[^/]+$/, /^\/callback\/google$/, /^\/error$/, /^\/ok$/],
  POST: [/^\/sign-out$/],
};

interface AuthAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** better-auth's error code, when the answer is an error. */
  code: string | undefined;
}

export const authRoutes: FastifyPluginAsyncZod<{ config: Config; auth: Auth; throttle: AuthThrottle; inAuthCall: AuthCallScope }> = async (
  app,
  { config, auth, throttle, inAuthCall },
) => {
  /**
   * Hands better-auth a Web Request built from Fastify's request. With a body we checked, the
   * query string is dropped: better-auth must read nothing we did not validate.
   */
  async function callAuth(request: FastifyRequest, body?: unknown): Promise<AuthAnswer> {
    const url = new URL(body === undefined ? request.url : pathOf(request.url), config.PUBLIC_URL);
    const headers = authHeaders(request);
    headers.delete('content-length');
    const payload = body ?? request.body;
    const hasBody = request.method !== 'GET' && payload !== undefined && payload !== null;
    if (hasBody) headers.set('content-type', 'application/json');
    const { response, text } = await inAuthCall(async () => {
      const answer = await auth.handler(
        new Request(url, { method: request.method, headers, ...(hasBody ? { body: JSON.stringify(payload) } : {}) }),
      );
      return { response: answer, text: await answer.text() };
    });
    let code: string | undefined;
    if (response.status >= 400) {
      try {
        code = (JSON.parse(text) as { code?: string }).code;
      } catch {
        code = undefined;
      }
    }
    return { status: response.status, headers: response.headers, text, code };
  }

  /** Sends better-auth's answer, errors in the app's one shape and in plain words. */
  function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: AuthAnswer) {
    reply.status(answer.status);
    answer.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'x-retry-after') reply.header(key, value);
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    if (answer.status === 429) {
      const seconds = Number(answer.headers.get('x-retry-after')) || 60;
      reply.header('retry-after', String(seconds)).type('application/json');
      return reply.send({ error: { code: 'RATE_LIMITED', message: tooManyAttempts(seconds) } });
    }
    if (answer.status >= 500) {
      request.log.error({ status: answer.status, code: answer.code }, 'auth failed');
      return reply.type('application/json').send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
    }
    if (answer.status >= 400) {
      let message: string | undefined;
      try {
        message = (JSON.parse(answer.text) as { message?: string }).message;
      } catch {
        message = undefined;
      }
      const code = answer.code ?? (answer.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      return reply.type('application/json').send({ error: { code, message: plainAuthMessage(answer.code, message) } });
    }
    if (answer.status >= 200 && answer.status < 300 && answer.headers.get('content-type')?.includes('json') && answer.text) {
      // Only what the web app uses leaves the server (authAnswerSchema is an allow-list): never
      // the session token (it lives in the HttpOnly cookie), nor any other column of the user.
      const data: unknown = JSON.parse(answer.text);
      return reply.type('application/json').send(data === null ? 'null' : JSON.stringify(authAnswerSchema.parse(data)));
    }
    return reply.send(answer.text.length > 0 ? answer.text : null);
  }

  function refuse(reply: FastifyReply, retryAfterSeconds: number): never {
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('RATE_LIMITED', tooManyAttempts(retryAfterSeconds));
  }

  async function limitMail(reply: FastifyReply, kind: MailKind, email: string, ip: string) {
    const refusal = await throttle.countMailRequest(kind, email, ip);
    if (refusal) refuse(reply, refusal.retryAfterSeconds);
  }

  const tags = ['account'];

  app.post(
    '/api/auth/sign-up/email',
    { schema: { tags, summary: 'Sign up with name, email and password; signs in and sends a verification email', body: signupSchema } },
    async (request, reply) => {
      refuseCommonPassword(request.body.password, 'password');
      if (await clearInterruptedSignUp(app.db, request.body.email)) {
        request.log.warn('removed the remnant of an interrupted sign-up before signing up again');
      }
      return sendAnswer(request, reply, await callAuth(request, { ...request.body, callbackURL: VERIFIED_CALLBACK_PATH }));
    },
  );

  app.post(
    '/api/auth/sign-in/email',
    {
      schema: {
        tags,
        summary: 'Log in; after 5 failed tries for an account from one address, growing waits (429); 20 failures per address in 15 minutes',
        body: loginSchema,
      },
    },
    async (request, reply) => {
      const attempt = await throttle.beginSignIn(request.body.email, request.ip);
      if (isRefusal(attempt)) return refuse(reply, attempt.retryAfterSeconds);
      let answer: AuthAnswer;
      try {
        answer = await callAuth(request, request.body);
      } catch (error) {
        await attempt.abandoned();
        throw error;
      }
      if (answer.status === 200) await attempt.succeeded();
      else if (answer.code === 'INVALID_EMAIL_OR_PASSWORD') await attempt.failed();
      else await attempt.abandoned();
      return sendAnswer(request, reply, answer);
    },
  );

  app.post(
    '/api/auth/request-password-reset',
    {
      schema: {
        tags,
        summary: 'Emails a reset link; the same answer whether or not the account exists',
        body: resetRequestSchema,
      },
    },
    async (request, reply) => {
      await limitMail(reply, 'reset', request.body.email, request.ip);
      // Answer first, then look the account up and mail it: the answer takes the same time
      // whether or not the address has an account.
      const body = { email: request.body.email, redirectTo: RESET_PASSWORD_PAGE };
      app.mailer.later('password reset request', async () => {
        const answer = await callAuth(request, body);
        if (answer.status >= 400) request.log.warn({ status: answer.status, code: answer.code }, 'password reset request refused');
      });
      return { status: true };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { tags, summary: "Sets a new password with the emailed token; ends the account's sessions", body: resetPasswordSchema } },
    async (request, reply) => {
      refuseCommonPassword(request.body.newPassword, 'newPassword');
      return sendAnswer(request, reply, await callAuth(request, request.body));
    },
  );

  app.post(
    '/api/auth/send-verification-email',
    { schema: { tags, summary: 'Sends the verification email again', body: verificationRequestSchema } },
    async (request, reply) => {
      await limitMail(reply, 'verify', request.body.email, request.ip);
      return sendAnswer(request, reply, await callAuth(request, { email: request.body.email, callbackURL: VERIFIED_CALLBACK_PATH }));
    },
  );

  app.post(
    '/api/auth/sign-in/social',
    { schema: { tags, summary: 'Continue With Google: answers the URL to send the browser to', body: googleSignInSchema } },
    async (request, reply) => {
      if (!googleEnabled(config)) throw new AppError('NOT_FOUND', authMessages.googleNotConfigured);
      const { callbackURL = '/', newUserCallbackURL, errorCallbackURL = '/login' } = request.body;
      return sendAnswer(
        request,
        reply,
        await callAuth(request, {
          provider: 'google',
          callbackURL,
          errorCallbackURL,
          ...(newUserCallbackURL ? { newUserCallbackURL } : {}),
          disableRedirect: true,
        }),
      );
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const subPath = new URL(request.url, config.PUBLIC_URL).pathname.slice('/api/auth'.length);
      const allowed = PASS_THROUGH[request.method as 'GET' | 'POST'].some((pattern) => pattern.test(subPath));
      if (!allowed) throw new AppError('NOT_FOUND', `No route ${request.method} /api/auth${subPath}`);
      return sendAnswer(request, reply, await callAuth(request));
    },
  });
};
