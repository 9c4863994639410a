import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';

const full = {
  phone: '+1 (555) 010-2030',
  education: 'BSc Mechanical Engineering',
  linkedin: 'https://www.linkedin.com/in/someone',
  address: '12 Mill Road, Leeds',
  company: '',
  taxId: '',
  invoiceEmail: '',
};

describe('my profile', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    alice = await signUp(app);
    bob = await signUp(app);
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('needs a session', async () => {
    for (const res of [
      await app.inject({ url: '/api/me/profile' }),
      await app.inject({ method: 'PUT', url: '/api/me/profile', payload: full }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers empty strings before anything is saved', async () => {
    const res = await as(app, alice, { url: '/api/me/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ phone: '', education: '', linkedin: '', address: '', company: '', taxId: '', invoiceEmail: '' });
  });

  it('saves the whole profile, replaces it on the next save, and keeps it per user', async () => {
    const saved = await as(app, alice, { method: 'PUT', url: '/api/me/profile', payload: { ...full, address: '  12 Mill Road, Leeds  ' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(full);
    expect((await as(app, alice, { url: '/api/me/profile' })).json()).toEqual(full);

    const partial = { phone: '', education: '', linkedin: '', address: 'Elsewhere 1', company: '', taxId: '', invoiceEmail: '' };
    expect((await as(app, alice, { method: 'PUT', url: '/api/me/profile', payload: partial })).json()).toEqual(partial);
    expect((await as(app, alice, { url: '/api/me/profile' })).json()).toEqual(partial);

    // Another user (an admin too) has a profile of their own.
    expect((await as(app, bob, { url: '/api/me/profile' })).json().address).toBe('');
    const adminSaved = await as(app, admin, { method: 'PUT', url: '/api/me/profile', payload: full });
    expect(adminSaved.statusCode).toBe(200);
    expect((await as(app, alice, { url: '/api/me/profile' })).json()).toEqual(partial);
  });

  it.each([
    ['linkedin', 'not a url', 'Provide a valid URL (https://...)'],
    ['linkedin', 'javascript:alert(1)', 'Provide a valid URL (https://...)'],
    ['linkedin', 'ftp://linkedin.com/in/x', 'Provide a valid URL (https://...)'],
    ['phone', 'call me', 'Provide a valid phone number'],
    ['phone', '1'.repeat(31), 'Must be 30 characters or shorter'],
    ['address', 'x'.repeat(501), 'Must be 500 characters or shorter'],
    ['education', 'x'.repeat(201), 'Must be 200 characters or shorter'],
  ])('refuses a bad %s (%s) and changes nothing', async (field, value, message) => {
    const before = (await as(app, bob, { url: '/api/me/profile' })).json();
    const res = await as(app, bob, { method: 'PUT', url: '/api/me/profile', payload: { ...full, [field]: value } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message);
    expect((await as(app, bob, { url: '/api/me/profile' })).json()).toEqual(before);
  });

  it('refuses unknown fields, missing fields and non-strings', async () => {
    const extra = await as(app, bob, { method: 'PUT', url: '/api/me/profile', payload: { ...full, user_id: alice.id } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields.user_id).toBe('This field is not allowed');
    const { phone: _phone, ...missing } = full;
    expect((await as(app, bob, { method: 'PUT', url: '/api/me/profile', payload: missing })).statusCode).toBe(400);
    expect((await as(app, bob, { method: 'PUT', url: '/api/me/profile', payload: { ...full, phone: 5551234 } })).statusCode).toBe(400);
    expect((await as(app, alice, { url: '/api/me/profile' })).json().address).toBe('Elsewhere 1');
  });
});
