import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { differences, rawGet } from '../../test/raw-http.ts';
import { HEALTH_FRESH_MS, sharedCheck } from './health.routes.ts';

/** A check whose answers the test gives, one call at a time. */
function controlledCheck() {
  const pending: Array<(answer: boolean) => void> = [];
  return {
    calls: () => pending.length,
    check: () => new Promise<boolean>((resolve) => pending.push(resolve)),
    answer: (n: number, value: boolean) => pending[n]!(value),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('GET /api/health', () => {
  it('answers 200 while the database answers, 503 once it does not', async () => {
    const app = await createTestApp();
    try {
      const ok = await app.inject({ url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok' });
      await app.db.destroy();
      const down = await app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});

/**
 * Over a socket, a good check answers the probes of the next HEALTH_FRESH_MS before the router
 * (decision 012): the same bytes and headers the route sends, the same log line, no query. A
 * failed check, or the time running out, sends the next probe to the router and the database.
 */
describe('GET /api/health, answered from the last good check', () => {
  it('answers as the route does until the check is HEALTH_FRESH_MS old, then asks the database again', async () => {
    const lines: string[] = [];
    const app = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    const fronted = () =>
      lines
        .join('')
        .split('\n')
        .filter((l) => l.includes('request completed'))
        .map((l) => (JSON.parse(l) as { reqId: string }).reqId.startsWith('prepared-'));
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const routed = await app.inject({ url: '/api/health' });
      expect(routed.statusCode).toBe(200);
      for (const method of ['GET', 'HEAD'] as const) {
        const routedAgain = await app.inject({ method, url: '/api/health' });
        expect(differences(routedAgain, await rawGet(url, method, {})), method).toEqual([]);
      }
      const etag = String(routed.headers.etag);
      expect((await rawGet(url, 'GET', { 'if-none-match': etag })).status).toBe(304);
      // Three socket probes, each answered before the router (the injected ones are routed).
      expect(fronted().filter(Boolean)).toHaveLength(3);

      // The database goes away: within the window the last good check still answers; after
      // it, a probe asks the database and says so, and keeps asking while it is down.
      await app.db.destroy();
      vi.setSystemTime(Date.now() + HEALTH_FRESH_MS - 50);
      expect((await rawGet(url, 'GET', {})).status).toBe(200);
      vi.setSystemTime(Date.now() + 100);
      const count = fronted().length;
      const down = await rawGet(url, 'GET', {});
      expect([down.status, JSON.parse(down.body.toString())]).toEqual([503, { status: 'unavailable' }]);
      expect((await rawGet(url, 'GET', {})).status).toBe(503);
      expect(fronted().slice(count)).toEqual([false, false]);
    } finally {
      vi.useRealTimers();
      await app.close().catch(() => undefined);
    }
  });

  it('never answers another URL, or a check that failed, before the router', async () => {
    const app = await createTestApp();
    try {
      await app.inject({ url: '/api/health' });
      expect(app.heldAnswers.get('/api/health')).toBeDefined();
      expect(app.heldAnswers.get('/api/health?x=1')).toBeUndefined();
      await app.db.destroy();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HEALTH_FRESH_MS });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
      expect(app.heldAnswers.get('/api/health')).toBeUndefined();
    } finally {
      vi.useRealTimers();
      await app.close().catch(() => undefined);
    }
  });
});

describe('sharedCheck', () => {
  it('shares one check among the requests that arrive while it is not yet started', async () => {
    const c = controlledCheck();
    const shared = sharedCheck(c.check);
    const first = shared();
    expect(c.calls()).toBe(1);
    // Arrived while the first check runs: they wait for the next one, which starts after it.
    const second = shared();
    const third = shared();
    await settle();
    expect(c.calls()).toBe(1);
    c.answer(0, true);
    expect(await first).toBe(true);
    await settle();
    expect(c.calls()).toBe(2);
    c.answer(1, false);
    expect([await second, await third]).toEqual([false, false]);
    // Nothing running: a new request starts its own check at once.
    const fourth = shared();
    expect(c.calls()).toBe(3);
    c.answer(2, true);
    expect(await fourth).toBe(true);
  });
});
