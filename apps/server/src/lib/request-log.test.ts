import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { createTestApp, usePostgres } from '../test/helpers.ts';
import { rawGet } from '../test/raw-http.ts';
import { requestLog } from './request-log.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, '../test/fixtures/buffered-log-app.ts');

type Line = { msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number };
const parse = (text: string): Line[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

describe('the request log', () => {
  it('writes one line per request, when it is answered: method, URL, status and time', async () => {
    const written: string[] = [];
    const app = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void written.push(line) } });
    try {
      await app.inject({ url: '/api/health' });
      await app.inject({ url: '/api/tools?limit=2' });
      await app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'nope' } });
      const requests = parse(written.join('')).filter((l) => l.req);
      expect(requests.map((l) => [l.msg, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
        ['request completed', 'GET', '/api/health', 200],
        ['request completed', 'GET', '/api/tools?limit=2', 200],
        ['request completed', 'POST', '/api/contact', 400],
      ]);
      for (const line of requests) {
        expect(line.responseTime).toBeGreaterThanOrEqual(0);
        expect(line.reqId).toEqual(expect.any(String));
      }
      expect(written.join('')).not.toContain('incoming request');
    } finally {
      await app.close();
    }
  });

  it('writes the line of a request answered before the router as pino writes a routed one', async () => {
    const written: string[] = [];
    const app = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void written.push(line) } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/tools?limit=2`;
      await rawGet(url, 'GET', {}); // routed: the route prepares the page
      await rawGet(url, 'GET', {}); // answered before the router
      const [routed, front] = written
        .join('')
        .split('\n')
        .filter((l) => l.includes('request completed'))
        .map((l) => JSON.parse(l) as Record<string, unknown> & { reqId: string; req: Record<string, unknown> });
      expect(front?.reqId).toMatch(/^prepared-/);
      // The same fields in the same order, the same values but for the request's own.
      const shape = (line: Record<string, unknown>): string =>
        JSON.stringify(line, (key, value: unknown) => (typeof value === 'object' || key === '' ? value : typeof value));
      expect(shape(front!)).toBe(shape(routed!));
      const own = (line: Record<string, unknown> & { req: Record<string, unknown> }) => ({
        ...line,
        reqId: undefined,
        time: undefined,
        responseTime: undefined,
        req: { ...line.req, remotePort: undefined },
      });
      expect(own(front!)).toEqual(own(routed!));
    } finally {
      await app.close();
    }
  });

  it('redacts tokens from the URL of a line written before the router, and writes none below info', () => {
    const lines: string[] = [];
    const log = requestLog(testConfig({ LOG_LEVEL: 'info' }), { write: (line) => void lines.push(line) });
    const request = {
      reqId: 'prepared-1',
      method: 'GET',
      host: undefined,
      remoteAddress: '127.0.0.1',
      remotePort: 1,
      statusCode: 200,
      responseTime: 0.1,
    };
    log.answered!({ ...request, url: '/api/auth/reset-password/secret-token?callbackURL=x&token=abc' });
    const line = JSON.parse(lines[0]!) as { req: Record<string, unknown> };
    expect(line.req.url).toBe('/api/auth/reset-password/[redacted]?callbackURL=x&token=[redacted]');
    expect(Object.keys(line.req)).toEqual(['method', 'url', 'remoteAddress', 'remotePort']);
    expect(requestLog(testConfig({ LOG_LEVEL: 'warn' }), { write: () => undefined }).answered).toBeNull();
  });

  // The store's own output: buffered writes to stdout, flushed when the app closes and when the
  // process exits without closing it. (A process of its own on SQLite: once is enough.)
  for (const ending of ['close', 'exit'] as const) {
    it.runIf(!usePostgres)(`loses no line of a buffered stdout when the process ends by ${ending}`, { timeout: 90_000 }, async () => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture, ending], {
        cwd: path.join(here, '../..'),
        timeout: 80_000,
      });
      const requests = parse(stdout).filter((l) => l.msg === 'request completed');
      expect(requests.map((l) => `${l.req?.url} ${l.res?.statusCode}`)).toEqual([
        '/api/health 200',
        '/api/tools?limit=2 200',
        '/api/no-such-thing 404',
      ]);
    });
  }
});
