import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cookieFrom, createTestApp } from '../../test/helpers.ts';
import { appLink, latestMail } from './testing/outbox.ts';
import { redactUrl } from './log-redaction.ts';

const origin = { origin: 'http://localhost:3000' };

/** Runs every account flow that handles a secret; answers the secrets it used and saw. */
async function exerciseAccountFlows(app: FastifyInstance) {
  const email = 'logged.person@example.com';
  const password = 'first-Secret-pass';
  const wrong = 'wrong-Secret-guess';
  const next = 'second-Secret-pass';
  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { ...origin, ...(cookie ? { cookie } : {}) } });

  const signedUp = await post('/api/auth/sign-up/email', { name: 'Logged Person', email, password });
  expect(signedUp.statusCode).toBe(200);
  const verifyLink = appLink(await latestMail(app, email), '/api/auth/verify-email');
  expect((await app.inject({ url: verifyLink })).statusCode).toBe(302);
  expect((await post('/api/auth/sign-in/email', { email, password: wrong })).statusCode).toBe(401);
  const session = cookieFrom(await post('/api/auth/sign-in/email', { email, password }));
  expect((await app.inject({ url: '/api/me', headers: { cookie: session } })).statusCode).toBe(200);

  expect((await post('/api/auth/request-password-reset', { email })).statusCode).toBe(200);
  const resetLink = appLink(await latestMail(app, email), '/api/auth/reset-password/');
  const opened = await app.inject({ url: resetLink });
  const token = new URL(String(opened.headers.location), 'http://localhost:3000').searchParams.get('token')!;
  await app.inject({ url: `/reset-password?token=${token}` }); // the page the link lands on
  expect((await post('/api/auth/reset-password', { token, newPassword: next })).statusCode).toBe(200);

  const verifyToken = new URL(verifyLink, 'http://localhost:3000').searchParams.get('token')!;
  const cookieValue = session.split('=')[1]!;
  return { secrets: [password, wrong, next, token, verifyToken, resetLink, verifyLink, cookieValue] };
}

describe('no password, token or link in the logs', () => {
  it('logs none in production, even at the most detailed level', async () => {
    const lines: string[] = [];
    const app = await createTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'trace', PAYMENTS: 'sandbox' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const { secrets } = await exerciseAccountFlows(app);
      await app.mailer.idle();
      const log = lines.join('');
      // The capture works: requests and mail were logged, with their URLs redacted.
      expect(log).toContain('request completed');
      expect(log).toContain('mail written to outbox');
      expect(log).toContain('/api/auth/reset-password/[redacted]');
      for (const secret of secrets) expect(log, `leaked ${secret}`).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it('shows the link to a developer outside production (so the check above can fail)', async () => {
    const lines: string[] = [];
    const app = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const { secrets } = await exerciseAccountFlows(app);
      const verifyToken = secrets[4]!;
      expect(lines.join('')).toContain(verifyToken);
    } finally {
      await app.close();
    }
  });

  it('redacts tokens and OAuth codes in any URL', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2F')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2F',
    );
    expect(redactUrl('/api/auth/callback/google?code=c0de&state=s7&iss=x')).toBe(
      '/api/auth/callback/google?code=[redacted]&state=[redacted]&iss=x',
    );
    expect(redactUrl('/reset-password?token=t0k')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/tools?limit=6')).toBe('/api/tools?limit=6');
  });
});
