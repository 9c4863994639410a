import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Stripe } from 'stripe';
import { insertTool } from '../tools/tools.repository.ts';
import { as, type TestUser } from '../../test/helpers.ts';

/** Test-only helpers for the payments suites (not imported by the app). */

let seq = 0;

/** A tool at `priceCents` and an order of `quantity` of it by `user`, placed through POST /api/orders. */
export async function placeOrder(
  app: FastifyInstance,
  user: TestUser,
  { priceCents = 1250, quantity = 3 }: { priceCents?: number; quantity?: number } = {},
): Promise<{ id: number; toolId: number }> {
  seq += 1;
  const tool = await insertTool(app.db, {
    name: `Cordless Drill ${seq}`,
    sku: `CD-PAY-${seq}`,
    description: 'A drill for payment tests',
    img: '/images/tools/drill.svg',
    priceCents,
    available: 1000,
    minimum: 1,
  });
  const res = await as(app, user, {
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': `pay-test-${process.pid}-${Date.now().toString(36)}-${seq}` },
    payload: { toolId: tool.id, quantity, phone: '+1 555 010 2030', address: '12 Main St, Springfield' },
  });
  if (res.statusCode !== 201) throw new Error(`placing an order failed: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: number }).id, toolId: tool.id };
}

export async function orderRow(app: FastifyInstance, id: number) {
  return app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function intentRows(app: FastifyInstance, orderId: number) {
  return app.db.selectFrom('payment_intent').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

// ---------------------------------------------------------------------------------------------
// A local stand-in for the Stripe API: just the endpoints the gateway uses.

export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
} as const;

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string; type: string; code?: string } | null;
  livemode: false;
  created: number;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: Stripe.Refund['status'];
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, StandInIntent>;
  /** Refunds made, by id. */
  refunds: Map<string, StandInRefund>;
  requests: StandInRequest[];
  /** What Stripe.js does when the card goes through: the intent succeeds. */
  succeed(id: string): StandInIntent;
  /** A decline: the intent stays payable, with the issuer's message. */
  decline(id: string, message?: string): StandInIntent;
  /** An intent made outside our server (to forge foreign or wrong-amount payments). */
  add(fields: Partial<StandInIntent> & { amount: number; metadata: Record<string, string> }): StandInIntent;
  /** A signed webhook request for `type` about `object` (an intent, or a refund for refund.* events). */
  webhook(type: string, object: StandInIntent | StandInRefund, eventId?: string): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** The `metadata[key]=value` fields of a form-encoded Stripe request, as the object Stripe keeps. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunds = new Map<string, StandInRefund>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: StandInRequest[] = [];

  const make = (fields: Partial<StandInIntent> & { amount: number; metadata: Record<string, string> }): StandInIntent => {
    const id = fields.id ?? `pi_${randomBytes(12).toString('hex')}`;
    const intent: StandInIntent = {
      object: 'payment_intent',
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: null,
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      ...fields,
      id,
    };
    intents.set(id, intent);
    return intent;
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, authorization: request.headers.authorization, form });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEYS.STRIPE_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(200, intents.get(known));
      const metadata = metadataOf(form);
      const intent = make({
        amount: Number(form.amount),
        currency: form.currency ?? 'usd',
        metadata,
        description: form.description ?? null,
      });
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent.id);
      return send(200, intent);
    }
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const intent = intents.get(decodeURIComponent(one[1]!));
      if (!intent) {
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${one[1]}'`,
          },
        });
      }
      return send(200, intent);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent)
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${cancel[1]}'` },
        });
      // Stripe cancels a processing intent only "in rare cases": the stand-in never does.
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return send(200, intent);
    }
    if (url.pathname === '/v1/refunds') {
      if (request.method === 'GET') {
        const of = url.searchParams.get('payment_intent');
        return send(200, {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: [...refunds.values()].filter((r) => r.payment_intent === of),
        });
      }
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(200, refunds.get(known));
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) {
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${form.payment_intent}'` },
        });
      }
      const given = [...refunds.values()].filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled');
      const amount = Number(form.amount ?? intent.amount);
      if (intent.status !== 'succeeded' || given.reduce((sum, r) => sum + r.amount, 0) + amount > intent.amount) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: intent.status === 'succeeded' ? 'charge_already_refunded' : 'payment_intent_unexpected_state',
            message: `PaymentIntent ${intent.id} cannot be refunded for ${amount}.`,
          },
        });
      }
      const metadata = metadataOf(form);
      const refund: StandInRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        failure_reason: null,
        metadata,
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund.id);
      return send(200, refund);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stand-in: no intent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    succeed(id) {
      const intent = get(id);
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      return intent;
    },
    decline(id, message = 'Your card was declined.') {
      const intent = get(id);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message };
      return intent;
    },
    add: make,
    webhook(type, object, eventId = `evt_${randomBytes(12).toString('hex')}`) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET });
      return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
