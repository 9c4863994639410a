import type { FastifyPluginAsync } from 'fastify';
import { startPeriodic, whileOpen } from '../../lib/periodic.ts';
import { tellLowStock } from './low-stock.service.ts';

/**
 * From start-up until the app closes, every LOW_STOCK_ALERT_MINUTES (0: never), emails the admins
 * of the tools that fell to or under their low-stock threshold since the last check (tellLowStock).
 */
export const lowStockAlerts: FastifyPluginAsync = async (app) => {
  const minutes = app.config.LOW_STOCK_ALERT_MINUTES;
  if (minutes === 0) return;
  whileOpen(app, () =>
    startPeriodic(
      () => tellLowStock(app),
      minutes * 60 * 1000,
      (error) => app.log.error({ err: error }, 'checking for low stock failed; will try again'),
    ),
  );
};
