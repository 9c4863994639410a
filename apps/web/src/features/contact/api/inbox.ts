import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContactMessage, ContactMessagePage } from '@toolsify/shared/contact';
import { api } from '../../../lib/api-client.ts';
import { adminQueryKeys } from '../../../lib/admin-query-keys.ts';

export const INBOX_PAGE_SIZE = 20;

/** `GET /api/contact/messages` (admin): newest first, a page at a time, with the unread count. */
export function getInboxPage(cursor: number | null, limit = INBOX_PAGE_SIZE): Promise<ContactMessagePage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor !== null) query.set('cursor', String(cursor));
  return api<ContactMessagePage>(`/api/contact/messages?${query}`);
}

/** The Inbox's list. Every visit shows the newest messages. */
export function useInbox() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: adminQueryKeys.inboxMessages,
    queryFn: async ({ pageParam }) => {
      const page = await getInboxPage(pageParam);
      // The menu's badge follows the list's count at once.
      queryClient.setQueryData(adminQueryKeys.inboxUnread, page.unread);
      return page;
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** How many Inbox messages are unread (the admin menu's badge): asked again each minute. */
export function useInboxUnread(enabled: boolean) {
  return useQuery({
    queryKey: adminQueryKeys.inboxUnread,
    queryFn: async () => (await getInboxPage(null, 1)).unread,
    enabled,
    // The Inbox's own loads keep it fresh meanwhile.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** `POST` (read) or `DELETE` (unread) `/api/contact/messages/:id/read` (admin). */
export function setMessageRead({ id, read }: { id: number; read: boolean }): Promise<ContactMessage> {
  return api<ContactMessage>(`/api/contact/messages/${id}/read`, { method: read ? 'POST' : 'DELETE' });
}

const markKey = [...adminQueryKeys.inbox, 'mark'] as const;

/**
 * Marks message `messageId` read or unread: the list and the badge change at once (put back if
 * the server says no), then both are asked afresh once no mark is under way. Marks of one
 * message go to the server one after another, so open-then-Mark as unread ends unread.
 */
export function useSetMessageRead(messageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markKey,
    scope: { id: `inbox-message-${messageId}` },
    mutationFn: setMessageRead,
    onMutate: async ({ id, read }) => {
      await queryClient.cancelQueries({ queryKey: adminQueryKeys.inbox });
      const list = queryClient.getQueryData<InfiniteData<ContactMessagePage>>(adminQueryKeys.inboxMessages);
      const unread = queryClient.getQueryData<number>(adminQueryKeys.inboxUnread);
      const message = list?.pages.flatMap((page) => page.items).find((m) => m.id === id);
      const wasRead = message ? message.readAt !== null : null;
      if (list && message) {
        const readAt = read ? (message.readAt ?? new Date().toISOString()) : null;
        queryClient.setQueryData<InfiniteData<ContactMessagePage>>(adminQueryKeys.inboxMessages, {
          ...list,
          pages: list.pages.map((page) => ({ ...page, items: page.items.map((m) => (m.id === id ? { ...m, readAt } : m)) })),
        });
      }
      if (unread !== undefined && wasRead !== null && wasRead !== read) {
        queryClient.setQueryData(adminQueryKeys.inboxUnread, Math.max(0, unread + (read ? -1 : 1)));
      }
      return { list, unread };
    },
    onError: (_error, _vars, context) => {
      if (context?.list) queryClient.setQueryData(adminQueryKeys.inboxMessages, context.list);
      if (context?.unread !== undefined) queryClient.setQueryData(adminQueryKeys.inboxUnread, context.unread);
    },
    // The last mark under way refreshes the list and the count (earlier ones would show a state about to change).
    onSettled: () =>
      queryClient.isMutating({ mutationKey: markKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: adminQueryKeys.inbox })
        : undefined,
  });
}
