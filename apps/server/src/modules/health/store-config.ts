import type { StoreConfig } from '@toolsify/shared/store-config';
import type { Config } from '../../config.ts';

/** `GET /api/config`: what the web app needs to know about this server (fixed while it runs). */
export function storeConfigOf(config: Config): StoreConfig {
  return {
    googleEnabled: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    payments: {
      gateway: config.paymentGateway,
      publishableKey: config.paymentGateway === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
    trainingSiteUrl: config.TRAINING_SITE_URL,
    // 0 turns the expiry off: unpaid orders never expire.
    unpaidOrderTtlHours: config.UNPAID_ORDER_TTL_HOURS > 0 ? config.UNPAID_ORDER_TTL_HOURS : null,
  };
}
