import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, pageSchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import {
  IDEMPOTENCY_HEADER,
  allOrdersQuerySchema,
  idempotencyKeySchema,
  myOrdersQuerySchema,
  orderSchema,
  placeOrderRequestSchema,
} from '@toolsify/shared/orders';
import { cancelOrder, getOrder, listAllOrders, listMyOrders, placeOrder, shipOrder } from './orders.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Orders: place, list (mine / all), read, cancel, ship. The rules live in orders.service.ts. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      config: app.config.RATE_LIMIT ? { rateLimit: { max: 60, timeWindow: '1 minute' } } : {},
      schema: {
        tags: ['orders'],
        summary:
          'Place an order of one or more lines, all or nothing: takes the stock at once; buyer and prices come from the session and the tools',
        description:
          'Send an Idempotency-Key header (8-128 characters) to make retries safe: the same key again answers the same order (200, Idempotent-Replayed: true) and takes the stock once.',
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() }),
        body: placeOrderRequestSchema,
        response: { 200: orderSchema, 201: orderSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const { order, replayed } = await placeOrder(app, requireUser(request), request.body, typeof key === 'string' ? key : undefined);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send(order);
    },
  );

  app.get(
    '/api/orders/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "My Orders: the signed-in user's orders, newest first, without cancelled ones",
        querystring: myOrdersQuerySchema,
        response: { 200: pageSchema(orderSchema), ...errors },
      },
    },
    async (request) => listMyOrders(app, requireUser(request), request.query),
  );

  app.get(
    '/api/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Manage All Orders (admin): every order newest first, without cancelled ones unless ?status=cancelled',
        querystring: allOrdersQuerySchema,
        response: { 200: pageSchema(orderSchema), ...errors },
      },
    },
    async (request) => listAllOrders(app, request.query),
  );

  app.get(
    '/api/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order (its buyer or an admin; anyone else gets 404)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => getOrder(app, request.params.id, requireUser(request)),
  );

  app.delete(
    '/api/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (its buyer or an admin); its stock comes back once',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => cancelOrder(app, request.params.id, requireUser(request)),
  );

  app.post(
    '/api/orders/:id/ship',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order shipped (admin)',
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => shipOrder(app, request.params.id, requireUser(request)),
  );
};
