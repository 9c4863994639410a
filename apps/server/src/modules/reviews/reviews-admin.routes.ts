import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReviewPageSchema, adminReviewSchema } from '@toolsify/shared/reviews';
import { idParamsSchema, pageQuerySchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import { listAllReviews, setHidden } from './reviews.service.ts';

/**
 * The admin's Reviews page: every review, hidden ones too, and hiding or showing one. A plugin of
 * its own, so these bodiless routes take no multipart body (reviews.routes.ts accepts one for the
 * picture upload).
 */
export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reviews/all',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['reviews'],
        summary: 'Every review, hidden ones too, newest first, cursor-paged (admin)',
        security: [{ session: [] }],
        querystring: pageQuerySchema,
        response: { 200: adminReviewPageSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listAllReviews(app, request.query.limit, request.query.cursor),
  );

  for (const [method, hidden] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/reviews/:id/hidden',
      onRequest: app.requireAdmin,
      schema: {
        tags: ['reviews'],
        summary: hidden
          ? 'Hides a review from the testimonials (admin; recorded in the audit log)'
          : 'Shows a hidden review again (admin; recorded in the audit log)',
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 200: adminReviewSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
      handler: async (request) => setHidden(app, requireUser(request).id, request.params.id, hidden),
    });
  }
};
