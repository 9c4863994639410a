import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/helpers.ts';
import { insertTool } from './tools.repository.ts';

describe('catalog', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    for (let i = 1; i <= 7; i++) {
      await insertTool(app.db, {
        name: `Tool ${i}`,
        sku: `TL-${i}`,
        description: `d${i}`,
        img: '/images/tools/x.svg',
        priceCents: i * 100,
        available: i * 10,
        minimum: 1,
      });
    }
  });
  afterAll(() => app.close());

  it('lists tools newest first with cursor pagination', async () => {
    const first = await app.inject({ url: '/api/tools?limit=3' });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((t: { name: string }) => t.name)).toEqual(['Tool 7', 'Tool 6', 'Tool 5']);
    expect(page1.items[0]).toMatchObject({ priceCents: 700, available: 70, minimum: 1 });
    const second = (await app.inject({ url: `/api/tools?limit=3&cursor=${page1.nextCursor}` })).json();
    expect(second.items.map((t: { name: string }) => t.name)).toEqual(['Tool 4', 'Tool 3', 'Tool 2']);
    const third = (await app.inject({ url: `/api/tools?limit=3&cursor=${second.nextCursor}` })).json();
    expect(third.items.map((t: { name: string }) => t.name)).toEqual(['Tool 1']);
    expect(third.nextCursor).toBeNull();
  });

  it('caps the page size at 100 and rejects junk in the query', async () => {
    expect((await app.inject({ url: '/api/tools?limit=101' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/tools?limit=abc' })).statusCode).toBe(400);
    const unknown = await app.inject({ url: '/api/tools?admin=1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers one tool, and 404 in the error shape for unknown or malformed ids', async () => {
    const list = (await app.inject({ url: '/api/tools?limit=1' })).json();
    const one = await app.inject({ url: `/api/tools/${list.items[0].id}` });
    expect(one.json().name).toBe('Tool 7');
    for (const id of ['999999', 'abc', '-1', '1.5', '0', '99999999999999']) {
      const res = await app.inject({ url: `/api/tools/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route GET /api/nothing-here' } });
  });

  it('reports health', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('router rejections', () => {
  it('answers an over-long or broken path in the error shape', async () => {
    const app = await createTestApp();
    try {
      const long = await app.inject({ url: `/api/tools/${'1'.repeat(200)}` });
      expect(long.statusCode).toBe(404);
      expect(long.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      const broken = await app.inject({ url: '/api/tools/%E0%A4%A' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.code).toBe('BAD_REQUEST');
    } finally {
      await app.close();
    }
  });
});
