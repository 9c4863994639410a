import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewSchema, reviewListQuerySchema, reviewSchema } from '@toolsify/shared/reviews';
import { errorBodySchema } from '@toolsify/shared/errors';
import multipart from '@fastify/multipart';
import { imageUploadSchema } from '@toolsify/shared/tools';
import { IMAGE_UPLOAD_LIMITS, imageUploadBody } from '../../lib/uploads.ts';
import { addReview, listRecentReviews, storeReviewPicture } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are accepted by this module's routes only (the picture upload).
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.get(
    '/api/reviews',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['reviews'],
        summary: 'Shown reviews, newest first (the home page shows 3), each saying whether its reviewer is a verified buyer',
        querystring: reviewListQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorBodySchema },
      },
    },
    async (request) => listRecentReviews(app, request.query.limit),
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
        summary: 'Adds a review (rating 1 to 5, an uploaded picture or none, text); name and email come from the session',
        security: [{ session: [] }],
        body: createReviewSchema,
        response: { 201: reviewSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addReview(app, requireUser(request), request.body)),
  );

  app.post(
    '/api/reviews/image',
    {
      onRequest: app.requireUser,
      // After requireUser, so the limit is per account: a reviewer needs one or two tries.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (request) => request.user?.id ?? request.ip } },
      schema: {
        tags: ['reviews'],
        summary: "Uploads the reviewer's picture",
        description:
          'multipart/form-data with one file field named `image`: a JPEG, PNG or WebP image of at most 5 MB, checked ' +
          "from its content. Answers the path to send as the review's `img`.",
        consumes: ['multipart/form-data'],
        body: imageUploadBody,
        security: [{ session: [] }],
        response: {
          201: imageUploadSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const url = await storeReviewPicture(app, async () => (request.isMultipart() ? request.file() : undefined));
      return reply.status(201).send({ url });
    },
  );
};
