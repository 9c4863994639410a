import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartSchema } from '@toolsify/shared/cart';
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
        response: { 200: cartSchema, 401: errorBodySchema },
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
        summary: "Replaces the signed-in buyer's cart (at most 100 lines, each tool once)",
        security: [{ session: [] }],
        body: cartSchema,
        response: { 200: cartSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => replaceCart(app, requireUser(request).id, request.body),
  );
};
