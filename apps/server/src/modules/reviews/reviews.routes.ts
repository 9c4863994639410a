import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewSchema, reviewListQuerySchema, reviewSchema } from '@toolsify/shared/reviews';
import { errorBodySchema } from '@toolsify/shared/errors';
import { findRecentReviews, toReview } from './reviews.repository.ts';
import { addReview } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reviews',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['reviews'],
        summary: 'Reviews, newest first (the home page shows 3)',
        querystring: reviewListQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorBodySchema },
      },
    },
    async (request) => (await findRecentReviews(app.db, request.query.limit)).map(toReview),
  );

  app.post(
    '/api/reviews',
    {
      onRequest: app.requireUser,
      // After requireUser (rate-limit's hook runs last), so the limit is per account.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (request) => request.user?.id ?? request.ip } },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['reviews'],
        summary: 'Adds a review (rating 1 to 5, picture link, text); name and email come from the session',
        security: [{ session: [] }],
        body: createReviewSchema,
        response: { 201: reviewSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addReview(app.db, request.user!, request.body)),
  );
};
