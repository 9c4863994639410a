import type { FastifyPluginAsync } from 'fastify';
import { meRoutes } from './auth/me.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { reviewsAdminRoutes } from './reviews/reviews-admin.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { addressesRoutes } from './addresses/addresses.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { pendingRefundSweep, unpaidOrderExpiry } from './orders/orders.expiry.ts';
import { stockAlertsRoutes } from './stock-alerts/stock-alerts.routes.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { toolsBulkRoutes } from './tools/tools-bulk.routes.ts';
import { searchIndexUpkeep } from './tools/tools.search-upkeep.ts';
import { lowStockAlerts } from './low-stock/low-stock.plugin.ts';

/**
 * The feature modules' route plugins, registered in this order by buildApp. Each module
 * adds its own line here (users, orders, payments, reviews, profile...).
 */
export const apiModules: FastifyPluginAsync[] = [
  meRoutes as FastifyPluginAsync,
  reviewsRoutes as FastifyPluginAsync,
  reviewsAdminRoutes as FastifyPluginAsync,
  profileRoutes as FastifyPluginAsync,
  usersRoutes as FastifyPluginAsync,
  ordersRoutes as FastifyPluginAsync,
  paymentsRoutes as FastifyPluginAsync,
  cartRoutes as FastifyPluginAsync,
  listsRoutes as FastifyPluginAsync,
  addressesRoutes as FastifyPluginAsync,
  invoicesRoutes as FastifyPluginAsync,
  statsRoutes as FastifyPluginAsync,
  auditRoutes as FastifyPluginAsync,
  toolsBulkRoutes as FastifyPluginAsync,
  stockAlertsRoutes as FastifyPluginAsync,
  unpaidOrderExpiry,
  pendingRefundSweep,
  searchIndexUpkeep,
  lowStockAlerts,
];
