import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';

const RATING = 'Rating must be a whole number from 1 to 5';

describe('reviews', () => {
  let app: FastifyInstance;
  let customer: TestUser;
  let admin: TestUser;
  const post = (user: TestUser | null, payload: Record<string, unknown>) => as(app, user, { method: 'POST', url: '/api/reviews', payload });
  const count = async () => Number((await app.db.selectFrom('review').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    app = await createTestApp();
    customer = await signUp(app, { name: 'Carla Customer' });
    admin = await signUpAdmin(app, { name: 'Ada Admin' });
  });
  afterAll(() => app.close());

  it('needs a session', async () => {
    const res = await post(null, { rating: 5, img: '', note: 'Great' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect(await count()).toBe(0);
  });

  it('adds a review with the name and email of the session; it comes first in the list', async () => {
    const res = await post(customer, { rating: 4, img: 'https://pics.example.com/carla.jpg', note: '  Solid drills.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Carla Customer', rating: 4, img: 'https://pics.example.com/carla.jpg', note: 'Solid drills.' });
    const row = await app.db.selectFrom('review').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: customer.email, user_id: customer.id });

    const byAdmin = await post(admin, { rating: 5, img: 'http://pics.example.com/ada.png', note: 'Admins review too.' });
    expect(byAdmin.statusCode).toBe(201);
    const list = (await app.inject({ url: '/api/reviews' })).json();
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Ada Admin', 'Carla Customer']);
    // The reviewer's email is never published.
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it('uses the account picture when no picture is given, and nothing when the account has none', async () => {
    const withPicture = await signUp(app);
    await app.db.updateTable('user').set({ image: 'https://lh3.example.com/me.png' }).where('id', '=', withPicture.id).execute();
    expect((await post(withPicture, { rating: 5, note: 'Nice' })).json().img).toBe('https://lh3.example.com/me.png');
    expect((await post(withPicture, { rating: 5, img: '', note: 'Nice' })).json().img).toBe('https://lh3.example.com/me.png');
    expect((await post(customer, { rating: 5, img: '', note: 'No picture' })).json().img).toBe('');

    const oddPicture = await signUp(app);
    await app.db.updateTable('user').set({ image: 'javascript:alert(1)' }).where('id', '=', oddPicture.id).execute();
    expect((await post(oddPicture, { rating: 3, note: 'x' })).json().img).toBe('');
  });

  it('keeps markup as plain text (the web app renders it as text)', async () => {
    const note = '<img src=x onerror="alert(1)"> <b>bold</b>';
    const res = await post(customer, { rating: 2, img: '', note });
    expect(res.json().note).toBe(note);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it.each([
    ['rating 0', { rating: 0 }, 'rating', RATING],
    ['rating 6', { rating: 6 }, 'rating', RATING],
    ['rating 4.5', { rating: 4.5 }, 'rating', RATING],
    ['rating as text', { rating: '5' }, 'rating', RATING],
    ['no rating', { rating: undefined }, 'rating', RATING],
    ['an empty review', { note: '   ' }, 'note', 'Review is Required'],
    ['no review', { note: undefined }, 'note', 'Review is Required'],
    ['a long review', { note: 'x'.repeat(1001) }, 'note', 'Must be 1000 characters or shorter'],
    ['a javascript: picture', { img: 'javascript:alert(1)' }, 'img', 'Picture must be an http:// or https:// link'],
    ['a data: picture', { img: 'data:image/png;base64,AAAA' }, 'img', 'Picture must be an http:// or https:// link'],
    ['a picture that is not a link', { img: 'me.png' }, 'img', 'Picture must be an http:// or https:// link'],
    ['a name from the body', { name: 'Somebody Else' }, 'name', 'This field is not allowed'],
    ['an email from the body', { email: 'boss@example.com' }, 'email', 'This field is not allowed'],
  ])('refuses %s and stores nothing', async (_label, change, field, message) => {
    const before = await count();
    const reviewer = await signUp(app); // a fresh account each time: attempts count towards the rate limit
    const res = await post(reviewer, { rating: 5, img: '', note: 'Fine', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it('limits how fast one account can post reviews', async () => {
    const spammer = await signUp(app);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await post(spammer, { rating: 5, note: `spam ${i}` })).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(answers[10]).toBe(429);
    // Another account is not affected.
    expect((await post(admin, { rating: 5, note: 'still fine' })).statusCode).toBe(201);
  });
});
