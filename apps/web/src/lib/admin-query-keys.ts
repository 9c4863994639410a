/**
 * The query keys of the admin's own pages (Manage Products, the sales dashboard, the Inbox): kept out of
 * query-keys.ts, which the home page loads, so the first page carries none of them. None is
 * under a public root (query-keys.ts: publicQueryRoots), so they are dropped when the user
 * changes.
 */
export const adminQueryKeys = {
  /** Manage Products, with the low-stock thresholds the catalog does not show; every product change refreshes it. */
  managedTools: ['managed-tools'] as const,
  allManagedTools: ['managed-tools', 'all'] as const,
  lowStockTools: ['managed-tools', 'low'] as const,
  managedToolsSearch: (q: string) => ['managed-tools', 'search', q] as const,
  /** The sales dashboard for a range of days. */
  stats: (from: string, to: string) => ['stats', from, to] as const,
  /** The Inbox (Contact Us messages): its list and the menu's unread count; marking a message refreshes both. */
  inbox: ['inbox'] as const,
  inboxMessages: ['inbox', 'messages'] as const,
  inboxUnread: ['inbox', 'unread'] as const,
};
