import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import { listInputSchema, listSchema, myListsSchema } from '@toolsify/shared/lists';
import { createList, getMyList, listMyLists, removeList, updateList } from './lists.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * The signed-in buyer's saved lists: named sets of tools and quantities, saved from the cart
 * and put back in it. Lines only, as the cart; the cart page applies today's prices and rules.
 */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/lists',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in buyer's saved lists, the last changed first (at most 50)",
        response: { 200: myListsSchema, ...errors },
      },
    },
    async (request) => listMyLists(app, requireUser(request).id),
  );

  app.get(
    '/api/lists/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "One of the buyer's lists (another buyer's: 404)",
        params: idParamsSchema,
        response: { 200: listSchema, ...errors },
      },
    },
    async (request) => getMyList(app, requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/lists',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['orders'],
        summary: 'Saves a new list `{ name, lines }` (1 to 100 lines, each tool once; a name the buyer has given another list: 409)',
        body: listInputSchema,
        response: { 201: listSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createList(app, requireUser(request).id, request.body)),
  );

  app.put(
    '/api/lists/:id',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['orders'],
        summary: "Replaces one of the buyer's lists whole: `{ name, lines }`",
        params: idParamsSchema,
        body: listInputSchema,
        response: { 200: listSchema, ...errors },
      },
    },
    async (request) => updateList(app, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/lists/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "Deletes one of the buyer's lists",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeList(app, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
