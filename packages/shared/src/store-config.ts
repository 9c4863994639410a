import { z } from 'zod';

/** `GET /api/config`: what the web app needs to know about this server. */
export const storeConfigSchema = z.object({
  googleEnabled: z.boolean(),
  payments: z.object({ gateway: z.enum(['sandbox', 'stripe']), publishableKey: z.string().nullable() }),
  trainingSiteUrl: z.string(),
  /** Unpaid orders are cancelled this many hours after they are placed; null: never. */
  unpaidOrderTtlHours: z.number().int().positive().nullable(),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;
