import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  createMatrixApp,
  idempotencyKey,
  multipartImage,
  orderBody,
  recipes,
  sandboxConfirmBody,
  send,
  type Call,
  type Caller,
  type Fixtures,
} from './authz-matrix.recipes.ts';
import { MAX_JSON_DEPTH } from '../lib/nul-text.ts';
import { as, type TestUser } from './helpers.ts';
import { databaseFingerprint, findInvariantViolations } from './invariants.ts';

/**
 * Abuse: what an attacker or a broken client sends. Fields a client must never set (price,
 * stock, payment, status, role, buyer) are refused; another customer's order does not exist;
 * malformed ids, bad quantities, oversized bodies and wrong content types get a clear 4xx in
 * the error shape, never a 5xx, and the database is exactly as it was.
 */

/**
 * Sends a request that must be refused and answers what is wrong with the answer (nothing:
 * an empty list): the status, the error shape, the code and field if given, and no change
 * at all in the database.
 */
async function refusal(
  app: FastifyInstance,
  request: () => Promise<LightMyRequestResponse>,
  want: { status: number | number[]; code?: string; field?: string },
  label: string,
): Promise<string[]> {
  const before = await databaseFingerprint(app.db);
  const res = await request();
  const problems: string[] = [];
  const statuses = Array.isArray(want.status) ? want.status : [want.status];
  const answer = `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (!statuses.includes(res.statusCode)) problems.push(`${label}: answered ${answer}, expected ${statuses.join(' or ')}`);
  let body: { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } } = {};
  try {
    body = res.json();
  } catch {
    problems.push(`${label}: not JSON: ${answer}`);
  }
  if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string' || !/\w/.test(body.error.message)) {
    problems.push(`${label}: not in the error shape: ${answer}`);
  }
  if (want.code && body.error?.code !== want.code) problems.push(`${label}: code ${String(body.error?.code)}, expected ${want.code}`);
  if (want.field && !(want.field in (body.error?.fields ?? {})))
    problems.push(`${label}: does not name the field ${want.field}: ${answer}`);
  if ((await databaseFingerprint(app.db)) !== before) problems.push(`${label}: the database changed`);
  return problems;
}

/** How deep the nested-body abuse goes: an anonymous caller's 4,000 levels once answered 500. */
const NESTED_LEVELS = 4_000;
const TOO_DEEP = `This request nests more than ${MAX_JSON_DEPTH} levels deep.`;

let addressSeq = 0;
/** A client address of its own: per-address rate limits are not what these checks are about. */
function freshAddress(): string {
  addressSeq += 1;
  return `10.7.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
}

/** A request of `user`, as `refusal` makes it: from a client address of its own. */
function sending(app: FastifyInstance, user: TestUser | null, options: InjectOptions): () => Promise<LightMyRequestResponse> {
  return () => as(app, user, { ...options, remoteAddress: freshAddress() });
}

describe('abuse', () => {
  let app: FastifyInstance;
  let routes: string[];
  let fx: Fixtures;

  beforeAll(async () => {
    ({ app, routes, fx } = await createMatrixApp());
  });
  afterAll(() => app?.close());

  /** Who may use a route: the admin for admin-only routes, else customer A. */
  async function ownerOf(key: string): Promise<Caller> {
    const call = await recipes[key]!(fx, 'a');
    const res = await send(fx, 'a', call);
    return res.statusCode === 403 ? 'admin' : 'a';
  }

  const bodyRoutes = () => routes.filter((key) => /^(POST|PUT|PATCH) \/api\//.test(key));
  const idRoutes = () =>
    routes
      .filter((key) => key.startsWith('GET /api/') || key.startsWith('DELETE /api/') || bodyRoutes().includes(key))
      .filter((key) => key.includes('/:id'));

  describe('fields a client must never set', () => {
    const orderFields: Record<string, unknown> = {
      price: 1,
      priceCents: 1,
      unitPriceCents: 1,
      totalCents: 1,
      amountCents: 1,
      stock: 1_000_000,
      available: 1_000_000,
      paid: true,
      status: 'paid',
      shipment: true,
      transactionId: 'pi_forged',
      role: 'admin',
      buyer: 'someone@example.com',
      buyerEmail: 'someone@example.com',
      buyerName: 'Someone Else',
      userId: 'someone',
      id: 1,
      createdAt: '2000-01-01T00:00:00.000Z',
    };

    it.each(Object.entries(orderFields))('POST /api/orders refuses %s', async (field, value) => {
      const problems: string[] = [];
      const toolId = await fx.liveTool(2);
      problems.push(
        ...(await refusal(
          app,
          () =>
            as(app, fx.a, {
              method: 'POST',
              url: '/api/orders',
              payload: { ...orderBody(toolId, 2), [field]: value },
              headers: idempotencyKey(),
            }),
          { status: 400, code: 'VALIDATION_FAILED', field },
          `order with ${field}`,
        )),
      );
      expect(problems).toEqual([]);
    });

    it.each([
      ['POST', '/api/reviews', { rating: 5, note: 'Great' }, ['name', 'email', 'userId', 'role', 'id', 'createdAt']],
      [
        'PUT',
        '/api/me/profile',
        { phone: '+1 555 0100', education: '', linkedin: '', address: '1 Main St' },
        ['role', 'email', 'name', 'userId', 'emailVerified'],
      ],
      ['POST', '/api/contact', { email: 'v@example.com', message: 'Hi' }, ['id', 'ip', 'createdAt', 'role']],
    ] as const)('%s %s refuses fields set by the server', async (method, url, body, fields) => {
      const problems: string[] = [];
      for (const field of fields) {
        problems.push(
          ...(await refusal(
            app,
            () => as(app, fx.a, { method, url, payload: { ...body, [field]: 'admin' } }),
            { status: 400, code: 'VALIDATION_FAILED', field },
            `${url} with ${field}`,
          )),
        );
      }
      expect(problems).toEqual([]);
    });

    it('an admin cannot set ids, timestamps or a deleted flag on a product either', async () => {
      const problems: string[] = [];
      const tool = {
        name: 'Hammer',
        sku: 'ABUSE-HAMMER',
        description: 'Hits nails',
        img: '/images/tools/hammer.svg',
        available: 100,
        minimum: 10,
        priceCents: 999,
      };
      for (const field of ['id', 'createdAt', 'deletedAt', 'status']) {
        problems.push(
          ...(await refusal(
            app,
            () => as(app, fx.admin, { method: 'POST', url: '/api/tools', payload: { ...tool, [field]: 1 } }),
            { status: 400, field },
            `POST /api/tools with ${field}`,
          )),
        );
      }
      const id = await fx.freshTool();
      for (const field of ['id', 'name', 'createdAt', 'deletedAt', 'status']) {
        problems.push(
          ...(await refusal(
            app,
            () => as(app, fx.admin, { method: 'PATCH', url: `/api/tools/${id}`, payload: { priceCents: 100, [field]: 1 } }),
            { status: 400, field },
            `PATCH /api/tools with ${field}`,
          )),
        );
      }
      expect(problems).toEqual([]);
    });

    it('a payment carries no amount or status from the browser', async () => {
      const problems: string[] = [];
      const intent = await fx.freshIntent();
      for (const field of ['amountCents', 'amount', 'status', 'orderId']) {
        problems.push(
          ...(await refusal(
            app,
            () =>
              as(app, fx.a, {
                method: 'POST',
                url: '/api/payments/sandbox/confirm',
                payload: { ...sandboxConfirmBody(intent), [field]: 1 },
              }),
            { status: 400, field },
            `sandbox confirm with ${field}`,
          )),
        );
        problems.push(
          ...(await refusal(
            app,
            () =>
              as(app, fx.a, {
                method: 'POST',
                url: `/api/orders/${intent.orderId}/payment/confirm`,
                payload: { paymentIntentId: intent.paymentIntentId, [field]: 1 },
              }),
            { status: 400, field },
            `payment/confirm with ${field}`,
          )),
        );
      }
      // Starting a payment takes no body at all: an amount sent along is refused, not ignored.
      problems.push(
        ...(await refusal(
          app,
          () => as(app, fx.a, { method: 'POST', url: `/api/orders/${intent.orderId}/payment-intent`, payload: { amountCents: 1 } }),
          { status: 400 },
          'payment-intent with an amount',
        )),
      );
      // And the intent's amount is the order's.
      const order = (await as(app, fx.a, { url: `/api/orders/${intent.orderId}` })).json() as { totalCents: number };
      const res = await as(app, fx.a, { method: 'POST', url: `/api/orders/${intent.orderId}/payment-intent` });
      expect((res.json() as { amountCents: number }).amountCents).toBe(order.totalCents);
      expect(problems).toEqual([]);
    });

    it('nobody makes themselves an admin through the account endpoints', async () => {
      const email = `climber-${Date.now().toString(36)}@example.com`;
      const origin = { origin: app.config.PUBLIC_URL };
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: origin,
        payload: { name: 'Climber', email, password: 'secret-pass-1', role: 'admin' },
      });
      expect(signUp.statusCode, signUp.body).toBeGreaterThanOrEqual(400);
      expect(signUp.statusCode).toBeLessThan(500);
      const row = await app.db.selectFrom('user').select('role').where('email', '=', email).executeTakeFirst();
      expect(row?.role ?? null).toBeNull();
      for (const url of ['/api/auth/update-user', '/api/auth/admin/set-role']) {
        const before = await databaseFingerprint(app.db);
        const res = await as(app, fx.a, { method: 'POST', url, headers: origin, payload: { role: 'admin', userId: fx.a.id } });
        expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(await databaseFingerprint(app.db)).toBe(before);
      }
      expect((await as(app, fx.a, { url: '/api/me' })).json()).toMatchObject({ role: null });
    });
  });

  describe("another customer's order", () => {
    it('does not exist for B: reading, cancelling, paying, confirming all answer 404 and change nothing', async () => {
      const problems: string[] = [];
      const intent = await fx.freshIntent(fx.a);
      await as(app, fx.a, { method: 'POST', url: '/api/payments/sandbox/confirm', payload: sandboxConfirmBody(intent) });
      const attempts: [HTTPMethods, string, unknown?][] = [
        ['GET', `/api/orders/${intent.orderId}`],
        ['DELETE', `/api/orders/${intent.orderId}`],
        ['POST', `/api/orders/${intent.orderId}/payment-intent`],
        ['POST', `/api/orders/${intent.orderId}/payment/confirm`, { paymentIntentId: intent.paymentIntentId }],
        ['POST', '/api/payments/sandbox/confirm', sandboxConfirmBody(intent)],
      ];
      for (const [method, url, payload] of attempts) {
        const options: InjectOptions = { method, url, ...(payload ? { payload: payload as InjectOptions['payload'] } : {}) };
        problems.push(...(await refusal(app, () => as(app, fx.b, options), { status: 404, code: 'NOT_FOUND' }, `B ${method} ${url}`)));
      }
      // And B's lists never show it.
      const mine = (await as(app, fx.b, { url: '/api/orders/mine' })).json() as { items: { id: number }[] };
      expect(mine.items.map((o) => o.id)).not.toContain(intent.orderId);
      expect(problems).toEqual([]);
    });
  });

  describe('malformed ids', () => {
    const badIds = [
      'abc',
      '-1',
      '0',
      '1.5',
      '1e3',
      '01x',
      '99999999999999999999',
      '2147483648',
      '%20',
      'null',
      'undefined',
      '0x1f',
      '%2e%2e',
      '..',
    ];

    it('answer 404 in the error shape on every route with an id, for the caller allowed to use it', async () => {
      const problems: string[] = [];
      const keys = idRoutes();
      expect(keys.length).toBeGreaterThan(5);
      for (const key of keys) {
        const [method, pattern] = key.split(' ') as [HTTPMethods, string];
        const caller = await ownerOf(key);
        const base = await recipes[key]!(fx, caller);
        for (const id of badIds) {
          const url = pattern.replace(':id', id);
          problems.push(
            ...(await refusal(
              app,
              () => send(fx, caller, { ...base, method, url }),
              { status: 404, code: 'NOT_FOUND' },
              `${caller} ${method} ${url}`,
            )),
          );
        }
      }
      expect(problems).toEqual([]);
    });
  });

  describe('quantities', () => {
    const bad: [string, unknown][] = [
      ['a float', 1.5],
      ['zero', 0],
      ['a negative', -1],
      ['a huge number', 1e12],
      ['beyond 2^53', 2 ** 53 + 2],
      ['a numeric string', '10'],
      ['a word', 'ten'],
      ['an empty string', ''],
      ['null', null],
      ['an array', [10]],
      ['an object', { value: 10 }],
      ['a boolean', true],
    ];

    it.each(bad)('an order with %s as quantity is refused and takes no stock', async (_label, quantity) => {
      const problems: string[] = [];
      const toolId = await fx.liveTool(10);
      problems.push(
        ...(await refusal(
          app,
          () =>
            as(app, fx.a, { method: 'POST', url: '/api/orders', payload: { ...orderBody(toolId), quantity }, headers: idempotencyKey() }),
          { status: 400, code: 'VALIDATION_FAILED', field: 'quantity' },
          `quantity ${JSON.stringify(quantity)}`,
        )),
      );
      expect(problems).toEqual([]);
    });

    it('below the minimum is 400, above the stock is 409 OUT_OF_STOCK, and neither takes stock', async () => {
      const problems: string[] = [];
      const toolId = await fx.freshTool(50);
      await app.db.updateTable('tool').set({ minimum: 5 }).where('id', '=', toolId).execute();
      problems.push(
        ...(await refusal(
          app,
          () => as(app, fx.a, { method: 'POST', url: '/api/orders', payload: orderBody(toolId, 4), headers: idempotencyKey() }),
          { status: 400, field: 'quantity' },
          'below the minimum',
        )),
      );
      problems.push(
        ...(await refusal(
          app,
          () => as(app, fx.a, { method: 'POST', url: '/api/orders', payload: orderBody(toolId, 51), headers: idempotencyKey() }),
          { status: 409, code: 'OUT_OF_STOCK' },
          'above the stock',
        )),
      );
      for (const toolIdValue of ['abc', -1, 1.5, 0, null, 2 ** 31]) {
        problems.push(
          ...(await refusal(
            app,
            () =>
              as(app, fx.a, {
                method: 'POST',
                url: '/api/orders',
                payload: { ...orderBody(toolId, 5), toolId: toolIdValue },
                headers: idempotencyKey(),
              }),
            { status: [400, 404] },
            `toolId ${String(toolIdValue)}`,
          )),
        );
      }
      expect(problems).toEqual([]);
    });

    it('an admin cannot set a float, negative or huge stock, minimum or price', async () => {
      const problems: string[] = [];
      const tool = {
        name: 'Saw',
        sku: 'ABUSE-SAW',
        description: 'Cuts',
        img: '/images/tools/saw.svg',
        available: 100,
        minimum: 10,
        priceCents: 999,
      };
      const id = await fx.freshTool();
      for (const field of ['available', 'minimum', 'priceCents']) {
        for (const value of [1.5, -1, 1e12, '12abc', null]) {
          problems.push(
            ...(await refusal(
              app,
              () => as(app, fx.admin, { method: 'POST', url: '/api/tools', payload: { ...tool, [field]: value } }),
              { status: 400, field },
              `POST /api/tools ${field}=${String(value)}`,
            )),
          );
          problems.push(
            ...(await refusal(
              app,
              () => as(app, fx.admin, { method: 'PATCH', url: `/api/tools/${id}`, payload: { [field]: value } }),
              { status: 400, field },
              `PATCH ${field}=${String(value)}`,
            )),
          );
        }
      }
      expect(problems).toEqual([]);
    });
  });

  describe('bodies and content types', () => {
    it('a body over 1 MB answers 413 PAYLOAD_TOO_LARGE on every route that takes one', async () => {
      const problems: string[] = [];
      const huge = JSON.stringify({ note: 'x'.repeat(1024 * 1024 + 10) });
      const keys = bodyRoutes();
      expect(keys.length).toBeGreaterThan(10);
      for (const key of keys) {
        const [method] = key.split(' ') as [HTTPMethods];
        const caller = await ownerOf(key);
        const base: Call = await recipes[key]!(fx, caller);
        problems.push(
          ...(await refusal(
            app,
            () =>
              send(
                fx,
                caller,
                { ...base, method },
                { payload: huge, headers: { 'content-type': 'application/json' }, remoteAddress: freshAddress() },
              ),
            { status: 413, code: 'PAYLOAD_TOO_LARGE' },
            `${caller} ${key} with 1 MB`,
          )),
        );
      }
      expect(problems).toEqual([]);
    });

    it('an image over the upload limit answers 413', async () => {
      const problems: string[] = [];
      const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex');
      const big = multipartImage('image', Buffer.concat([pngSignature, Buffer.alloc(6 * 1024 * 1024, 1)]));
      problems.push(
        ...(await refusal(app, () => as(app, fx.admin, { method: 'POST', url: '/api/uploads', ...big }), { status: 413 }, 'a 6 MB upload')),
      );
      expect(problems).toEqual([]);
    });

    const wrongTypes: [string, string][] = [
      ['text/plain', 'toolId=1&quantity=1'],
      ['application/xml', '<order><toolId>1</toolId></order>'],
      ['application/x-www-form-urlencoded', 'toolId=1&quantity=1'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="toolId"\r\n\r\n1\r\n--x--\r\n'],
      ['application/json', '{"toolId": 1, "quantity": '],
      ['application/json', ''],
      ['application/octet-stream', '\u0000\u0001'],
    ];

    it('a wrong content type or malformed JSON answers a clear 4xx on every route that takes a body', async () => {
      const problems: string[] = [];
      for (const key of bodyRoutes()) {
        if (key === 'POST /api/uploads' || key === 'POST /api/reviews/image' || key === 'POST /api/payments/webhook') continue;
        const [method] = key.split(' ') as [HTTPMethods];
        const caller = await ownerOf(key);
        const base: Call = await recipes[key]!(fx, caller);
        // A customer of their own per route: per-account limits (reviews) are not under test here.
        const user = caller === 'admin' ? fx.admin : await fx.freshUser();
        // better-auth's endpoints the store does not use answer 404 whatever the body.
        const status = key.endsWith('*') ? [400, 404, 415] : [400, 415];
        for (const [type, text] of wrongTypes) {
          const request = sending(app, user, { method, url: base.url, payload: text, headers: { ...base.headers, 'content-type': type } });
          problems.push(...(await refusal(app, request, { status }, `${key} as ${type}: ${text.slice(0, 20)}`)));
        }
      }
      expect(problems).toEqual([]);
    });

    it('a NUL character or half a character (a lone surrogate) in any text field or query answers 400 naming the field (PostgreSQL cannot store either)', async () => {
      const problems: string[] = [];
      let checked = 0;
      // The webhook's body is raw bytes, judged by its signature.
      for (const key of bodyRoutes().filter((k) => k !== 'POST /api/payments/webhook')) {
        const [method] = key.split(' ') as [HTTPMethods];
        const caller = await ownerOf(key);
        const base: Call = await recipes[key]!(fx, caller);
        const payload = base.payload;
        if (!payload || typeof payload !== 'object' || Buffer.isBuffer(payload)) continue;
        for (const [field, value] of Object.entries(payload)) {
          if (typeof value !== 'string') continue;
          for (const bad of ['\u0000x', '\ud800x']) {
            checked += 1;
            const user = caller === 'admin' ? fx.admin : await fx.freshUser();
            const request = sending(app, user, {
              method,
              url: base.url,
              payload: { ...payload, [field]: `${value}${bad}` },
              headers: base.headers ?? {},
            });
            problems.push(
              ...(await refusal(
                app,
                request,
                { status: 400, code: 'VALIDATION_FAILED', field },
                `${key} with ${JSON.stringify(bad)} in ${field}`,
              )),
            );
          }
        }
      }
      problems.push(
        ...(await refusal(
          app,
          () => app.inject({ method: 'GET', url: '/api/tools?cursor=1%00' }),
          { status: 400, code: 'VALIDATION_FAILED', field: 'cursor' },
          'a NUL in a query',
        )),
      );
      expect(checked).toBeGreaterThan(10);
      expect(problems).toEqual([]);
      // Two requests a text field of every route, most by a new account (a password hash each):
      // 13 s alone on this machine kind, past the default 30 s when the machine is busy.
    }, 120_000);

    it(`a body nested ${NESTED_LEVELS} levels deep is refused on every route that takes one (400, or 413 under a smaller limit)`, async () => {
      const problems: string[] = [];
      // Two bytes a level: 8 kB, within the 16 kB limit of contact and reviews. The few routes
      // that take less answer 413 before reading it, which is as good a refusal.
      const nested = '['.repeat(NESTED_LEVELS) + ']'.repeat(NESTED_LEVELS);
      const keys = bodyRoutes().filter((k) => k !== 'POST /api/payments/webhook'); // raw bytes, judged by their signature
      let tooDeep = 0;
      for (const key of keys) {
        const [method] = key.split(' ') as [HTTPMethods];
        const caller = await ownerOf(key);
        const base: Call = await recipes[key]!(fx, caller);
        const user = caller === 'admin' ? fx.admin : await fx.freshUser();
        const before = await databaseFingerprint(app.db);
        const res = await as(app, user, {
          method,
          url: base.url,
          payload: nested,
          headers: { ...base.headers, 'content-type': 'application/json' },
          remoteAddress: freshAddress(),
        });
        const error = (res.json() as { error?: { code?: string; message?: string } }).error;
        if (res.statusCode === 400 && error?.code === 'BAD_REQUEST' && error.message === TOO_DEEP) tooDeep += 1;
        else if (res.statusCode !== 413 || error?.code !== 'PAYLOAD_TOO_LARGE') {
          problems.push(`${key} nested ${NESTED_LEVELS} levels: answered ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        if ((await databaseFingerprint(app.db)) !== before) problems.push(`${key} nested: the database changed`);
      }
      expect(problems).toEqual([]);
      expect(tooDeep).toBeGreaterThan(10);
    });

    it('the uploads (product image, review picture) take multipart only, an image only, 5 MB at most', async () => {
      const problems: string[] = [];
      for (const url of ['/api/uploads', '/api/reviews/image']) {
        // The review picture is any customer's: a fresh one each time, clear of per-account limits.
        const uploader = () => (url === '/api/uploads' ? Promise.resolve(fx.admin) : fx.freshUser());
        for (const [type, text] of wrongTypes) {
          const user = await uploader();
          problems.push(
            ...(await refusal(
              app,
              () => as(app, user, { method: 'POST', url, payload: text, headers: { 'content-type': type } }),
              { status: [400, 415] },
              `${url} as ${type}`,
            )),
          );
        }
        const script = multipartImage('image', Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
        const user = await uploader();
        problems.push(
          ...(await refusal(
            app,
            () => as(app, user, { method: 'POST', url, ...script }),
            { status: [400, 415] },
            `${url}: a script named .png`,
          )),
        );
        const big = multipartImage('image', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(6 * 1024 * 1024, 1)]));
        const bigUser = await uploader();
        problems.push(
          ...(await refusal(app, () => as(app, bigUser, { method: 'POST', url, ...big }), { status: 413 }, `${url}: a 6 MB upload`)),
        );
      }
      expect(problems).toEqual([]);
    });

    it('the webhook refuses unsigned and forged events whatever their type', async () => {
      const problems: string[] = [];
      for (const [type, text] of [
        ...wrongTypes,
        ['application/json', JSON.stringify({ type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } })],
      ]) {
        problems.push(
          ...(await refusal(
            app,
            () =>
              app.inject({
                method: 'POST',
                url: '/api/payments/webhook',
                payload: text,
                headers: { 'content-type': type, 'stripe-signature': 't=1,v1=00' },
              }),
            { status: [400, 404] },
            `webhook ${type}`,
          )),
        );
      }
      expect(problems).toEqual([]);
    });
  });

  it('leaves every store invariant intact', async () => {
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });
});
