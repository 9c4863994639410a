/**
 * Every key of the web app's query cache, in one place (but those of the admin's own pages,
 * in admin-query-keys.ts, which the home page does not load). A key starts with its root
 * ('tools', 'orders'...), so invalidating a root refreshes every list and detail under it.
 */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  /** The catalog: every tools list and tool; any catalog change or order invalidates it. */
  tools: ['tools'] as const,
  newestTools: (limit: number) => ['tools', 'newest', limit] as const,
  /** The catalog page for one search and its filters (its URL query). */
  catalog: (search: string) => ['tools', 'catalog', search] as const,
  tool: (id: number) => ['tools', 'detail', id] as const,
  /** The catalog's categories with their counts. */
  categories: ['tools', 'categories'] as const,
  reviews: ['reviews'] as const,
  latestReviews: (limit: number) => ['reviews', 'latest', limit] as const,
  orders: ['orders'] as const,
  myOrders: ['orders', 'mine'] as const,
  allOrders: ['orders', 'all'] as const,
  users: ['users'] as const,
  /** The audit log (admin) for one set of filters (its URL query). */
  audit: (search: string) => ['audit', search] as const,
  profile: ['profile'] as const,
  /** The signed-in buyer's cart (a visitor's is in the browser). */
  cart: ['cart'] as const,
  /** The signed-in buyer's saved lists. */
  lists: ['lists'] as const,
  /** The signed-in buyer's ship-to addresses (My Profile and checkout). */
  addresses: ['addresses'] as const,
  /** The tools the signed-in buyer asked "Email me when it is back" for. */
  stockAlerts: ['stock-alerts'] as const,
  /** The buyer's unpaid orders of one tool from the last 10 minutes (the purchase page asks before the same order again). */
  recentUnpaidOrders: (toolId: number) => ['orders', 'recent-unpaid', toolId] as const,
  orderToPay: (orderId: number) => ['payment-order', orderId] as const,
  paymentIntent: (orderId: number) => ['payment-intent', orderId] as const,
};

/** The roots whose answers are the same for every visitor: kept when the user changes. */
export const publicQueryRoots: ReadonlySet<string> = new Set([
  queryKeys.me[0],
  queryKeys.tools[0],
  queryKeys.reviews[0],
  queryKeys.config[0],
]);
