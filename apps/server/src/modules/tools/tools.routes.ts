import { requireUser } from '../auth/auth.plugin.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@toolsify/shared/ids';
import {
  createToolSchema,
  imageUploadSchema,
  toolListQuerySchema,
  toolCategoriesSchema,
  categoryChangeSchema,
  categoryParamsSchema,
  renameCategorySchema,
  toolPageSchema,
  toolSchema,
  updateToolSchema,
  managedToolPageSchema,
  managedToolSchema,
  managedToolsQuerySchema,
} from '@toolsify/shared/tools';
import { errorBodySchema } from '@toolsify/shared/errors';
import {
  createTool,
  deleteTool,
  findToolsById,
  findToolsBySku,
  getTool,
  listCategories,
  listManagedTools,
  listTools,
  renameCategory,
  updateTool,
} from './tools.service.ts';
import { goneToolSchema, skuLookupSchema, toolIdsLookupSchema } from '@toolsify/shared/cart';
import { robotsTxt, sitemap, sitemapPages, sitemapTools } from './sitemap.ts';
import { AppError } from '../../lib/errors.ts';
import { IMAGE_UPLOAD_LIMITS, imageUploadBody, storeUploadedImage } from '../../lib/uploads.ts';
import { PreparedAnswers, preparedKey, sendPrepared } from '../../lib/prepared-answer.ts';

const adminErrors = { 401: errorBodySchema, 403: errorBodySchema };

export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalog's first pages (the home page's newest tools above all) as the bytes sent, with
  // their ETag and compressed forms: one per page object the catalog cache holds, so a tool
  // write or a stock change, which clears that cache, makes them anew.
  const firstPages = new PreparedAnswers();
  // Multipart bodies are accepted by this module's routes only (the image upload).
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.get(
    '/api/tools',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['tools'],
        summary: 'The catalog: search, filter and sort, cursor-paginated (newest first by default)',
        description:
          '`q` searches name, SKU and description (whole words and word prefixes, any case and accents; ' +
          'an exact SKU first) and sorts by relevance unless `sort` says otherwise. `inStock=true` keeps tools ' +
          "in stock; `minPrice`/`maxPrice` bound the unit price in cents; `category` keeps one category's tools. Pass a page's `nextCursor` as " +
          '`cursor` with the same query for the next page. The first page carries `total`, the number of matches.',
        querystring: toolListQuerySchema,
        response: { 200: toolPageSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const generation = app.catalogCache.generation;
      const page = await listTools(app, request.query);
      // Later pages are read every time; a first page is the cached object, kept as its bytes.
      if (request.query.cursor !== undefined) return page;
      const serialize = reply.getSerializationFunction('200') as (value: object) => string;
      const answer = firstPages.of(page, serialize);
      // And answered before the router to the next requests of this very URL, until the catalog
      // cache is cleared (unless it was cleared while this page was read: then it may be stale).
      if (app.catalogCache.generation === generation) app.catalogCache.set(preparedKey(request.url), answer);
      return sendPrepared(request, reply, answer);
    },
  );

  app.get(
    '/api/tools/categories',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['tools'],
        summary: "The catalog's categories: each with how many live tools it holds, by name",
        response: { 200: toolCategoriesSchema },
      },
    },
    async () => listCategories(app),
  );

  app.patch(
    '/api/tools/categories/:name',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary:
          'Renames a category: its tools move to the new name (one the catalog has, in any case, takes them in; empty takes them out of any category)',
        security: [{ session: [] }],
        params: categoryParamsSchema,
        body: renameCategorySchema,
        response: { 200: categoryChangeSchema, 400: errorBodySchema, ...adminErrors, 404: errorBodySchema },
      },
    },
    async (request) => renameCategory(app, requireUser(request).id, request.params.name, request.body.name),
  );

  app.delete(
    '/api/tools/categories/:name',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary: 'Removes a category: its tools stay in the catalog, in no category',
        security: [{ session: [] }],
        params: categoryParamsSchema,
        response: { 200: categoryChangeSchema, 400: errorBodySchema, ...adminErrors, 404: errorBodySchema },
      },
    },
    async (request) => renameCategory(app, requireUser(request).id, request.params.name, null),
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
    '/api/tools/by-sku',
    {
      bodyLimit: 16 * 1024,
      config: app.config.RATE_LIMIT ? { rateLimit: { max: 60, timeWindow: '1 minute' } } : {},
      schema: {
        tags: ['tools'],
        summary: 'Quick order: the live tools with these SKUs (any case), at most 200 at a time',
        body: skuLookupSchema,
        response: { 200: z.object({ items: z.array(toolSchema) }), 400: errorBodySchema },
      },
    },
    async (request) => ({ items: await findToolsBySku(app, request.body.skus) }),
  );

  app.post(
    '/api/tools/by-id',
    {
      bodyLimit: 16 * 1024,
      // No rate limit: it answers what GET /api/tools/:id answers (which has none), one primary-key read
      // for a whole cart, and every buyer of an office behind one address reads their cart through it.
      schema: {
        tags: ['tools'],
        summary:
          'The cart and Order again: the live tools of these ids, at most 200 at a time (an id left out is unknown or deleted), and in `gone` the deleted ones by name and SKU',
        body: toolIdsLookupSchema,
        response: { 200: z.object({ items: z.array(toolSchema), gone: z.array(goneToolSchema) }), 400: errorBodySchema },
      },
    },
    async (request) => findToolsById(app, request.body.ids),
  );

  app.get(
    '/api/tools/manage',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary:
          'Manage Products (admin): every live tool with its low-stock threshold, the Low stock view, or a search; each of one category (`category`)',
        description:
          'Newest first, or with `lowStock=true` only the tools whose stock is at or under their `lowStockThreshold`, ' +
          'the emptiest first, or with `q` the tools the catalog finds for those words (name, SKU or description, ' +
          'best match first; its first page carries `total`). Pass `nextCursor` back as `cursor` with the same ' +
          '`lowStock` or `q`. Every page carries `lowStockCount`, how many tools are low now.',
        security: [{ session: [] }],
        querystring: managedToolsQuerySchema,
        response: { 200: managedToolPageSchema, 400: errorBodySchema, ...adminErrors },
      },
    },
    async (request) => listManagedTools(app, request.query),
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
        response: { 201: managedToolSchema, 400: errorBodySchema, ...adminErrors, 409: errorBodySchema },
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
        summary: 'Edits name, SKU, description, image, price, minimum and bulk pricing; moves stock by a delta (restock or correction)',
        security: [{ session: [] }],
        params: idParamsSchema,
        body: updateToolSchema,
        response: { 200: managedToolSchema, 400: errorBodySchema, ...adminErrors, 404: errorBodySchema, 409: errorBodySchema },
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
      await deleteTool(app, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // For crawlers: the sitemap of every public page and live tool, and robots.txt naming it.
  const crawlerCache = 'public, max-age=3600';
  const perFile = app.config.SITEMAP_URLS_PER_FILE;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', crawlerCache)
      .send(await sitemap(app, perFile)),
  );
  app.get('/sitemap/:file', { schema: { hide: true, params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { file } = request.params;
    const tools = /^tools-(\d{1,6})\.xml$/.exec(file);
    const xml =
      file === 'pages.xml' ? await sitemapPages(app, perFile) : tools ? await sitemapTools(app, Number(tools[1]), perFile) : undefined;
    if (xml === undefined) throw new AppError('NOT_FOUND', 'No such sitemap.');
    return reply.type('application/xml; charset=utf-8').header('cache-control', crawlerCache).send(xml);
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', crawlerCache).send(robotsTxt(app)),
  );
};
