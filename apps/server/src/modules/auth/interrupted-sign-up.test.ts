import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestApp, signUp } from '../../test/helpers.ts';

/** A user row with no credential: what a server killed mid-sign-up leaves behind. */
async function remnant(app: FastifyInstance, email: string, ageMs: number) {
  const at = new Date(Date.now() - ageMs);
  await app.db
    .insertInto('user')
    .values({
      id: `remnant-${ageMs}-${email}`,
      name: 'Half made',
      email,
      emailVerified: app.dialect === 'sqlite' ? 0 : false,
      image: null,
      role: null,
      deletedAt: null,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    })
    .execute();
}

/** Makes every credential insert fail, as a server killed between the two writes would. */
async function breakCredentialWrites(app: FastifyInstance, broken: boolean) {
  if (app.dialect === 'postgres') {
    if (broken) {
      await sql`create or replace function refuse_credential() returns trigger as $$ begin raise exception 'killed'; end $$ language plpgsql`.execute(
        app.db,
      );
      await sql`create trigger refuse_credential before insert on account for each row execute function refuse_credential()`.execute(
        app.db,
      );
    } else {
      await sql`drop trigger refuse_credential on account`.execute(app.db);
    }
  } else if (broken) {
    await sql`create trigger refuse_credential before insert on account begin select raise(abort, 'killed'); end`.execute(app.db);
  } else {
    await sql`drop trigger refuse_credential`.execute(app.db);
  }
}

const signUpAs = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, name: 'Again', password: 'secret-pass-1' } });

describe('a sign-up interrupted between the user and its credential', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('does not lock the email out: signing up again works and can sign in', async () => {
    await remnant(app, 'crashed@example.com', 60_000);
    const res = await signUpAs(app, 'crashed@example.com');
    expect(res.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'crashed@example.com', password: 'secret-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    const users = await app.db.selectFrom('user').select('id').where('email', '=', 'crashed@example.com').execute();
    expect(users).toHaveLength(1);
  });

  it('leaves a sign-up that may still be in progress alone', async () => {
    await remnant(app, 'in-flight@example.com', 0);
    const res = await signUpAs(app, 'in-flight@example.com');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await app.db.selectFrom('user').select('id').where('email', '=', 'in-flight@example.com').execute()).toHaveLength(1);
  });

  it('never touches a real account', async () => {
    const real = await signUp(app, { email: 'real@example.com' });
    await app.db
      .updateTable('user')
      .set({ createdAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', real.id)
      .execute();
    const res = await signUpAs(app, 'real@example.com');
    expect(res.statusCode).toBe(422);
    expect(await app.db.selectFrom('user').select('id').where('id', '=', real.id).execute()).toHaveLength(1);
  });

  it('on PostgreSQL writes the user and its credential together; on SQLite leaves a remnant the next sign-up clears', async () => {
    const email = 'half-written@example.com';
    await breakCredentialWrites(app, true);
    try {
      const res = await signUpAs(app, email);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toHaveProperty('error.message');
    } finally {
      await breakCredentialWrites(app, false);
    }
    // PostgreSQL kept nothing, so the retry (which another process may take at once) just works;
    // SQLite kept the user alone, which the next sign-up clears once the grace period is over.
    const users = await app.db.selectFrom('user').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(app.dialect === 'postgres' ? 0 : 1);
    await app.db
      .updateTable('user')
      .set({ createdAt: new Date(Date.now() - 60_000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect((await signUpAs(app, email)).statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'secret-pass-1' } });
    expect(login.statusCode).toBe(200);
  });
});
