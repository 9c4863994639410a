import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import { myStockAlertsSchema, stockAlertSchema } from '@toolsify/shared/stock-alerts';
import { listMyStockAlerts, subscribeToStockAlert, unsubscribeFromStockAlert } from './stock-alerts.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** "Email me when it is back" on an out-of-stock tool: subscribe, stop, and the buyer's own list. */
export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/stock-alerts',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tools'],
        summary: 'The tools the signed-in buyer is waiting for ("Email me when it is back"), newest first',
        response: { 200: myStockAlertsSchema, ...errors },
      },
    },
    async (request) => listMyStockAlerts(app, requireUser(request).id),
  );

  app.post(
    '/api/tools/:id/stock-alert',
    {
      onRequest: app.requireUser,
      config: app.config.RATE_LIMIT ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {},
      schema: {
        tags: ['tools'],
        summary: 'Email me when it is back: one email when this out-of-stock tool is in stock again (409 when it is in stock now)',
        params: idParamsSchema,
        response: { 200: stockAlertSchema, ...errors },
      },
    },
    async (request) => subscribeToStockAlert(app, requireUser(request).id, request.params.id),
  );

  app.delete(
    '/api/tools/:id/stock-alert',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tools'],
        summary: 'Stops the signed-in buyer\'s "Email me when it is back" for this tool (none: nothing changes)',
        params: idParamsSchema,
        response: { 200: stockAlertSchema, ...errors },
      },
    },
    async (request) => unsubscribeFromStockAlert(app, requireUser(request).id, request.params.id),
  );
};
