import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMTP when SMTP_URL is set, else the outbox folder (DESIGN.md decision 7). */
    mailer: Mailer;
  }
}

/** Decorates the app with its mailer; closing the app waits for mail still being sent. */
export const mailPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const mailer = createMailer(config, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail' },
);
