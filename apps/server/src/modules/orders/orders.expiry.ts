import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { startPeriodic, whileOpen } from '../../lib/periodic.ts';
import { expireUnpaidOrders, finishPendingRefunds } from './orders.service.ts';

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

/**
 * How long a refund may stay pending before the sweep finishes it: past any request still
 * asking the gateway (Stripe's 20 s timeout, twice retried), so the sweep takes only what a
 * crash or an unreachable gateway left (either finishing it is safe: the same key, once).
 */
export const PENDING_REFUND_AGE_MS = 5 * 60 * 1000;

/** Every `intervalMs` (and once at start), finishes the refunds pending for longer than PENDING_REFUND_AGE_MS (decision 025). */
export function startPendingRefundSweep(app: FastifyInstance, intervalMs = EXPIRY_INTERVAL_MS): () => Promise<void> {
  return startPeriodic(
    () => finishPendingRefunds(app, new Date(Date.now() - PENDING_REFUND_AGE_MS)),
    intervalMs,
    (error) => app.log.error({ err: error }, 'finishing pending refunds failed; will try again'),
  );
}

/** The pending refunds' sweep, in every process, from start-up until the app closes. */
export const pendingRefundSweep: FastifyPluginAsync = async (app) => {
  whileOpen(app, () => startPendingRefundSweep(app));
};
