import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, pageSchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import {
  IDEMPOTENCY_HEADER,
  allOrdersQuerySchema,
  cancelOrderBodySchema,
  idempotencyKeySchema,
  myOrdersExportQuerySchema,
  myOrdersQuerySchema,
  orderFiltersSchema,
  orderSchema,
  placeOrderRequestSchema,
  recentUnpaidQuerySchema,
  shipOrderBodySchema,
} from '@toolsify/shared/orders';
import {
  cancelOrder,
  refundOrder,
  correctShipment,
  getOrder,
  listAllOrders,
  listMyOrders,
  listRecentUnpaidOrders,
  placeOrder,
  shipOrder,
} from './orders.service.ts';
import { exportMyOrdersCsv, exportOrdersCsv } from './orders.export.ts';

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
        summary:
          "My Orders: the signed-in user's orders, newest first, without cancelled ones unless ?includeCancelled=true (then each says who cancelled it and when)",
        description:
          "Filters as Manage All Orders': q (an order number, #1042 or 1042, or a part of the PO number or of a line's tool name or SKU), status, toolId, from and to (YYYY-MM-DD, UTC, both days included).",
        querystring: myOrdersQuerySchema,
        response: { 200: pageSchema(orderSchema), ...errors },
      },
    },
    async (request) => listMyOrders(app, requireUser(request), request.query),
  );

  app.get(
    '/api/orders/mine/export.csv',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "Export My Orders: the signed-in user's orders as CSV, one row per order line (the columns of the admin's export), streamed",
        description:
          'The filters of GET /api/orders/mine (q, status, toolId, from, to, includeCancelled), every page. The same CSV format as GET /api/orders/export.csv.',
        querystring: myOrdersExportQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await exportMyOrdersCsv(app, requireUser(request).id, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="my-orders-${day}.csv"`).send(csv);
    },
  );

  app.get(
    '/api/orders/mine/recent-unpaid',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in buyer's unpaid one-tool orders of ?toolId= placed in the last 10 minutes, newest first",
        description: 'The purchase page asks "Place another?" before placing the same tool in the same quantity again.',
        querystring: recentUnpaidQuerySchema,
        response: { 200: z.object({ items: z.array(orderSchema) }), ...errors },
      },
    },
    async (request) => listRecentUnpaidOrders(app, requireUser(request), request.query.toolId),
  );

  app.get(
    '/api/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Manage All Orders (admin): every order newest first, without cancelled ones unless ?status=cancelled',
        description:
          "Filters: q (an order number, #1042 or 1042; a whole email address, that buyer's orders; or a part of the PO number, buyer email or name, or tool name or SKU on a line), status, toolId, from and to (YYYY-MM-DD, UTC, both days included).",
        querystring: allOrdersQuerySchema,
        response: { 200: pageSchema(orderSchema), ...errors },
      },
    },
    async (request) => listAllOrders(app, request.query),
  );

  app.get(
    '/api/orders/export.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Export the orders Manage All Orders finds (admin): CSV, one row per order line, streamed',
        description:
          'The filters of GET /api/orders (q, status, toolId, from, to), every page. RFC 4180 (CRLF, quoted as needed), UTF-8 with a byte-order mark; a text cell starting with =, +, -, @, tab or CR is prefixed with an apostrophe.',
        // The CSV is streamed as it is read; errors have the usual shape (400, 401, 403).
        querystring: orderFiltersSchema,
      },
    },
    async (request, reply) => {
      const csv = await exportOrdersCsv(app, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="orders-${day}.csv"`).send(csv);
    },
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
        description:
          'Body (optional): `{ reason? }`, at most 200 characters on one line (empty or null: none). It is kept in the order\'s history and told to the buyer in the "cancelled" email.',
        params: idParamsSchema,
        body: cancelOrderBodySchema.nullish(),
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => cancelOrder(app, request.params.id, requireUser(request), request.body?.reason ?? null),
  );

  app.post(
    '/api/orders/:id/ship',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order shipped (admin), with its carrier and tracking number if given',
        description:
          'Body (optional): `{ carrier?, trackingNumber? }`, each trimmed (empty or null: none); carrier at most 60 characters, tracking number at most 64 (letters, digits, spaces and . / _ -). Both are stored on the order and told to the buyer in the "shipped" email.',
        params: idParamsSchema,
        body: shipOrderBodySchema.nullish(),
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => shipOrder(app, request.params.id, requireUser(request), request.body ?? { carrier: null, trackingNumber: null }),
  );

  app.post(
    '/api/orders/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          "Refund a paid order that has not shipped (admin): its whole total back to the buyer's card, the order cancelled, its stock back",
        description:
          'Body (optional): `{ reason? }` as for a cancel, kept in the history and told to the buyer in the "cancelled" email, which says the money is on its way back. Asking again is the same refund, never a second (decision 025): after a 503 (the gateway could not be reached) the order is paid with `refund.state` `pending` and cannot ship until the refund is asked for again. A refusal by the gateway is a 402 and leaves the order paid. Any other status is a 409.',
        params: idParamsSchema,
        body: cancelOrderBodySchema.nullish(),
        response: { 200: orderSchema, ...errors, 402: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => refundOrder(app, request.params.id, requireUser(request), request.body?.reason ?? null),
  );

  app.put(
    '/api/orders/:id/shipment',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: "Corrects a shipped order's carrier and tracking number (admin); the buyer is emailed the corrected details",
        description:
          'Body: `{ carrier?, trackingNumber? }` as for shipping (each replaced; empty or null: none). The same details again change nothing. An order that is not shipped is a 409.',
        params: idParamsSchema,
        body: shipOrderBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => correctShipment(app, request.params.id, requireUser(request), request.body),
  );
};
