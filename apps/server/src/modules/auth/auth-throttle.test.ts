import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authMessages } from '@toolsify/shared/auth';
import { createTestApp, signUp } from '../../test/helpers.ts';
import { AuthThrottle, PAIR_LIMIT, SIGN_IN_LIMIT, addressKey, isRefusal } from './auth-throttle.ts';
import { appLink, latestMail, outboxFor } from './testing/outbox.ts';
import { createSharedDatabase, type SharedDatabase } from './testing/shared-db.ts';

const origin = { origin: 'http://localhost:3000' };
const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

function signIn(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: origin, payload: { email, password }, remoteAddress });
}

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().error.code).toBe('RATE_LIMITED');
  expect(res.json().error.message).toMatch(TOO_MANY);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

let ipSeq = 0;
/** A client address no other test has used. */
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe('failed sign-ins are limited per account-and-address pair and per address (RATE_LIMIT on)', () => {
  let app: FastifyInstance;
  const password = 'right-password-1';
  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => app.close());

  it('makes one address wait after 5 wrong passwords for an account, while the owner elsewhere signs in', async () => {
    const user = await signUp(app, { password });
    const attacker = freshIp();
    for (let i = 0; i < PAIR_LIMIT.free; i++) {
      const res = await signIn(app, user.email, 'wrong-password', attacker);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(authMessages.wrongCredentials);
    }
    const sixth = await signIn(app, user.email, 'wrong-password', attacker);
    expectTooMany(sixth);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Even the right password waits at that address...
    expectTooMany(await signIn(app, user.email.toUpperCase(), password, attacker));
    // ...but the owner, anywhere else, is not locked out.
    expect((await signIn(app, user.email, password, freshIp())).statusCode).toBe(200);
  });

  it(`limits one address to ${SIGN_IN_LIMIT.max} failed sign-ins, whatever the accounts`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      expect((await signIn(app, `nobody${i}@example.com`, 'whatever-1', ip)).statusCode).toBe(401);
    }
    const user = await signUp(app, { password });
    expectTooMany(await signIn(app, user.email, password, ip));
    // Another address is not affected.
    expect((await signIn(app, user.email, password, freshIp())).statusCode).toBe(200);
  });

  it("forgets an account's failed sign-ins once its owner resets the password: the new one works at once", async () => {
    const user = await signUp(app, { password });
    const ip = freshIp();
    for (let i = 0; i < PAIR_LIMIT.free; i++) expect((await signIn(app, user.email, 'wrong-password', ip)).statusCode).toBe(401);
    expectTooMany(await signIn(app, user.email, 'wrong-password', ip));

    const post = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: origin, payload, remoteAddress: ip });
    expect((await post('/api/auth/request-password-reset', { email: user.email })).statusCode).toBe(200);
    const opened = await app.inject({ url: appLink(await latestMail(app, user.email), '/api/auth/reset-password/') });
    const token = new URL(String(opened.headers.location), 'http://localhost:3000').searchParams.get('token');
    const next = 'after-the-reset-1';
    expect((await post('/api/auth/reset-password', { token, newPassword: next })).statusCode).toBe(200);
    expect((await signIn(app, user.email, next, ip)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= SIGN_IN_LIMIT.max; i++) {
      expect((await signIn(app, `v6-${i}@example.com`, 'whatever-1', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await signIn(app, 'v6-6@example.com', 'whatever-1', '2001:db8:1:2:ffff::9'));
  });

  it('lets no more than 5 of many simultaneous guesses from one address reach the password check', async () => {
    const user = await signUp(app, { password });
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(app, user.email, 'guess-guess', ip)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(PAIR_LIMIT.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - PAIR_LIMIT.free);
  });

  it('does not count a request the schema refused', async () => {
    const user = await signUp(app, { password });
    const ip = freshIp();
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: origin,
        payload: { email: user.email, password: '' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await signIn(app, user.email, password, ip)).statusCode).toBe(200);
  });
});

describe('sign-up and password reset are limited too (RATE_LIMIT on)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => app.close());

  it('limits sign-ups from one address', async () => {
    const ip = freshIp();
    const signUpFrom = (n: number, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: origin,
        payload: { name: 'Many', email: `many-${ip}-${n}@example.com`, password: 'secret123' },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await signUpFrom(i, ip)).statusCode).toBe(200);
    expectTooMany(await signUpFrom(5, ip));
    expect((await signUpFrom(6, freshIp())).statusCode).toBe(200);
  });

  it('limits reset emails per mailbox with the same answer whether or not the account exists', async () => {
    const user = await signUp(app);
    const ask = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: origin,
        payload: { email },
        remoteAddress: freshIp(),
      });
    for (const email of [user.email, 'nobody-at-all@example.com']) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).statusCode).toBe(200);
      expectTooMany(await ask(email));
    }
    expect(await outboxFor(app, user.email)).toHaveLength(1 + 3); // verification + three resets
  });

  it('limits reset requests from one address', async () => {
    const ip = freshIp();
    const ask = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: origin,
        payload: { email: `who${n}@example.com` },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await ask(i)).statusCode).toBe(200);
    expectTooMany(await ask(5));
  });
});

describe('several server processes share one count', () => {
  let shared: SharedDatabase;
  beforeAll(async () => {
    shared = await createSharedDatabase({ RATE_LIMIT: 'true' });
  });
  afterAll(() => shared?.close());

  it('makes the pair wait across processes', async () => {
    const a = shared.first;
    const b = await shared.another();
    const user = await signUp(a, { password: 'right-password-1' });
    const ip = freshIp();
    for (let i = 0; i < PAIR_LIMIT.free; i++) {
      expect((await signIn(i % 2 === 0 ? a : b, user.email, 'wrong-wrong', ip)).statusCode).toBe(401);
    }
    expectTooMany(await signIn(a, user.email, 'right-password-1', ip));
    expectTooMany(await signIn(b, user.email, 'right-password-1', ip));
  });
});

describe('AuthThrottle', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('makes a pair wait longer after each failure past the fifth, and forgets it at sign-in', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const throttle = new AuthThrottle(app.db, { enabled: true, now: () => now });
    // A new address for each step of the clock, so the address's own limit stays out of the way.
    let n = 0;
    const fail = async (ip: string) => {
      const attempt = await throttle.beginSignIn('clock@example.com', ip);
      if (isRefusal(attempt)) return attempt.retryAfterSeconds;
      await attempt.failed();
      n += 1;
      return 0;
    };
    const ip = '192.0.2.1';
    for (let i = 0; i < PAIR_LIMIT.free; i++) expect(await fail(ip)).toBe(0);
    // 1 minute after the fifth, then 2, 4, 8 minutes after each next failure.
    for (const minutes of [1, 2, 4, 8]) {
      expect(await fail(ip)).toBe(minutes * 60);
      now += minutes * 60_000 - 1_000;
      expect(await fail(ip)).toBe(1);
      now += 1_000;
      // The address's own window (15 minutes) would refuse a sixth failure: clear it as time passes.
      await app.db.deleteFrom('auth_throttle').where('key', '=', 'sign-in:ip:192.0.2.1').execute();
      expect(await fail(ip)).toBe(0);
    }
    expect(n).toBe(PAIR_LIMIT.free + 4);
    expect(PAIR_LIMIT.delayMs(20)).toBe(60 * 60_000);
    // Another address for the same account is not kept waiting.
    expect(await fail('192.0.2.77')).toBe(0);

    // The right password (once the wait is over) forgets the pair's failures.
    now += 16 * 60_000;
    await app.db.deleteFrom('auth_throttle').where('key', '=', 'sign-in:ip:192.0.2.1').execute();
    const ok = await throttle.beginSignIn('clock@example.com', ip);
    if (isRefusal(ok)) throw new Error('refused after the wait');
    await ok.succeeded();
    for (let i = 0; i < PAIR_LIMIT.free - 1; i++) expect(await fail(ip)).toBe(0);

    now += 25 * 60 * 60_000;
    expect(await throttle.prune()).toBeGreaterThanOrEqual(1);
  });

  it('does nothing when rate limiting is off', async () => {
    const throttle = new AuthThrottle(app.db, { enabled: false });
    for (let i = 0; i < 20; i++) {
      const attempt = await throttle.beginSignIn('off@example.com', '192.0.2.5');
      expect(isRefusal(attempt)).toBe(false);
    }
    expect(await throttle.countMailRequest('reset', 'off@example.com', '203.0.113.9')).toBeNull();
  });

  it('keys IPv6 clients by /64 and IPv4-mapped ones as IPv4', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
