import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartAnswerSchema, cartUpdateSchema } from '@toolsify/shared/cart';
import { errorBodySchema } from '@toolsify/shared/errors';
import { getCart, replaceCart } from './cart.service.ts';

/**
 * The signed-in buyer's cart, so it follows them across devices: read it, replace it whole.
 * Lines only (tool and quantity); the cart page applies today's tools, prices and rules.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in buyer's cart (empty until saved)",
        security: [{ session: [] }],
        response: { 200: cartAnswerSchema, 401: errorBodySchema },
      },
    },
    async (request) => getCart(app, requireUser(request).id),
  );

  app.put(
    '/api/cart',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['orders'],
        summary:
          "Replaces the signed-in buyer's cart (at most 100 lines, each tool once); with the `version` it was read at, only if nobody changed it since (409 otherwise)",
        security: [{ session: [] }],
        body: cartUpdateSchema,
        response: { 200: cartAnswerSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => replaceCart(app, requireUser(request).id, request.body),
  );
};
