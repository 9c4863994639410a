import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { startPeriodic, whileOpen } from '../../lib/periodic.ts';
import { expireUnpaidOrders } from './orders.service.ts';

/** How often the expiry looks for unpaid orders past their time. */
export const EXPIRY_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Every `intervalMs` (and once at start), cancels the unpaid orders older than `ttlHours`, so
 * stock held by orders nobody pays comes back. Runs in every process; each order is cancelled
 * once whichever process gets there first. Answers a function that stops it.
 */
export function startUnpaidOrderExpiry(app: FastifyInstance, ttlHours: number, intervalMs = EXPIRY_INTERVAL_MS): () => Promise<void> {
  return startPeriodic(
    () => expireUnpaidOrders(app, new Date(Date.now() - ttlHours * 3_600_000)),
    intervalMs,
    (error) => app.log.error({ err: error }, 'expiring unpaid orders failed; will try again'),
  );
}

/** UNPAID_ORDER_TTL_HOURS (48 by default; 0 turns it off): the expiry runs from start-up until the app closes. */
export const unpaidOrderExpiry: FastifyPluginAsync = async (app) => {
  const ttlHours = app.config.UNPAID_ORDER_TTL_HOURS;
  if (ttlHours <= 0) return;
  whileOpen(app, () => startUnpaidOrderExpiry(app, ttlHours));
};
