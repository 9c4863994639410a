import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@toolsify/shared/errors';
import { MAX_STATS_DAYS, statsQuerySchema, statsSchema } from '@toolsify/shared/stats';
import { salesStats } from './stats.service.ts';

/** The admin's sales dashboard. The figures are computed in stats.repository.ts. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['stats'],
        summary: 'Sales dashboard (admin): revenue by day, orders by status, top tools, unpaid orders by age, low stock',
        description:
          '`from` and `to` are UTC days (YYYY-MM-DD), both included, at most ' +
          `${MAX_STATS_DAYS} days apart; without them, the last 30 days. Revenue, paid orders, the average order ` +
          'value and the top 10 tools count orders paid in the range (by the day they were paid); orders by ' +
          'status count orders placed in the range; unpaid orders by age and the low-stock count are as of now.',
        security: [{ session: [] }],
        querystring: statsQuerySchema,
        response: { 200: statsSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => salesStats(app, request.query),
  );
};
