import { requireUser } from '../auth/auth.plugin.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, pageSchema } from '@toolsify/shared/ids';
import { createToolSchema, imageUploadSchema, toolListQuerySchema, toolSchema, updateToolSchema } from '@toolsify/shared/tools';
import { errorBodySchema } from '@toolsify/shared/errors';
import { createTool, deleteTool, getTool, listTools, updateTool } from './tools.service.ts';
import { IMAGE_UPLOAD_LIMITS, imageUploadBody, storeUploadedImage } from '../../lib/uploads.ts';

const adminErrors = { 401: errorBodySchema, 403: errorBodySchema };

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are accepted by this module's routes only (the image upload).
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.get(
    '/api/tools',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['tools'],
        summary: 'The catalog, newest first, cursor-paginated',
        querystring: toolListQuerySchema,
        response: { 200: pageSchema(toolSchema), 400: errorBodySchema },
      },
    },
    async (request) => listTools(app, request.query),
  );

  app.get(
    '/api/tools/:id',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['tools'],
        summary: 'One tool (404 once it is deleted)',
        params: idParamsSchema,
        response: { 200: toolSchema, 404: errorBodySchema },
      },
    },
    async (request) => getTool(app, request.params.id),
  );

  app.post(
    '/api/uploads',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary: 'Uploads a product image',
        description:
          'multipart/form-data with one file field named `image`: a JPEG, PNG or WebP image of at most 5 MB. ' +
          "The type is checked from the file's content, not its name. Answers the URL to use as a tool's `img` " +
          '(served under /uploads/ with a one-year cache).',
        consumes: ['multipart/form-data'],
        body: imageUploadBody,
        security: [{ session: [] }],
        response: { 201: imageUploadSchema, 400: errorBodySchema, ...adminErrors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const url = await storeUploadedImage(app.config.UPLOAD_DIR, async () => (request.isMultipart() ? request.file() : undefined));
      return reply.status(201).send({ url });
    },
  );

  app.post(
    '/api/tools',
    {
      onRequest: app.requireAdmin,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['tools'],
        summary: 'Adds a product (price in cents; img from POST /api/uploads or an https URL)',
        security: [{ session: [] }],
        body: createToolSchema,
        response: { 201: toolSchema, 400: errorBodySchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTool(app, requireUser(request).id, request.body)),
  );

  app.patch(
    '/api/tools/:id',
    {
      onRequest: app.requireAdmin,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['tools'],
        summary: 'Edits price, minimum, description; moves stock by a delta (restock or correction)',
        security: [{ session: [] }],
        params: idParamsSchema,
        body: updateToolSchema,
        response: { 200: toolSchema, 400: errorBodySchema, ...adminErrors, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => updateTool(app, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/tools/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary: 'Takes a product out of the catalog (its orders keep their name and price; its unpaid orders are cancelled)',
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 204: z.null(), ...adminErrors, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteTool(app, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
