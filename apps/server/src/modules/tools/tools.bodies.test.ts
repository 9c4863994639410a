import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { insertTool } from './tools.repository.ts';

/** Bodies of the wrong shape must be a 400 in the error shape on every write route of this issue, never a 500. */
describe('write routes refuse bodies of the wrong shape', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let toolId: number;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUpAdmin(app);
    toolId = (
      await insertTool(app.db, {
        name: 'T',
        sku: 'T-1',
        description: 'd',
        img: '/images/tools/x.svg',
        priceCents: 1,
        available: 5,
        minimum: 1,
      })
    ).id;
  });
  afterAll(() => app.close());

  const routes = () => [
    { method: 'POST' as const, url: '/api/tools' },
    { method: 'PATCH' as const, url: `/api/tools/${toolId}` },
    { method: 'POST' as const, url: '/api/reviews' },
    { method: 'PUT' as const, url: '/api/me/profile' },
  ];
  const bodies = ['null', '[]', '"text"', '5', 'true', '{"__proto__":{"admin":true}}', '{"available":{"valueOf":1}}'];

  it.each(bodies)('body %s', async (body) => {
    for (const route of routes()) {
      const res = await as(app, admin, { ...route, payload: body, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(res.json().error.code, `${route.method} ${route.url}`).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
    }
  });

  it('a tool body with only the quantities wrong still names each field', async () => {
    const res = await as(app, admin, { method: 'POST', url: '/api/tools', payload: { available: 3, minimum: 4 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['description', 'img', 'minimum', 'name', 'priceCents', 'sku']);
  });
});
