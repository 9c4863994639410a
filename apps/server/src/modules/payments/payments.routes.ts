import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import {
  confirmPaymentBodySchema,
  paymentIntentResponseSchema,
  paymentResultSchema,
  sandboxConfirmBodySchema,
  sandboxConfirmResultSchema,
} from '@toolsify/shared/payments';
import { AppError } from '../../lib/errors.ts';
import { confirmOrderPayment, createPaymentIntent, handleWebhook } from './payments.service.ts';
import { confirmSandboxPayment } from './payments.sandbox-gateway.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** Stripe's events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Card payments through the configured gateway (DESIGN.md decision 6): create or reuse an
 * intent, confirm it server-side, receive signed webhooks, and (sandbox only) take a test card.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app;
  const gateway = app.paymentGateway;
  const limit = (max: number, timeWindow: string) => (app.config.RATE_LIMIT ? { rateLimit: { max, timeWindow } } : {});

  app.post(
    '/api/orders/:id/payment-intent',
    {
      onRequest: app.requireUser,
      config: limit(30, '1 minute'),
      schema: {
        tags: ['payments'],
        summary: "Start paying an unpaid order (its buyer): the order's open intent, or a new one for its amount",
        description: "The amount is the order row's unit price times its quantity, in USD cents; the browser never sends one.",
        params: idParamsSchema,
        // Nothing to send: an amount (or anything else) in the body is refused, never used.
        body: z.strictObject({}).nullish(),
        response: { 200: paymentIntentResponseSchema, ...errors },
      },
    },
    async (request) => createPaymentIntent(deps, { orderId: request.params.id, userId: requireUser(request).id }),
  );

  app.post(
    '/api/orders/:id/payment/confirm',
    {
      onRequest: app.requireUser,
      config: limit(30, '1 minute'),
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['payments'],
        summary: 'Mark the order paid after the server has verified the intent with the gateway',
        description:
          "Paid only if the intent succeeded, was made for this order and its amount is the order's. Confirming the intent the order was already paid with answers 200 again and changes nothing.",
        params: idParamsSchema,
        body: confirmPaymentBodySchema,
        response: { 200: paymentResultSchema, ...errors },
      },
    },
    async (request) =>
      confirmOrderPayment(deps, {
        orderId: request.params.id,
        userId: requireUser(request).id,
        paymentIntentId: request.body.paymentIntentId,
      }),
  );

  if (gateway.name === 'sandbox') {
    app.post(
      '/api/payments/sandbox/confirm',
      {
        onRequest: app.requireUser,
        // Card testing is an attack: a few tries per address are plenty for a person.
        config: limit(20, '10 minutes'),
        bodyLimit: 4 * 1024,
        schema: {
          tags: ['payments'],
          summary: "Sandbox only: pay an intent with one of Stripe's public test cards (no money moves)",
          description:
            '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; any other valid number is declined as a real card in test mode. The card number is never stored or logged.',
          body: sandboxConfirmBodySchema,
          response: { 200: sandboxConfirmResultSchema, ...errors },
        },
      },
      async (request) =>
        confirmSandboxPayment(deps, {
          userId: requireUser(request).id,
          paymentIntentId: request.body.paymentIntentId,
          clientSecret: request.body.clientSecret,
          cardNumber: request.body.cardNumber,
        }),
    );
  }

  // The webhook's signature is computed over the exact bytes sent, so this route (and only
  // this route: the parser is scoped to this child context) keeps the body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.post(
      '/api/payments/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['payments'],
          summary: 'Signed events from Stripe (payment_intent.succeeded marks the order paid; each event id applies once)',
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorBodySchema,
            404: errorBodySchema,
            413: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('BAD_REQUEST', 'The webhook body is empty.');
        const signature = request.headers['stripe-signature'];
        await handleWebhook(deps, request.body, typeof signature === 'string' ? signature : undefined);
        return { received: true as const };
      },
    );
  });
};
