import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@toolsify/shared/audit';
import { errorBodySchema } from '@toolsify/shared/errors';
import { listAudit } from './audit.service.ts';

/** The audit log (admin, read-only): there is no route that changes or deletes it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'Audit log (admin): every admin action, newest first, with the changed fields before and after',
        description:
          '`actor`: part of the admin\'s email, or their id. `action`: one action. `q`: part of the target (an email, "#1042", a ' +
          "tool's name), or its id. `from`/`to`: UTC days (YYYY-MM-DD), both included. Paged by `cursor` (the last id seen).",
        security: [{ session: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listAudit(app, request.query),
  );
};
