import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeConfigSchema } from '@toolsify/shared/store-config';
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

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseAnswers = sharedCheck(() => databaseIsReachable(app.db));
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
    async (_request, reply) => {
      if (await databaseAnswers()) return { status: 'ok' as const };
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
