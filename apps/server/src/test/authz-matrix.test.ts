import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { callers, createMatrixApp, recipes, send, type Caller, type Fixtures } from './authz-matrix.recipes.ts';
import { findInvariantViolations } from './invariants.ts';

/**
 * The authorization matrix: every route the server registers (collected by Fastify's onRoute),
 * called as a visitor, customer A (who owns the fixtures), customer B (who owns nothing) and
 * an admin. The one table of expected statuses is below; a route that is not in it fails.
 * How each route is called (real fixtures: A's order, a paid order, a tool...) lives in
 * authz-matrix.recipes.ts, shared with the abuse and fuzz tests.
 *
 *                                        visitor  A    B    admin
 */
// prettier-ignore (the table keeps its columns)
const expected: Record<string, [anon: number, a: number, b: number, admin: number]> = {
  // System and catalog: public reads, admin writes
  'GET /api/health': [200, 200, 200, 200],
  'GET /api/config': [200, 200, 200, 200],
  'GET /api/tools': [200, 200, 200, 200],
  'GET /api/tools/:id': [200, 200, 200, 200],
  'GET /api/tools/categories': [200, 200, 200, 200],
  'POST /api/tools/by-sku': [200, 200, 200, 200],
  'POST /api/tools/by-id': [200, 200, 200, 200],
  'POST /api/tools': [401, 403, 403, 201],
  'GET /api/tools/manage': [401, 403, 403, 200],
  'GET /api/tools/export.csv': [401, 403, 403, 200],
  'POST /api/tools/import': [401, 403, 403, 200],
  'GET /api/tools/:id/stock-history': [401, 403, 403, 200],
  'PATCH /api/tools/:id': [401, 403, 403, 200],
  'DELETE /api/tools/:id': [401, 403, 403, 204],
  'PATCH /api/tools/categories/:name': [401, 403, 403, 200],
  'DELETE /api/tools/categories/:name': [401, 403, 403, 200],
  'POST /api/uploads': [401, 403, 403, 201],
  'POST /api/contact': [201, 201, 201, 201],
  'GET /api/me/stock-alerts': [401, 200, 200, 200],
  'POST /api/tools/:id/stock-alert': [401, 200, 200, 200],
  'DELETE /api/tools/:id/stock-alert': [401, 200, 200, 200],
  'GET /api/reviews': [200, 200, 200, 200],
  'POST /api/reviews': [401, 201, 201, 201],
  'POST /api/reviews/image': [401, 201, 201, 201],
  'GET /api/contact/messages': [401, 403, 403, 200],
  'POST /api/contact/messages/:id/read': [401, 403, 403, 200],
  'DELETE /api/contact/messages/:id/read': [401, 403, 403, 200],
  'GET /api/reviews/all': [401, 403, 403, 200],
  'POST /api/reviews/:id/hidden': [401, 403, 403, 200],
  'DELETE /api/reviews/:id/hidden': [401, 403, 403, 200],

  // Account (better-auth's mount: a session read; endpoints the store does not use answer 404)
  'GET /api/auth/*': [200, 200, 200, 200],
  'POST /api/auth/*': [404, 404, 404, 404],
  'POST /api/auth/sign-up/email': [200, 200, 200, 200],
  'POST /api/auth/sign-in/email': [401, 401, 401, 401],
  'POST /api/auth/request-password-reset': [200, 200, 200, 200],
  'POST /api/auth/reset-password': [400, 400, 400, 400],
  'POST /api/auth/send-verification-email': [200, 400, 200, 400],
  'POST /api/auth/sign-in/social': [404, 404, 404, 404],
  'GET /api/me': [401, 200, 200, 200],
  'GET /api/session': [200, 200, 200, 200],
  'GET /api/me/profile': [401, 200, 200, 200],
  'PUT /api/me/profile': [401, 200, 200, 200],
  'GET /api/cart': [401, 200, 200, 200],
  'PUT /api/cart': [401, 200, 200, 200],

  // Saved lists: a buyer's own; anyone else learns nothing (404), the admin too
  'GET /api/lists': [401, 200, 200, 200],
  'POST /api/lists': [401, 201, 201, 201],
  'GET /api/lists/:id': [401, 200, 404, 404],
  'PUT /api/lists/:id': [401, 200, 404, 404],
  'DELETE /api/lists/:id': [401, 204, 404, 404],

  // Ship-to addresses: a buyer's own; anyone else learns nothing (404), the admin too
  'GET /api/me/addresses': [401, 200, 200, 200],
  'POST /api/me/addresses': [401, 201, 201, 201],
  'PUT /api/me/addresses/:id': [401, 200, 404, 404],
  'DELETE /api/me/addresses/:id': [401, 204, 404, 404],

  // Users: admin only
  'GET /api/users': [401, 403, 403, 200],
  'POST /api/users/:id/admin': [401, 403, 403, 200],
  'DELETE /api/users/:id': [401, 403, 403, 204],
  'DELETE /api/users/:id/admin': [401, 403, 403, 200],

  // Orders: A's order is A's and the admin's; B learns nothing (404, not 403)
  'POST /api/orders': [401, 201, 201, 201],
  'GET /api/orders/mine': [401, 200, 200, 200],
  'GET /api/orders/mine/recent-unpaid': [401, 200, 200, 200],
  'GET /api/orders/mine/export.csv': [401, 200, 200, 200],
  'GET /api/orders': [401, 403, 403, 200],
  'GET /api/orders/export.csv': [401, 403, 403, 200],
  'GET /api/orders/:id': [401, 200, 404, 200],
  'GET /api/orders/:id/invoice.pdf': [401, 200, 404, 200],
  'GET /api/orders/:id/credit-note.pdf': [401, 200, 404, 200],
  'DELETE /api/orders/:id': [401, 200, 404, 200],
  'POST /api/orders/:id/ship': [401, 403, 403, 200],
  'POST /api/orders/:id/refund': [401, 403, 403, 200],
  'PUT /api/orders/:id/shipment': [401, 403, 403, 200],

  // Sales dashboard: admin only
  'GET /api/stats': [401, 403, 403, 200],
  'GET /api/audit': [401, 403, 403, 200],

  // Payments: only the buyer pays; the webhook answers a forged signature with 400
  'POST /api/orders/:id/payment-intent': [401, 200, 404, 404],
  'POST /api/orders/:id/payment/confirm': [401, 200, 404, 404],
  'POST /api/payments/sandbox/confirm': [401, 200, 404, 404],
  'POST /api/payments/webhook': [400, 400, 400, 400],

  // API documentation: public
  'GET /api/docs': [200, 200, 200, 200],
  'HEAD /api/docs/': [200, 200, 200, 200],
  'GET /api/docs/json': [200, 200, 200, 200],
  'GET /api/docs/yaml': [200, 200, 200, 200],
  'GET /api/docs/static/index.html': [302, 302, 302, 302],
  'GET /api/docs/static/swagger-initializer.js': [200, 200, 200, 200],
  'GET /api/docs/static/*': [200, 200, 200, 200],

  // The web app's shell for every other path, and uploaded files
  'GET /': [200, 200, 200, 200],
  'GET /home': [200, 200, 200, 200],
  'GET /*': [200, 200, 200, 200],
  'GET /index.html': [200, 200, 200, 200],
  'GET /tools/:id': [200, 200, 200, 200],
  'GET /tools': [200, 200, 200, 200],
  'GET /blogs': [200, 200, 200, 200],

  // For crawlers: public
  'GET /sitemap.xml': [200, 200, 200, 200],
  'GET /sitemap/:file': [200, 200, 200, 200],
  'GET /robots.txt': [200, 200, 200, 200],
  'GET /uploads/*': [404, 404, 404, 404],
};

/**
 * The /api answers that are the same for every caller (and may be kept, revalidated by ETag):
 * every other /api answer may depend on the session and must say `no-store`.
 */
const publicAnswers = new Set([
  'GET /api/health',
  'GET /api/config',
  'GET /api/tools',
  'GET /api/tools/:id',
  'GET /api/tools/categories',
  'GET /api/reviews',
]);

describe('authorization matrix', () => {
  let app: FastifyInstance;
  let routes: string[];
  let fx: Fixtures;

  beforeAll(async () => {
    ({ app, routes, fx } = await createMatrixApp());
  });
  afterAll(() => app?.close());

  it('has an expectation and a recipe for every registered route, and none for a route that does not exist', () => {
    const missing = routes.filter((key) => !(key in expected));
    const noRecipe = routes.filter((key) => !(key in recipes));
    const stale = Object.keys(expected).filter((key) => !routes.includes(key));
    expect({ missing, noRecipe, stale }).toEqual({ missing: [], noRecipe: [], stale: [] });
  });

  it('answers every route with the expected status for each caller, errors in the error shape', async () => {
    const mismatches: string[] = [];
    for (const key of routes) {
      const want = expected[key];
      const recipe = recipes[key];
      if (!want || !recipe) continue;
      for (const [i, caller] of callers.entries()) {
        const call = await recipe(fx, caller as Caller);
        const res = await send(fx, caller, call);
        if (res.statusCode !== want[i]) {
          mismatches.push(
            `${key} as ${caller}: ${res.statusCode}, expected ${want[i]} (${call.method} ${call.url}) ${res.body.slice(0, 160)}`,
          );
          continue;
        }
        if (call.url.startsWith('/api/') && !key.startsWith('GET /api/docs') && !key.startsWith('HEAD /api/docs')) {
          const cacheControl = publicAnswers.has(key) ? 'no-cache' : 'no-store';
          if (res.headers['cache-control'] !== cacheControl) {
            mismatches.push(`${key} as ${caller}: Cache-Control ${String(res.headers['cache-control'])}, expected ${cacheControl}`);
          }
        }
        const isApiError = res.statusCode >= 400 && call.method !== 'HEAD' && call.url.startsWith('/api/');
        if (isApiError) {
          const body = res.json() as { error?: { code?: unknown; message?: unknown } };
          if (typeof body.error?.code !== 'string' || typeof body.error?.message !== 'string') {
            mismatches.push(`${key} as ${caller}: ${res.statusCode} not in the error shape: ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses a visitor with 401 before reading the body, however broken it is', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const key of routes) {
      const [method, path] = key.split(' ') as [string, string];
      // Sign-in's 401 is a wrong password, not a guard.
      if (expected[key]?.[0] !== 401 || method === 'GET' || method === 'HEAD' || path.startsWith('/api/auth/')) continue;
      const url = path.replace(':id', '1');
      for (const payload of ['{"not json', JSON.stringify({ unexpected: 'x'.repeat(10) })]) {
        const res = await app.inject({
          method: method as 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        });
        checked += 1;
        if (res.statusCode !== 401) mismatches.push(`${key} with ${payload.slice(0, 12)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
  });

  it('keeps the store invariants after the matrix ran', async () => {
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });
});
