import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '@toolsify/shared/contact';
import { errorBodySchema } from '@toolsify/shared/errors';
import { receiveContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      // Anyone may write, so: 5 messages per address per 15 minutes, and a small body.
      config: app.config.RATE_LIMIT ? { rateLimit: { max: 5, timeWindow: '15 minutes' } } : {},
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['contact'],
        summary: 'The Contact Us form: stores the message',
        body: contactSchema,
        response: {
          201: z.object({ id: z.number().int() }),
          400: errorBodySchema,
          403: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const id = await receiveContactMessage(app, request.body, request.ip);
      return reply.status(201).send({ id });
    },
  );
};
