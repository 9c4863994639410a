import { requireUser } from './auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meSchema } from '@toolsify/shared/auth';
import { errorBodySchema } from '@toolsify/shared/errors';
import { z } from 'zod';

/** `GET /api/me`: who is signed in (the spec's GET /admin/{email}, made safe). */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, with their role',
        response: { 200: meSchema, 401: errorBodySchema },
      },
    },
    async (request) => requireUser(request),
  );

  /**
   * `GET /api/session`: the same, or `{ user: null }` for a visitor. The web app asks this on
   * every page; a visitor is an expected answer, not an error (no 401 in the browser console).
   */
  app.get(
    '/api/session',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['account'],
        summary: 'Who is signed in: the user with their role, or null for a visitor',
        response: { 200: z.object({ user: meSchema.nullable() }) },
      },
    },
    async (request) => {
      return { user: request.user };
    },
  );
};
