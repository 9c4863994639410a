import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createMatrixApp, recipes, send, type Call, type Caller, type Fixtures } from './authz-matrix.recipes.ts';
import { assertInvariants, databaseFingerprint } from './invariants.ts';

/**
 * A property-based fuzz over every route the server registers: start from the route's valid
 * request (authz-matrix.recipes.ts), then break its path parameters, body, query and content
 * type in random ways, as a random caller. Whatever arrives: never a 5xx, every API error in
 * the error shape, and a refused (4xx) request changes nothing in the database.
 * FUZZ_RUNS=20000 runs it longer (2,000 runs by default).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
/** FUZZ_SEED=<the seed a failure printed> runs that failure's sequence again. */
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** FUZZ_COLLECT=1: do not stop at the first failure; list one example per route and kind. */
const COLLECT = Boolean(process.env.FUZZ_COLLECT);

/** Values that break parsers, validators and SQL. */
const nastyScalars = [
  -1,
  0,
  1.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 53 + 2,
  Number.MIN_VALUE,
  '',
  ' ',
  '0',
  '1',
  '-1',
  '1.5',
  '1e3',
  'NaN',
  'Infinity',
  'null',
  'true',
  'ten',
  '0x10',
  '١٢',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; DROP TABLE orders; --',
  '\u0000',
  '\ud800',
  '%00',
  '../../etc/passwd',
  '__proto__',
  'a'.repeat(5_000),
  null,
  true,
  false,
  [],
  {},
  { $gt: 0 },
  { __proto__: { admin: true } },
  [1, 2, 3],
];

/** Fields a client must never set: price, stock, payment, status, role, ownership. */
const forbiddenKeys = [
  'id',
  'price',
  'priceCents',
  'unitPriceCents',
  'amountCents',
  'available',
  'stock',
  'paid',
  'status',
  'shipment',
  'transactionId',
  'role',
  'admin',
  'buyer',
  'buyerEmail',
  'buyerName',
  'userId',
  'user_id',
  'email',
  'name',
  'emailVerified',
  'deletedAt',
  'createdAt',
  '__proto__',
  'constructor',
];

const nastyParams = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '01',
  '+1',
  ' 1',
  '2147483648',
  '99999999999999999999',
  'abc',
  'null',
  'NaN',
  '%00',
  '%2e%2e',
  '..%2f..%2fetc',
  '%F0%9F%92%A5',
  "1'%20OR%201=1",
  '1;DROP',
  '%3Cscript%3E',
  'x'.repeat(300),
];

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyScalars) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.integer({ min: -10, max: 10_000_000 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const deepArray = '['.repeat(4_000) + ']'.repeat(4_000);
const deepObject = '{"a":'.repeat(4_000) + '1' + '}'.repeat(4_000);

const bodyMutation = fc.oneof(
  fc.constant({ kind: 'keep' as const }),
  fc.record({ kind: fc.constant('set' as const), value }),
  fc.record({ kind: fc.constant('add' as const), key: fc.oneof(fc.constantFrom(...forbiddenKeys), fc.string({ maxLength: 12 })), value }),
  fc.constant({ kind: 'drop' as const }),
  fc.record({ kind: fc.constant('replace' as const), value: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(
      fc.string({ maxLength: 60 }),
      // The last two nest 4,000 levels deep (once a stack overflow, a 500, on any route).
      fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"toolId":1,}', '\u0000', '<xml/>', deepArray, deepObject),
    ),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/octet-stream',
      'image/png',
    ),
  }),
);

const paramMutation = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'keep' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('nasty' as const), value: fc.constantFrom(...nastyParams) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('near' as const), offset: fc.integer({ min: -3, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('random' as const), value: fc.string({ minLength: 1, maxLength: 20 }) }) },
);

const queryMutation = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'limit',
          'cursor',
          'sort',
          'q',
          'inStock',
          'minPrice',
          'maxPrice',
          'admin',
          'role',
          'buyer',
          'limit[]',
          '__proto__[x]',
        ),
        fc.constantFrom(...nastyParams),
      )
      .map(([k, v]) => `${k}=${v}`),
  },
);

function mutateUrl(url: string, pattern: string, mutation: { kind: string; value?: string; offset?: number }): string {
  if (mutation.kind === 'keep') return url;
  // Replace the parameter segments (`:id`, or the tail of a `*` route) of the concrete URL.
  const patternParts = pattern.split('/');
  const urlParts = url.split('?')[0]!.split('/');
  const out = urlParts.map((part, i) => {
    const p = patternParts[i];
    if (!p || !(p.startsWith(':') || p === '*')) return part;
    if (mutation.kind === 'near') {
      const n = Number(part);
      return Number.isInteger(n) ? String(n + (mutation.offset ?? 0)) : part;
    }
    if (mutation.kind === 'random') return encodeURIComponent(mutation.value ?? '');
    return mutation.value ?? part;
  });
  const query = url.includes('?') ? `?${url.split('?')[1]}` : '';
  return out.join('/') + query;
}

type BodyMutation = typeof bodyMutation extends fc.Arbitrary<infer T> ? T : never;

function mutateBody(call: Call, mutation: BodyMutation, pickKey: number): Partial<InjectOptions> {
  const base = call.payload;
  const isObject = base !== null && typeof base === 'object' && !Buffer.isBuffer(base);
  switch (mutation.kind) {
    case 'keep':
      return {};
    case 'raw':
      return { payload: mutation.text, headers: { 'content-type': mutation.contentType } };
    case 'replace':
      return { payload: JSON.stringify(mutation.value), headers: { 'content-type': 'application/json' } };
    case 'set':
    case 'drop': {
      if (!isObject) return {};
      const keys = Object.keys(base as object);
      if (keys.length === 0) return {};
      const key = keys[pickKey % keys.length]!;
      const next = { ...(base as Record<string, unknown>) };
      if (mutation.kind === 'drop') delete next[key];
      else next[key] = mutation.value;
      return { payload: JSON.stringify(next), headers: { 'content-type': 'application/json' } };
    }
    case 'add': {
      const next = isObject ? { ...(base as Record<string, unknown>) } : {};
      // defineProperty so "__proto__" becomes a real own key in the JSON, as an attacker sends it.
      Object.defineProperty(next, mutation.key, { value: mutation.value, enumerable: true, configurable: true, writable: true });
      return { payload: JSON.stringify(next), headers: { 'content-type': 'application/json' } };
    }
  }
}

describe('fuzz: every route, every caller, broken inputs', () => {
  let app: FastifyInstance;
  let routes: string[];
  let fx: Fixtures;
  /** One valid request per route, made once and refreshed now and then (fresh fixtures). */
  const baseCalls = new Map<string, Call>();

  beforeAll(async () => {
    ({ app, routes, fx } = await createMatrixApp());
    routes = routes.filter((key) => recipes[key] && !key.startsWith('HEAD '));
  });
  afterAll(() => app?.close());

  const collected = new Map<string, string>();
  /** How the fuzzed requests were answered, by status: proof that they reached past the guards. */
  const statuses = new Map<number, number>();
  const fail = (kind: string, key: string, message: string) => {
    if (!COLLECT) throw new Error(message);
    if (!collected.has(`${kind} ${key}`)) collected.set(`${kind} ${key}`, message);
  };

  it(`never answers 5xx and never changes anything on a 4xx (${RUNS} runs)`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          route: fc.integer({ min: 0, max: 10_000 }),
          caller: fc.constantFrom<Caller>('anon', 'a', 'b', 'admin'),
          fresh: fc.integer({ min: 0, max: 9 }),
          params: paramMutation,
          body: bodyMutation,
          pickKey: fc.nat(),
          query: queryMutation,
        }),
        async (input) => {
          const key = routes[input.route % routes.length]!;
          const [method, pattern] = key.split(' ') as [HTTPMethods, string];
          let call = baseCalls.get(key);
          if (!call || input.fresh === 0) {
            call = await recipes[key]!(fx, input.caller);
            baseCalls.set(key, call);
          }
          let url = mutateUrl(call.url, pattern, input.params);
          if (input.query) url += (url.includes('?') ? '&' : '?') + input.query;
          const body = method === 'GET' || method === 'DELETE' ? {} : mutateBody(call, input.body, input.pickKey);

          const before = await databaseFingerprint(app.db);
          const res: LightMyRequestResponse = await send(fx, input.caller, { ...call, url }, body);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const detail = `${input.caller} ${method} ${url} ${JSON.stringify(body.payload ?? call.payload ?? null)?.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;

          if (res.statusCode >= 500) fail('5xx', key, `5xx: ${detail}`);
          if (res.statusCode >= 400) {
            const after = await databaseFingerprint(app.db);
            if (after !== before)
              fail('changed', key, `a ${res.statusCode} changed the database: ${detail}\n  before ${before}\n  after  ${after}`);
            if (url.startsWith('/api/')) {
              let shaped = false;
              try {
                const json = res.json() as { error?: { code?: unknown; message?: unknown } };
                shaped = typeof json.error?.code === 'string' && typeof json.error.message === 'string';
              } catch {
                shaped = false;
              }
              if (!shaped) fail('shape', key, `error not in the error shape: ${detail}`);
            }
          }
        },
      ),
      { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    expect([...collected.values()]).toEqual([]);
    await assertInvariants(app.db);
  });

  it('reached every kind of answer: successes, validation errors, auth refusals, not found', () => {
    expect(routes.some((r) => r.startsWith('POST '))).toBe(true);
    expect(routes.some((r) => r.includes(':id'))).toBe(true);
    const seen = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    if (COLLECT) console.info(`fuzz answers by status: ${JSON.stringify(seen)}`);
    for (const status of [200, 201, 400, 401, 403, 404]) expect(seen[status], `${status} in ${JSON.stringify(seen)}`).toBeGreaterThan(0);
  });
});
