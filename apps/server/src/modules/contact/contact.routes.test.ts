import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { messages } from '@toolsify/shared/messages';
import { createTestApp } from '../../test/helpers.ts';

const valid = { email: 'buyer@example.com', subject: 'Quote for 500 drills', message: 'Please send a quote for 500 cordless drills.' };

async function countMessages(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('contact_message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/contact', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('stores a message, trimmed, and answers 201 with its id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: '  buyer@example.com ', subject: ' Quote ', message: '  Hello there  ' },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toEqual(expect.any(Number));
    const row = await app.db.selectFrom('contact_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'buyer@example.com', subject: 'Quote', message: 'Hello there' });
    expect(row.ip).toBeTruthy();
    expect(row.created_at).toBeTruthy();
  });

  it('takes the subject as optional', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'a@example.com', message: 'No subject' } });
    expect(res.statusCode).toBe(201);
    const row = await app.db.selectFrom('contact_message').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.subject).toBe('');
  });

  it('rejects bad input field by field, in the error shape, and stores nothing', async () => {
    const before = await countMessages(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, email: '' }, 'email', messages.emailRequired],
      [{ ...valid, email: 'not-an-email' }, 'email', messages.emailInvalid],
      [{ ...valid, message: '   ' }, 'message', 'Please write a message'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Must be 5000 characters or shorter'],
      [{ ...valid, subject: 'x'.repeat(201) }, 'subject', 'Must be 200 characters or shorter'],
      [{ ...valid, email: 42 }, 'email', expect.any(String) as unknown as string],
      [{ ...valid, admin: true }, 'admin', 'This field is not allowed'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields[field]).toEqual(message);
    }
    expect(await countMessages(app)).toBe(before);
  });

  it('refuses bodies that are not JSON, empty or too large', async () => {
    const before = await countMessages(app);
    const form = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&message=hi',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const broken = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBeTruthy();

    const empty = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);

    const huge = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...valid, message: 'x'.repeat(20_000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await countMessages(app)).toBe(before);
  });

  it('refuses a post from another site', async () => {
    const before = await countMessages(app);
    const res = await app.inject({ method: 'POST', url: '/api/contact', headers: { origin: 'https://evil.example' }, payload: valid });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await countMessages(app)).toBe(before);
  });

  it('does not offer other methods on the messages', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/contact' })).statusCode).toBe(404);
  });
});

describe('POST /api/contact rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => app.close());

  it('answers 429 in the error shape after 5 messages from one address, and stores no more', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ method: 'POST', url: '/api/contact', payload: valid })).statusCode).toBe(201);
    }
    const limited = await app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(await countMessages(app)).toBe(5);
  });
});
