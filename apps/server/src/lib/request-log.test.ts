import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestApp, usePostgres } from '../test/helpers.ts';

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
