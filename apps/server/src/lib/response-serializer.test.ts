import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toolPageSchema } from '@toolsify/shared/tools';
import { errorBodySchema } from '@toolsify/shared/errors';
import { createTestApp } from '../test/helpers.ts';
import { compiledSerializerOf } from './response-serializer.ts';

const tool = {
  id: 7,
  name: 'Angle Grinder "Pro" 125 mm',
  sku: 'TF-AG125',
  description: 'Line one\nline two \u2028 and a </script> tag',
  img: '/images/tools/grinder.svg',
  priceCents: 4990,
  available: 12,
  minimum: 2,
  priceBreaks: [{ minQuantity: 10, unitPriceCents: 4500 }],
  packSize: 1,
  maxPerOrder: null,
  category: 'Power tools',
  createdAt: '2026-11-25T10:00:00.000Z',
};

describe('compiled response serializers', () => {
  it('write the JSON zod writes, leaving out what the schema does not name', () => {
    const page = { items: [{ ...tool, secret: 'never sent' }], nextCursor: 'abc', total: 1, internal: true };
    const written = compiledSerializerOf(toolPageSchema)(page);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(toolPageSchema.parse(page))));
    expect(written).not.toContain('secret');
    expect(written).not.toContain('internal');
    expect(JSON.parse(compiledSerializerOf(errorBodySchema)({ error: { code: 'X', message: 'm', fields: { a: 'b' } } }))).toEqual({
      error: { code: 'X', message: 'm', fields: { a: 'b' } },
    });
  });

  it('are compiled once per schema', () => {
    expect(compiledSerializerOf(toolPageSchema)).toBe(compiledSerializerOf(toolPageSchema));
  });
});

/** Routes whose answers break their schemas, on an app of the given mode. */
async function appWithBrokenAnswers(mode: 'test' | 'production'): Promise<FastifyInstance> {
  const app = await createTestApp({ NODE_ENV: mode, PAYMENTS: 'sandbox' });
  const ok = z.object({ status: z.literal('ok') });
  app.get('/api/test/wrong-value', { schema: { response: { 200: ok } } }, async () => ({ status: 'nope' }) as unknown as { status: 'ok' });
  const named = z.object({ name: z.string() });
  app.get('/api/test/wrong-type', { schema: { response: { 200: named } } }, async () => ({ name: 42 }) as unknown as { name: string });
  // A codec: what the handler holds (a number) is not what goes on the wire (a string). The
  // compiled serializer cannot convert it; the check in tests says so.
  const wire = z.object({ count: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
  app.get('/api/test/codec', { schema: { response: { 200: wire } } }, async () => ({ count: 5 }));
  return app;
}

describe('answers that break their schema', () => {
  let checked: FastifyInstance;
  let production: FastifyInstance;
  beforeAll(async () => {
    checked = await appWithBrokenAnswers('test');
    production = await appWithBrokenAnswers('production');
  });
  afterAll(async () => {
    await checked.close();
    await production.close();
  });

  it('are a 500 in tests and development, where every answer is validated', async () => {
    for (const url of ['/api/test/wrong-value', '/api/test/wrong-type', '/api/test/codec']) {
      const res = await checked.inject({ url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
    }
  });

  it('are written by the compiled serializer in production, as the schema says, without a validation per answer', async () => {
    const res = await production.inject({ url: '/api/test/wrong-type' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: '42' });
    // A literal is written as the schema's constant.
    expect((await production.inject({ url: '/api/test/wrong-value' })).json()).toEqual({ status: 'ok' });
  });
});
