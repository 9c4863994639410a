import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBe('file:data/toolsify.db');
    expect(c.SEED_DEMO).toBe(true);
    expect(c.paymentGateway).toBe('sandbox');
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('takes the public address from PORT when PUBLIC_URL is not set', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://shop.example.com' }).PUBLIC_URL).toBe('https://shop.example.com');
  });

  it('takes forms from every loopback spelling of a local store, and from PUBLIC_URL alone once it is set', () => {
    expect(loadConfig({ PORT: '8080' }).trustedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    // The browser leaves the default port out of Origin.
    expect(loadConfig({ PORT: '80' }).trustedOrigins).toEqual(['http://localhost', 'http://127.0.0.1', 'http://[::1]']);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).trustedOrigins).toEqual(['https://shop.example.com']);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', NODE_ENV: 'development' }).trustedOrigins).toEqual([
      'https://shop.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, never a blanket true', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.5']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('runs in production mode unless told otherwise', () => {
    expect(loadConfig({}).NODE_ENV).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' }).NODE_ENV).toBe('development');
  });

  it('needs no settings on SQLite: the sandbox, and a secret generated beside the database', () => {
    const c = loadConfig({});
    expect(c.BETTER_AUTH_SECRET).toBeUndefined();
    expect(c.paymentGateway).toBe('sandbox');
  });

  it('refuses PostgreSQL without a secret, and without payments chosen on purpose', () => {
    const pg = { DATABASE_URL: 'postgres://db.example/toolsify' };
    expect(() => loadConfig(pg)).toThrow(/BETTER_AUTH_SECRET/);
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ ...pg, BETTER_AUTH_SECRET: secret })).toThrow(/PAYMENTS/);
    expect(loadConfig({ ...pg, BETTER_AUTH_SECRET: secret, PAYMENTS: 'sandbox' }).paymentGateway).toBe('sandbox');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('client address behind proxies', () => {
  it('believes X-Forwarded-For only as far as TRUST_PROXY says', async () => {
    const { createTestApp } = await import('./test/helpers.ts');
    for (const [trust, expected] of [
      ['false', '127.0.0.1'],
      ['1', '203.0.113.9'],
    ] as const) {
      const app = await createTestApp({ TRUST_PROXY: trust });
      app.get('/__ip', async (request) => ({ ip: request.ip }));
      const res = await app.inject({ url: '/__ip', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
      expect(res.json().ip, `TRUST_PROXY=${trust}`).toBe(expected);
      await app.close();
    }
  });
});
