import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, updateProfileSchema } from '@toolsify/shared/profile';
import { errorBodySchema } from '@toolsify/shared/errors';
import { getProfile, saveProfile } from './profile.service.ts';

/** My Profile: the signed-in user's phone, education, LinkedIn link and address. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: "The signed-in user's profile (empty strings until saved)",
        security: [{ session: [] }],
        response: { 200: profileSchema, 401: errorBodySchema },
      },
    },
    async (request) => getProfile(app, requireUser(request).id),
  );

  app.put(
    '/api/me/profile',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['account'],
        summary: "Saves the signed-in user's whole profile",
        security: [{ session: [] }],
        body: updateProfileSchema,
        response: { 200: profileSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => saveProfile(app, requireUser(request).id, request.body),
  );
};
