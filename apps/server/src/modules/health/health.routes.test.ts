import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { sharedCheck } from './health.routes.ts';

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
