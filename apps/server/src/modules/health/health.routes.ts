import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeConfigSchema } from '@toolsify/shared/store-config';
import { PreparedAnswer, sendPrepared } from '../../lib/prepared-answer.ts';
import { databaseIsReachable } from '../../plugins/database.ts';
import { storeConfigOf } from './store-config.ts';

/**
 * Health checks that share their database round trips: a request joins the check that starts
 * after it arrives (never one already under way, which might have begun before the database
 * went away), and every request that arrives while a check runs shares the next one. Under a
 * load balancer's probes this is one query per round trip, not one per probe.
 */
export function sharedCheck(check: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;
  const start = (): Promise<boolean> => {
    const started = check().finally(() => {
      if (running === started) running = undefined;
    });
    running = started;
    return started;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(
      () => {
        next = undefined;
        return start();
      },
      () => {
        next = undefined;
        return start();
      },
    );
    return next;
  };
}

/**
 * How long a good check answers health without asking the database again, counted from the
 * moment the check started (docs/decisions/012-health-from-the-last-check.md): probes that
 * arrive within it are answered before the router, and one that arrives later runs a check.
 */
export const HEALTH_FRESH_MS = 1_000;

const HEALTH_URL = '/api/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let ok: PreparedAnswer | undefined;
  const databaseAnswers = sharedCheck(async () => {
    const started = Date.now();
    const reachable = await databaseIsReachable(app.db);
    if (reachable && ok) app.heldAnswers.hold(HEALTH_URL, ok, started + HEALTH_FRESH_MS);
    else app.heldAnswers.drop(HEALTH_URL);
    return reachable;
  });
  app.get(
    '/api/health',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['system'],
        summary: '200 when the database answers, 503 when it does not',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (request, reply) => {
      // The good answer as bytes, the route's own serialization of it: the same bytes, headers
      // and ETag whether the router or the front sends it.
      ok ??= new PreparedAnswer((reply.getSerializationFunction('200') as (value: object) => string)({ status: 'ok' }));
      if (await databaseAnswers()) return sendPrepared(request, reply, ok);
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );

  app.get(
    '/api/config',
    {
      config: { publicAnswer: true },
      schema: {
        tags: ['system'],
        summary: 'What the web app needs to know about this server',
        response: { 200: storeConfigSchema },
      },
    },
    async () => storeConfigOf(app.config),
  );
};
