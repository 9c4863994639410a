import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessagePageSchema, contactMessageSchema, contactSchema } from '@toolsify/shared/contact';
import { idParamsSchema, pageQuerySchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import { listContactMessages, markContactMessage, receiveContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      // Anyone may write, so: 5 messages per address per 15 minutes, and a small body.
      config: app.config.RATE_LIMIT ? { rateLimit: { max: 5, timeWindow: '15 minutes' } } : {},
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['contact'],
        summary: "The Contact Us form: stores the message for the admins' Inbox and emails every admin about it",
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

  app.get(
    '/api/contact/messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['contact'],
        summary: "The admins' Inbox: Contact Us messages, newest first, cursor-paged, with the unread count (admin)",
        security: [{ session: [] }],
        querystring: pageQuerySchema,
        response: { 200: contactMessagePageSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listContactMessages(app, request.query.limit, request.query.cursor),
  );

  for (const [method, read] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/contact/messages/:id/read',
      onRequest: app.requireAdmin,
      schema: {
        tags: ['contact'],
        summary: read ? 'Marks an Inbox message read (admin)' : 'Marks an Inbox message unread (admin)',
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 200: contactMessageSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
      handler: async (request) => markContactMessage(app, request.params.id, read),
    });
  }
};
