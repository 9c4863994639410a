import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { MAX_ADDRESSES } from '@toolsify/shared/addresses';
import { findToolById, insertTool } from '../modules/tools/tools.repository.ts';
import { as, createTestApp, removeTestFolder, signUp, signUpAdmin, type TestUser } from './helpers.ts';

/**
 * How to call every route the server registers, with real fixtures: the authorization
 * matrix calls each recipe as four callers, the abuse and fuzz tests start from the same
 * requests and break them. A recipe answers a request that is valid for the route's owner
 * (customer A, or the admin for admin routes), so an allowed caller gets a 2xx.
 */

export type Caller = 'anon' | 'a' | 'b' | 'admin';
export const callers: readonly Caller[] = ['anon', 'a', 'b', 'admin'];

export interface Call {
  method: HTTPMethods;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface Fixtures {
  app: FastifyInstance;
  admin: TestUser;
  /** Customer A owns the orders below. */
  a: TestUser;
  /** Customer B owns nothing. */
  b: TestUser;
  user(caller: Caller): TestUser | null;
  /** A live tool with a large stock. */
  toolId: number;
  /** A new live tool (for recipes that change or delete one). */
  freshTool(available?: number): Promise<number>;
  /** A live tool that takes an order of `quantity` (a new one if the fuzz deleted or drained the last). */
  liveTool(quantity?: number): Promise<number>;
  /** A new unpaid order of `user` (A by default), placed through the API. */
  freshOrder(user?: TestUser, quantity?: number): Promise<number>;
  /** A new paid order of `user` (A by default), paid through the sandbox gateway. */
  freshPaidOrder(user?: TestUser): Promise<number>;
  /** A new unpaid order of A with a payment intent. */
  freshIntent(user?: TestUser): Promise<{ orderId: number; paymentIntentId: string; clientSecret: string }>;
  /** A new customer account (a target for the admin's user actions). */
  freshUser(): Promise<TestUser>;
  /** A's unpaid order, created once (read-only recipes). */
  aOrder(): Promise<number>;
  /** A's paid order, created once (read-only recipes). */
  aPaidOrder(): Promise<number>;
}

export type Recipe = (fx: Fixtures, caller: Caller) => Call | Promise<Call>;

let listNames = 0;
/** A list body with a name no list has yet. */
const listBody = (toolId: number) => ({ name: `Site kit ${(listNames += 1)}`, lines: [{ toolId, quantity: 5 }] });

/** A new saved list of A's (A's lists cleared first when the fuzz has filled them). */
async function freshList(fx: Fixtures): Promise<number> {
  if ((await fx.app.db.selectFrom('saved_list').select('id').where('user_id', '=', fx.a.id).execute()).length >= 40)
    await fx.app.db.deleteFrom('saved_list').where('user_id', '=', fx.a.id).execute();
  const res = await as(fx.app, fx.a, { method: 'POST', url: '/api/lists', payload: listBody(fx.toolId) });
  if (res.statusCode !== 201) throw new Error(`POST /api/lists: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

let addressLabels = 0;
/** A ship-to address body with a label no address has yet. */
const shipToBody = () => ({ label: `Site ${(addressLabels += 1)}`, phone: '+1 555 0100', address: '1 Main Street, Springfield' });

/**
 * Makes room in `user`'s ship-to addresses: the fuzz posts many, and a buyer keeps 20 at most
 * (a 21st is a 409), so they are cleared once they come near.
 */
async function roomForShipTo(fx: Fixtures, user: TestUser): Promise<void> {
  const { n } = await fx.app.db
    .selectFrom('ship_to_address')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_ADDRESSES - 5) await fx.app.db.deleteFrom('ship_to_address').where('user_id', '=', user.id).execute();
}

/** A new ship-to address of A's (A's addresses cleared first when the fuzz has filled them). */
async function freshShipTo(fx: Fixtures): Promise<number> {
  await roomForShipTo(fx, fx.a);
  const res = await as(fx.app, fx.a, { method: 'POST', url: '/api/me/addresses', payload: shipToBody() });
  if (res.statusCode !== 201) throw new Error(`POST /api/me/addresses: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** A new paid order of A's, refunded by the admin (decision 025). */
async function freshRefundedOrder(fx: Fixtures): Promise<number> {
  const id = await fx.freshPaidOrder();
  const res = await as(fx.app, fx.admin, { method: 'POST', url: `/api/orders/${id}/refund` });
  if (res.statusCode !== 200) throw new Error(`POST /api/orders/${id}/refund: ${res.statusCode} ${res.body}`);
  return id;
}

/** A new Contact Us message (a target for the admin's Inbox actions). */
async function freshContactMessage(fx: Fixtures): Promise<number> {
  const row = await fx.app.db
    .insertInto('contact_message')
    .values({ email: 'visitor@example.com', subject: 'Hello', message: 'A question', ip: null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new review by customer A (hidden by the admin when `hidden`): a target for the admin's review actions. */
async function freshReview(fx: Fixtures, hidden: boolean): Promise<number> {
  const at = new Date().toISOString();
  const row = await fx.app.db
    .insertInto('review')
    .values({
      user_id: fx.a.id,
      name: fx.a.name,
      email: fx.a.email,
      rating: 4,
      img: '',
      note: 'Sturdy drills',
      created_at: at,
      ...(hidden ? { hidden_at: at, hidden_by: fx.admin.id } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let keySeq = 0;
/** A fresh Idempotency-Key header. */
export function idempotencyKey(): Record<string, string> {
  keySeq += 1;
  return { 'idempotency-key': `test-${process.pid}-${Date.now().toString(36)}-${keySeq}` };
}

export const orderBody = (toolId: number, quantity = 1) => ({
  toolId,
  quantity,
  phone: '+1 555 0100',
  address: '1 Main Street, Springfield',
});

/** Stripe's public test card that always succeeds (the sandbox accepts Stripe's test numbers). */
export const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

export const sandboxConfirmBody = (intent: { paymentIntentId: string; clientSecret: string }) => ({
  paymentIntentId: intent.paymentIntentId,
  clientSecret: intent.clientSecret,
  ...goodCard,
});

function expectOk(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode >= 300) throw new Error(`fixture: ${what} answered ${res.statusCode} ${res.body}`);
  return res;
}

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one image file under `field`. */
export function multipartImage(
  field = 'image',
  file = onePixelPng,
  filename = 'pixel.png',
  type = 'image/png',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----toolsify${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The route's key in the tables: `METHOD /url/:param`. */
export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * Every (method, url) the app registers, from Fastify's onRoute. A HEAD route that Fastify
 * adds next to a GET shares its handler and is not listed separately.
 */
export function routeCollector(): { onRoute: (route: RouteOptions) => void; routes: () => string[] } {
  // Snapshot at registration: Fastify reuses the options object for a prefix's '/' variants.
  const keys = new Set<string>();
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) keys.add(routeKey(method, route.url));
  };
  return { onRoute, routes: () => withoutImplicitHeads(keys) };
}

function withoutImplicitHeads(all: Set<string>): string[] {
  const keys = new Set(all);
  for (const key of all) {
    if (key.startsWith('HEAD ') && keys.has(`GET ${key.slice(5)}`)) keys.delete(key);
  }
  return [...keys].sort();
}

/**
 * A fresh app as production wires it (API and web app), with its route list and fixtures.
 * The web app is a stub index.html so the test does not depend on a build.
 */
export async function createMatrixApp(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; routes: string[]; fx: Fixtures }> {
  const collector = routeCollector();
  const webDir = mkdtempSync(path.join(tmpdir(), 'toolsify-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Toolsify</title>');
  // The fixtures give one customer more unpaid orders than MAX_UNPAID_ORDERS_PER_BUYER allows: no cap here.
  const app = await createTestApp(
    { WEB_DIST_DIR: webDir, MAX_UNPAID_ORDERS_PER_BUYER: '0', ...env },
    { serveWeb: true, onRoute: collector.onRoute },
  );
  app.addHook('onClose', async () => removeTestFolder(webDir));
  await app.ready();
  const fx = await createFixtures(app);
  return { app, routes: collector.routes(), fx };
}

export async function createFixtures(app: FastifyInstance): Promise<Fixtures> {
  const admin = await signUpAdmin(app, { name: 'Matrix Admin' });
  const a = await signUp(app, { name: 'Customer A' });
  const b = await signUp(app, { name: 'Customer B' });

  const freshTool = async (available = 1_000_000) => {
    const row = await insertTool(app.db, {
      name: `Fixture tool ${Date.now().toString(36)}`,
      sku: `FX-${crypto.randomUUID().slice(0, 8)}`,
      description: 'A tool made for the tests',
      img: '/images/tools/drill.svg',
      priceCents: 1_250,
      available,
      minimum: 1,
    });
    app.catalogCache.clear();
    return row.id;
  };
  const toolId = await freshTool();
  let orderToolId = toolId;
  const liveTool = async (quantity = 1) => {
    const row = await findToolById(app.db, orderToolId);
    if (!row || row.available < quantity + 1_000 || row.minimum > quantity) orderToolId = await freshTool();
    return orderToolId;
  };

  const freshOrder = async (user: TestUser = a, quantity = 1) => {
    const res = expectOk(
      await as(app, user, {
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(await liveTool(quantity), quantity),
        headers: idempotencyKey(),
      }),
      'POST /api/orders',
    );
    return (res.json() as { id: number }).id;
  };

  const freshIntent = async (user: TestUser = a) => {
    const orderId = await freshOrder(user);
    const res = expectOk(await as(app, user, { method: 'POST', url: `/api/orders/${orderId}/payment-intent` }), 'payment-intent');
    const { paymentIntentId, clientSecret } = res.json() as { paymentIntentId: string; clientSecret: string };
    return { orderId, paymentIntentId, clientSecret };
  };

  const freshPaidOrder = async (user: TestUser = a) => {
    const intent = await freshIntent(user);
    expectOk(
      await as(app, user, { method: 'POST', url: '/api/payments/sandbox/confirm', payload: sandboxConfirmBody(intent) }),
      'sandbox confirm',
    );
    const confirm = { paymentIntentId: intent.paymentIntentId };
    expectOk(
      await as(app, user, { method: 'POST', url: `/api/orders/${intent.orderId}/payment/confirm`, payload: confirm }),
      'payment/confirm',
    );
    return intent.orderId;
  };

  const once = <T>(make: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= make());
  };

  const users: Record<Caller, TestUser | null> = { anon: null, a, b, admin };
  return {
    app,
    admin,
    a,
    b,
    user: (caller) => users[caller],
    toolId,
    freshTool,
    liveTool,
    freshOrder,
    freshPaidOrder,
    freshIntent,
    freshUser: () => signUp(app, { verified: true }),
    aOrder: once(() => freshOrder(a)),
    aPaidOrder: once(() => freshPaidOrder(a)),
  };
}

/** Sends a recipe's call as `caller`. */
export function send(fx: Fixtures, caller: Caller, call: Call, extra: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
  return as(fx.app, fx.user(caller), {
    method: call.method,
    url: call.url,
    ...(call.payload !== undefined ? { payload: call.payload as InjectOptions['payload'] } : {}),
    ...extra,
    headers: { ...call.headers, ...extra.headers },
  });
}

const get = (url: string): Call => ({ method: 'GET', url });
const authOrigin = { origin: 'http://localhost:3000' };

/**
 * One recipe per route. Routes that change something get fresh fixtures on every call, so
 * the four callers never see each other's effects.
 */
/** A category of one fresh tool, for the routes that rename or remove one. */
async function freshCategory(fx: Fixtures): Promise<string> {
  const id = await fx.freshTool();
  const name = `Matrix-${id}`;
  await fx.app.db.updateTable('tool').set({ category: name }).where('id', '=', id).execute();
  return name;
}

export const recipes: Record<string, Recipe> = {
  // System and catalog
  'GET /api/health': () => get('/api/health'),
  'GET /api/config': () => get('/api/config'),
  'GET /api/tools': () => get('/api/tools?limit=6'),
  'GET /api/tools/:id': (fx) => get(`/api/tools/${fx.toolId}`),
  'GET /api/tools/categories': () => get('/api/tools/categories'),
  'POST /api/tools/by-sku': () => ({ method: 'POST', url: '/api/tools/by-sku', payload: { skus: ['TS-1', 'no-such-sku'] } }),
  'POST /api/tools/by-id': (fx) => ({ method: 'POST', url: '/api/tools/by-id', payload: { ids: [fx.toolId, 2_000_000_000] } }),
  'GET /tools/:id': (fx) => get(`/tools/${fx.toolId}`),
  'GET /sitemap.xml': () => get('/sitemap.xml'),
  'GET /sitemap/:file': () => get('/sitemap/pages.xml'),
  'GET /robots.txt': () => get('/robots.txt'),
  'POST /api/tools': () => ({
    method: 'POST',
    url: '/api/tools',
    payload: {
      name: 'Matrix hammer',
      sku: `MX-${crypto.randomUUID().slice(0, 8)}`,
      description: 'Hits nails',
      img: '/images/tools/hammer.svg',
      available: 100,
      minimum: 10,
      priceCents: 999,
    },
  }),
  'GET /api/tools/manage': () => get('/api/tools/manage?lowStock=true&limit=5'),
  // Products in bulk and the stock ledger (admin)
  'GET /api/tools/export.csv': () => get('/api/tools/export.csv'),
  'POST /api/tools/import': () => ({
    method: 'POST',
    url: '/api/tools/import?dryRun=true',
    headers: { 'content-type': 'text/csv' },
    payload: 'sku,name,description,image,price,stock,minimum\r\nIMPORT-1,Imported tool,From a file,/images/tools/drill.svg,9.99,10,1\r\n',
  }),
  'GET /api/tools/:id/stock-history': (fx) => get(`/api/tools/${fx.toolId}/stock-history?limit=5`),
  'PATCH /api/tools/:id': async (fx) => ({ method: 'PATCH', url: `/api/tools/${await fx.freshTool()}`, payload: { priceCents: 1_500 } }),
  'DELETE /api/tools/:id': async (fx) => ({ method: 'DELETE', url: `/api/tools/${await fx.freshTool()}` }),
  'PATCH /api/tools/categories/:name': async (fx) => ({
    method: 'PATCH',
    url: `/api/tools/categories/${await freshCategory(fx)}`,
    payload: { name: 'Matrix renamed' },
  }),
  'DELETE /api/tools/categories/:name': async (fx) => ({ method: 'DELETE', url: `/api/tools/categories/${await freshCategory(fx)}` }),
  'POST /api/uploads': () => ({ method: 'POST', url: '/api/uploads', ...multipartImage() }),
  'POST /api/contact': () => ({
    method: 'POST',
    url: '/api/contact',
    payload: { email: 'visitor@example.com', subject: 'Hello', message: 'A question about drills' },
  }),
  // The admins' Inbox of Contact Us messages
  'GET /api/contact/messages': () => get('/api/contact/messages?limit=5'),
  'POST /api/contact/messages/:id/read': async (fx) => ({
    method: 'POST',
    url: `/api/contact/messages/${await freshContactMessage(fx)}/read`,
  }),
  'DELETE /api/contact/messages/:id/read': async (fx) => ({
    method: 'DELETE',
    url: `/api/contact/messages/${await freshContactMessage(fx)}/read`,
  }),
  // "Email me when it is back" on an out-of-stock tool
  'GET /api/lists': () => get('/api/lists'),
  'POST /api/lists': (fx) => ({ method: 'POST', url: '/api/lists', payload: listBody(fx.toolId) }),
  'GET /api/lists/:id': async (fx) => get(`/api/lists/${await freshList(fx)}`),
  'PUT /api/lists/:id': async (fx) => ({ method: 'PUT', url: `/api/lists/${await freshList(fx)}`, payload: listBody(fx.toolId) }),
  'DELETE /api/lists/:id': async (fx) => ({ method: 'DELETE', url: `/api/lists/${await freshList(fx)}` }),
  'GET /api/me/stock-alerts': () => get('/api/me/stock-alerts'),
  'POST /api/tools/:id/stock-alert': async (fx) => ({ method: 'POST', url: `/api/tools/${await fx.freshTool(0)}/stock-alert` }),
  'DELETE /api/tools/:id/stock-alert': async (fx) => {
    const toolId = await fx.freshTool(0);
    await send(fx, 'a', { method: 'POST', url: `/api/tools/${toolId}/stock-alert` });
    return { method: 'DELETE', url: `/api/tools/${toolId}/stock-alert` };
  },
  // Ship-to addresses: the buyer's own
  'GET /api/me/addresses': () => get('/api/me/addresses'),
  'POST /api/me/addresses': async (fx, caller) => {
    const user = fx.user(caller);
    if (user) await roomForShipTo(fx, user);
    return { method: 'POST', url: '/api/me/addresses', payload: shipToBody() };
  },
  'PUT /api/me/addresses/:id': async (fx) => ({ method: 'PUT', url: `/api/me/addresses/${await freshShipTo(fx)}`, payload: shipToBody() }),
  'DELETE /api/me/addresses/:id': async (fx) => ({ method: 'DELETE', url: `/api/me/addresses/${await freshShipTo(fx)}` }),
  'GET /api/reviews': () => get('/api/reviews?limit=3'),
  'POST /api/reviews': () => ({ method: 'POST', url: '/api/reviews', payload: { rating: 5, img: '', note: 'Great tools' } }),
  'POST /api/reviews/image': () => ({ method: 'POST', url: '/api/reviews/image', ...multipartImage() }),
  // Reviews (admin): every review, and hiding one from the testimonials
  'GET /api/reviews/all': () => get('/api/reviews/all?limit=5'),
  'POST /api/reviews/:id/hidden': async (fx) => ({ method: 'POST', url: `/api/reviews/${await freshReview(fx, false)}/hidden` }),
  'DELETE /api/reviews/:id/hidden': async (fx) => ({ method: 'DELETE', url: `/api/reviews/${await freshReview(fx, true)}/hidden` }),

  // Account
  'GET /api/auth/*': () => get('/api/auth/get-session'),
  // better-auth checks Origin on every cookie-bearing POST, as a browser sends it.
  'POST /api/auth/*': () => ({ method: 'POST', url: '/api/auth/update-user', payload: { name: 'Renamed' }, headers: authOrigin }),
  'POST /api/auth/sign-up/email': () => ({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      name: 'Matrix Newcomer',
      email: `newcomer-${Date.now().toString(36)}-${(keySeq += 1)}@example.com`,
      password: 'secret-pass-1',
    },
    headers: authOrigin,
  }),
  'POST /api/auth/sign-in/email': (fx) => ({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: fx.a.email, password: 'not the password' },
    headers: authOrigin,
  }),
  'POST /api/auth/request-password-reset': (fx) => ({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email: fx.a.email },
    headers: authOrigin,
  }),
  'POST /api/auth/reset-password': () => ({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: 'forged-token', newPassword: 'secret-pass-2' },
    headers: authOrigin,
  }),
  'POST /api/auth/send-verification-email': (fx) => ({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    payload: { email: fx.b.email },
    headers: authOrigin,
  }),
  'POST /api/auth/sign-in/social': () => ({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/' },
    headers: authOrigin,
  }),
  'GET /api/me': () => get('/api/me'),
  'GET /api/session': () => get('/api/session'),
  'GET /api/me/profile': () => get('/api/me/profile'),
  'GET /api/cart': () => get('/api/cart'),
  'PUT /api/cart': (fx) => ({ method: 'PUT', url: '/api/cart', payload: { lines: [{ toolId: fx.toolId, quantity: 2 }] } }),
  'PUT /api/me/profile': () => ({
    method: 'PUT',
    url: '/api/me/profile',
    payload: { phone: '+1 555 0100', education: 'BSc', linkedin: 'https://www.linkedin.com/in/someone', address: '1 Main Street' },
  }),

  // Users (admin)
  'GET /api/users': () => get('/api/users'),
  'POST /api/users/:id/admin': async (fx) => ({ method: 'POST', url: `/api/users/${(await fx.freshUser()).id}/admin` }),
  'DELETE /api/users/:id': async (fx) => ({ method: 'DELETE', url: `/api/users/${(await fx.freshUser()).id}` }),
  'DELETE /api/users/:id/admin': async (fx) => {
    const target = await fx.freshUser();
    await fx.app.db.updateTable('user').set({ role: 'admin' }).where('id', '=', target.id).execute();
    return { method: 'DELETE', url: `/api/users/${target.id}/admin` };
  },

  // Orders
  'POST /api/orders': async (fx) => ({
    method: 'POST',
    url: '/api/orders',
    payload: orderBody(await fx.liveTool(2), 2),
    headers: idempotencyKey(),
  }),
  'GET /api/orders/mine': () => get('/api/orders/mine'),
  'GET /api/orders/mine/recent-unpaid': (fx) => get(`/api/orders/mine/recent-unpaid?toolId=${fx.toolId}`),
  'GET /api/orders/mine/export.csv': () => get('/api/orders/mine/export.csv?includeCancelled=true'),
  'GET /api/orders': () => get('/api/orders'),
  'GET /api/orders/export.csv': () => get('/api/orders/export.csv?status=paid&q=example'),
  'GET /api/orders/:id': async (fx) => get(`/api/orders/${await fx.aOrder()}`),
  'GET /api/orders/:id/invoice.pdf': async (fx) => get(`/api/orders/${await fx.aPaidOrder()}/invoice.pdf`),
  'GET /api/orders/:id/credit-note.pdf': async (fx) => get(`/api/orders/${await freshRefundedOrder(fx)}/credit-note.pdf`),
  'DELETE /api/orders/:id': async (fx) => ({ method: 'DELETE', url: `/api/orders/${await fx.freshOrder()}` }),
  'POST /api/orders/:id/ship': async (fx) => ({ method: 'POST', url: `/api/orders/${await fx.freshPaidOrder()}/ship` }),
  'POST /api/orders/:id/refund': async (fx) => ({
    method: 'POST',
    url: `/api/orders/${await fx.freshPaidOrder()}/refund`,
    payload: { reason: 'Ordered twice' },
  }),
  'PUT /api/orders/:id/shipment': async (fx) => {
    const id = await fx.freshPaidOrder();
    const shipped = await as(fx.app, fx.admin, {
      method: 'POST',
      url: `/api/orders/${id}/ship`,
      payload: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
    });
    if (shipped.statusCode !== 200) throw new Error(`ship: ${shipped.statusCode} ${shipped.body}`);
    return { method: 'PUT', url: `/api/orders/${id}/shipment`, payload: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } };
  },

  // Sales dashboard (admin)
  'GET /api/stats': () => get('/api/stats?from=2026-01-01&to=2026-01-31'),
  'GET /api/audit': () => get('/api/audit?action=tool.create&from=2026-01-01'),

  // Payments
  'POST /api/orders/:id/payment-intent': async (fx) => ({ method: 'POST', url: `/api/orders/${await fx.freshOrder()}/payment-intent` }),
  'POST /api/orders/:id/payment/confirm': async (fx) => {
    const intent = await fx.freshIntent();
    await send(fx, 'a', { method: 'POST', url: '/api/payments/sandbox/confirm', payload: sandboxConfirmBody(intent) });
    return { method: 'POST', url: `/api/orders/${intent.orderId}/payment/confirm`, payload: { paymentIntentId: intent.paymentIntentId } };
  },
  'POST /api/payments/sandbox/confirm': async (fx) => ({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: sandboxConfirmBody(await fx.freshIntent()),
  }),
  'POST /api/payments/webhook': () => ({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: { id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged' } } },
    headers: { 'stripe-signature': 't=1,v1=forged' },
  }),

  // API documentation (swagger-ui)
  'GET /api/docs': () => get('/api/docs'),
  'HEAD /api/docs/': () => ({ method: 'HEAD', url: '/api/docs/' }),
  'GET /api/docs/json': () => get('/api/docs/json'),
  'GET /api/docs/yaml': () => get('/api/docs/yaml'),
  'GET /api/docs/static/index.html': () => get('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': () => get('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/static/*': () => get('/api/docs/static/swagger-ui.css'),

  // The web app (history fallback) and uploaded files
  'GET /': () => get('/'),
  'GET /home': () => get('/home'),
  'GET /tools': () => get('/tools?q=drill'),
  'GET /blogs': () => get('/blogs'),
  'GET /*': () => get('/dashboard/orders'),
  'GET /index.html': () => get('/index.html'),
  'GET /uploads/*': () => get('/uploads/missing.png'),
};
