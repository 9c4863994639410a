import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp } from '../../test/helpers.ts';

describe('GET /api/session', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers a visitor with user null (200), never cached', async () => {
    const res = await app.inject({ url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the signed-in user with their role', async () => {
    const user = await signUp(app);
    const res = await as(app, user, { url: '/api/session' });
    expect(res.json()).toEqual({ user: expect.objectContaining({ id: user.id, email: user.email, name: user.name, role: null }) });
  });

  it('treats a forged cookie as a visitor', async () => {
    const res = await app.inject({ url: '/api/session', headers: { cookie: 'toolsify.session_token=abc.def' } });
    expect(res.json()).toEqual({ user: null });
  });
});
