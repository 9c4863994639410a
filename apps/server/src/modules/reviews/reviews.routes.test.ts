import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { multipartImage } from '../../test/authz-matrix.recipes.ts';
import { reviewPicturesLocal } from '../../db/migrations/007-review-pictures-local.ts';
import { demoReviews } from '../../seed/demo-data.ts';

const RATING = 'Rating must be a whole number from 1 to 5';
const NOT_UPLOADED = 'Upload a picture; links to other sites are not accepted.';

describe('reviews', () => {
  let app: FastifyInstance;
  let customer: TestUser;
  let admin: TestUser;
  const post = (user: TestUser | null, payload: Record<string, unknown>) => as(app, user, { method: 'POST', url: '/api/reviews', payload });
  const count = async () =>
    Number(
      (
        await app.db
          .selectFrom('review')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

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

  const upload = (user: TestUser | null) => as(app, user, { method: 'POST', url: '/api/reviews/image', ...multipartImage() });

  it('adds a review with the name and email of the session and an uploaded picture; it comes first in the list', async () => {
    const uploaded = await upload(customer);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const img: string = uploaded.json().url;
    expect(img).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(path.join(app.config.UPLOAD_DIR, path.basename(img)))).toBe(true);
    const res = await post(customer, { rating: 4, img, note: '  Solid drills.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Carla Customer', rating: 4, img, note: 'Solid drills.' });
    const row = await app.db.selectFrom('review').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: customer.email, user_id: customer.id });

    const byAdmin = await post(admin, { rating: 5, img: '', note: 'Admins review too.' });
    expect(byAdmin.statusCode).toBe(201);
    const list = (await app.inject({ url: '/api/reviews' })).json();
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Ada Admin', 'Carla Customer']);
    // The reviewer's email is never published.
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it("shows the default avatar without an uploaded picture, never the account's remote one", async () => {
    const withPicture = await signUp(app);
    await app.db.updateTable('user').set({ image: 'https://lh3.example.com/me.png' }).where('id', '=', withPicture.id).execute();
    expect((await post(withPicture, { rating: 5, note: 'Nice' })).json().img).toBe('');
    expect((await post(customer, { rating: 5, img: '', note: 'No picture' })).json().img).toBe('');
  });

  it('takes a picture upload from a signed-in reviewer only, and an image only', async () => {
    expect((await upload(null)).statusCode).toBe(401);
    const script = await as(app, customer, {
      method: 'POST',
      url: '/api/reviews/image',
      ...multipartImage('image', Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png'),
    });
    expect(script.statusCode).toBe(415);
    expect(script.json().error.fields.image).toBe('The file must be a JPEG, PNG or WebP image.');
  });

  it("migration 007 turns pictures on other sites into the default avatar, and keeps the store's own", async () => {
    const at = new Date().toISOString();
    const rows = [
      'https://tracker.example.com/p.gif',
      '//cdn.example.com/x.png',
      '/uploads/0b9a3f3e-1b2c-4d5e-8f90-123456789abc.png',
      '/images/avatars/amelia.svg',
      '',
    ];
    const ids: number[] = [];
    for (const img of rows) {
      const row = await app.db
        .insertInto('review')
        .values({ user_id: null, name: 'Old', email: 'old@example.com', rating: 5, img, note: 'old', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await reviewPicturesLocal.up(app.db);
    const after = await app.db.selectFrom('review').select(['id', 'img']).where('id', 'in', ids).orderBy('id').execute();
    expect(after.map((r) => r.img)).toEqual(['', '', rows[2], rows[3], '']);
  });

  it('seeds demo reviews with pictures the web app ships, never a link to another site', () => {
    const publicDir = path.resolve(import.meta.dirname, '../../../../web/public');
    for (const review of demoReviews) {
      expect(review.img, review.name).toMatch(/^\/images\/avatars\/[a-z-]+\.svg$/);
      expect(existsSync(path.join(publicDir, review.img)), review.img).toBe(true);
    }
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
    ['a javascript: picture', { img: 'javascript:alert(1)' }, 'img', NOT_UPLOADED],
    ['a data: picture', { img: 'data:image/png;base64,AAAA' }, 'img', NOT_UPLOADED],
    ['a picture on another site (a tracking pixel)', { img: 'https://tracker.example.com/p.gif' }, 'img', NOT_UPLOADED],
    ['a protocol-relative picture', { img: '//tracker.example.com/p.png' }, 'img', NOT_UPLOADED],
    ['a path that is not an upload', { img: '/api/auth/sign-out' }, 'img', NOT_UPLOADED],
    ['a picture that is not a link', { img: 'me.png' }, 'img', NOT_UPLOADED],
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
