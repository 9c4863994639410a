import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { PaymentGateway } from './payments.gateway.ts';
import { createSandboxGateway } from './payments.sandbox-gateway.ts';
import { createStripeGateway } from './payments.stripe-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured card gateway, shared by payments and by cancelling an order. */
    paymentGateway: PaymentGateway;
  }
}

/** Decorates the app with the gateway the configuration chooses (DESIGN.md decision 6). */
export const paymentsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate(
      'paymentGateway',
      config.paymentGateway === 'stripe' ? createStripeGateway(config, app.log) : createSandboxGateway(app.db),
    );
  },
  { name: 'payments', dependencies: ['database'] },
);
