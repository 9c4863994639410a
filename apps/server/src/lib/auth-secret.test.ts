import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signJWT } from 'better-auth/crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { signUp, testFolder, usePostgres } from '../test/helpers.ts';
import { resolveAuthSecret, secretFileFor } from './auth-secret.ts';

function tempDatabaseUrl(): string {
  return `file:${path.join(testFolder('toolsify-secret-'), 'store.db')}`;
}

describe('the secret that signs sessions and tokens', () => {
  it('is generated on first start beside the SQLite database, owner-only, and kept', () => {
    const DATABASE_URL = tempDatabaseUrl();
    const first = resolveAuthSecret({ DATABASE_URL });
    expect(first.source).toBe('generated');
    expect(first.file).toBe(secretFileFor(DATABASE_URL));
    expect(first.value.length).toBeGreaterThanOrEqual(32);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);

    const again = resolveAuthSecret({ DATABASE_URL });
    expect(again).toEqual({ value: first.value, source: 'file', file: first.file });
    // Another store gets a secret of its own.
    expect(resolveAuthSecret({ DATABASE_URL: tempDatabaseUrl() }).value).not.toBe(first.value);
  });

  it('uses BETTER_AUTH_SECRET when it is set, and writes nothing', () => {
    const DATABASE_URL = tempDatabaseUrl();
    const secret = 's'.repeat(40);
    expect(resolveAuthSecret({ DATABASE_URL, BETTER_AUTH_SECRET: secret })).toEqual({ value: secret, source: 'environment' });
    expect(() => statSync(secretFileFor(DATABASE_URL)!)).toThrow(/ENOENT/);
  });

  it('tightens a kept file that others could read, and refuses one that holds no secret', () => {
    const DATABASE_URL = tempDatabaseUrl();
    const file = resolveAuthSecret({ DATABASE_URL }).file!;
    chmodSync(file, 0o644);
    resolveAuthSecret({ DATABASE_URL });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    writeFileSync(file, 'short\n');
    expect(() => resolveAuthSecret({ DATABASE_URL })).toThrow(ConfigError);
    expect(() => resolveAuthSecret({ DATABASE_URL })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it('is required with PostgreSQL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/toolsify' })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://db.example/toolsify', NODE_ENV: 'development' })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it('is random for an in-memory database', () => {
    const a = resolveAuthSecret({ DATABASE_URL: ':memory:' });
    expect(a.source).toBe('memory');
    expect(resolveAuthSecret({ DATABASE_URL: ':memory:' }).value).not.toBe(a.value);
  });
});

// The attack: the store ran with a secret anyone could read in the source, so anyone could mint
// a verification token for the admin's address. Now no fixed string can sign a token it accepts.
describe.skipIf(usePostgres)('a store started with no settings', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function startStore(databaseUrl: string) {
    const dir = path.dirname(databaseUrl.slice('file:'.length));
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'false',
      MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
    });
    expect(config.NODE_ENV).toBe('production');
    expect(config.BETTER_AUTH_SECRET).toBeUndefined();
    expect(config.paymentGateway).toBe('sandbox');
    return buildApp(config);
  }

  async function verifyWith(store: FastifyInstance, token: string) {
    return store.inject({ url: `/api/auth/verify-email?token=${token}&callbackURL=%2Fdashboard%3Fverified%3D1` });
  }

  async function isVerified(store: FastifyInstance, userId: string) {
    const row = await store.db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirstOrThrow();
    return Boolean(row.emailVerified);
  }

  it('refuses a verification token minted with any fixed string, and accepts only its own secret', async () => {
    const databaseUrl = tempDatabaseUrl();
    app = await startStore(databaseUrl);
    const owner = await signUp(app, { email: 'owner@example.com' });

    for (const guess of ['dev-only-secret-change-me-dev-only-secret', 'better-auth-secret-123456789012345678901234', 'x'.repeat(32)]) {
      const forged = await signJWT({ email: owner.email, userId: owner.id }, guess, 3600);
      const res = await verifyWith(app, forged);
      expect(res.headers['set-cookie'] ?? '', guess).not.toMatch(/session_token=[^;]/);
      expect(await isVerified(app, owner.id), guess).toBe(false);
    }

    // The same token signed with the store's generated secret is accepted: the refusal above is
    // the secret's doing, not a malformed token.
    const kept = readFileSync(secretFileFor(databaseUrl)!, 'utf8').trim();
    const genuine = await signJWT({ email: owner.email, userId: owner.id }, kept, 3600);
    await verifyWith(app, genuine);
    expect(await isVerified(app, owner.id)).toBe(true);
  });

  it('keeps sessions across a restart with the kept secret', async () => {
    const databaseUrl = tempDatabaseUrl();
    app = await startStore(databaseUrl);
    const buyer = await signUp(app);
    await app.close();
    app = await startStore(databaseUrl);
    const me = await app.inject({ url: '/api/me', headers: { cookie: buyer.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(buyer.email);
  });
});
