import type { onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createMailTransport } from './mailer.ts';
import { createMailer, type Mailer } from './outbox.ts';
import { outboxRenderer } from './outbox-render.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox and its worker: SMTP when SMTP_URL is set, else the outbox folder (DESIGN.md decision 7). */
    mailer: Mailer;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with its mailer (after the database plugin). The worker starts when the
 * app is ready, looks for mail after every request that changed something (its transaction
 * has committed by then) and every few seconds; closing the app waits for a send under way.
 */
export const mailPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const mailer = createMailer({
      db: app.db,
      dialect: app.dialect,
      transport: createMailTransport(config, app.log),
      render: outboxRenderer({ db: app.db, config }),
      log: app.log,
      messageIdDomain: new URL(config.PUBLIC_URL).hostname,
      pollMs: config.OUTBOX_POLL_MS,
      leaseMs: config.OUTBOX_LEASE_MS,
      yieldMs: config.OUTBOX_YIELD_MS,
    });
    app.decorate('mailer', mailer);
    // On the routes that change something only: a read (most requests) runs no hook for it.
    const wakeAfterChange: onResponseHookHandler = (_request, reply, done) => {
      if (reply.statusCode < 400) mailer.wake();
      done();
    };
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every((method) => READS.has(method))) return;
      route.onResponse = [...[route.onResponse ?? []].flat(), wakeAfterChange];
    });
    app.addHook('onReady', async () => {
      mailer.start();
    });
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['database'] },
);
