import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@toolsify/shared/errors';
import { userIdParamsSchema, userListItemSchema, userPageQuerySchema, userPageSchema } from '@toolsify/shared/users';
import { listUsers, makeAdmin, removeUser, revokeAdmin } from './users.service.ts';

const adminErrors = { 401: errorBodySchema, 403: errorBodySchema };

/** All Users (admin): the list, Make Admin, Revoke admin and Remove User. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Users, newest first, cursor-paginated (removed users are not listed)',
        security: [{ session: [] }],
        querystring: userPageQuerySchema,
        response: { 200: userPageSchema, 400: errorBodySchema, ...adminErrors },
      },
    },
    async (request) => listUsers(app, request.query),
  );

  app.post(
    '/api/users/:id/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Makes a user an admin (idempotent; 409 while their email is not verified)',
        security: [{ session: [] }],
        params: userIdParamsSchema,
        response: { 200: userListItemSchema, ...adminErrors, 404: errorBodySchema },
      },
    },
    async (request) => makeAdmin(app, requireUser(request).id, request.params.id),
  );

  app.delete(
    '/api/users/:id/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary:
          "Revokes another admin's role (the account stays, as a customer; idempotent). Never yourself, never the last admin, never an ADMIN_EMAILS address (409).",
        security: [{ session: [] }],
        params: userIdParamsSchema,
        response: { 200: userListItemSchema, ...adminErrors, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => revokeAdmin(app, requireUser(request).id, request.params.id),
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Removes a user: signed out at once, cannot sign in; orders and reviews stay. Never yourself, never the last admin.',
        security: [{ session: [] }],
        params: userIdParamsSchema,
        response: { 204: z.null(), ...adminErrors, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await removeUser(app, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
