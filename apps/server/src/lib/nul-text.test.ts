import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.ts';
import { MAX_JSON_DEPTH, findTextProblem } from './nul-text.ts';

/** `{"a":{"a":...{"a":"x"}}}`, `levels` objects deep, as text (JSON.stringify would recurse). */
function nestedJson(levels: number): string {
  return '{"a":'.repeat(levels) + '"x"' + '}'.repeat(levels);
}

describe('the request text check', () => {
  it('finds the first NUL in a value or a key, with its path', () => {
    expect(findTextProblem({ name: 'ok', items: [{ note: 'a' }, { note: 'b\0' }] })).toEqual({ kind: 'nul', path: 'items.1.note' });
    expect(findTextProblem({ first: 'x\0', second: 'y\0' })).toEqual({ kind: 'nul', path: 'first' });
    expect(findTextProblem({ 'ke\0y': 1 })).toEqual({ kind: 'nul', path: 'ke\0y' });
    expect(findTextProblem('\0')).toEqual({ kind: 'nul', path: '' });
    expect(findTextProblem({ a: [1, null, true, 'fine'] })).toBeUndefined();
  });

  it('finds half a character (a lone surrogate), and lets whole ones through', () => {
    expect(findTextProblem({ address: 'Dock \ud800 Road' })).toEqual({ kind: 'lone-surrogate', path: 'address' });
    expect(findTextProblem({ lines: [{ note: 'x\udc00' }] })).toEqual({ kind: 'lone-surrogate', path: 'lines.0.note' });
    expect(findTextProblem({ ['k\udbff']: 1 })).toEqual({ kind: 'lone-surrogate', path: 'k\udbff' });
    expect(findTextProblem({ note: 'drill 😀 電動ドリル é' })).toBeUndefined();
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and refuses one more, without recursing`, () => {
    expect(findTextProblem(JSON.parse(nestedJson(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(findTextProblem(JSON.parse(nestedJson(MAX_JSON_DEPTH + 1)))).toEqual({ kind: 'too-deep' });
    // Deep enough that a recursive walk would overflow the stack.
    expect(findTextProblem(JSON.parse(nestedJson(200_000)))).toEqual({ kind: 'too-deep' });
  });
});

describe('a deeply nested body from an anonymous caller', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['/api/auth/request-password-reset', 4_000],
    ['/api/auth/sign-in/email', 4_000],
    ['/api/auth/sign-in/email', 100_000],
    // Contact takes 16 kB at most: deep enough to have recursed, small enough to be read.
    ['/api/contact', 1_000],
    ['/api/health', 4_000],
  ])('answers 400 on %s at %i levels', async (url, levels) => {
    {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload: nestedJson(levels),
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe(`This request nests more than ${MAX_JSON_DEPTH} levels deep.`);
    }
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
