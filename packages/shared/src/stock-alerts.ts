import { z } from 'zod';

/**
 * "Email me when it is back" (issue 18, item 10): a signed-in buyer subscribes to an
 * out-of-stock tool (`POST /api/tools/:id/stock-alert`) and gets one email when its stock comes
 * back; the subscription is then used up. `DELETE` stops it; `GET /api/me/stock-alerts` lists
 * the tools the buyer is waiting for.
 */

/** The most tools one buyer may wait for at once. */
export const MAX_STOCK_ALERTS_PER_USER = 100;

export const stockAlertSchema = z.object({ toolId: z.number().int(), subscribed: z.boolean() });
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** The tools the signed-in buyer is waiting for (live tools only), newest subscription first. */
export const myStockAlertsSchema = z.object({ toolIds: z.array(z.number().int()) });
export type MyStockAlerts = z.infer<typeof myStockAlertsSchema>;
