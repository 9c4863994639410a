import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { toast } from 'react-hot-toast';
import { replyMailto, type ContactMessage } from '@toolsify/shared/contact';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useInbox, useInboxUnread, useSetMessageRead } from '../../../features/contact/api/inbox.ts';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { dateTimeFormat as when } from '../../../lib/date-format.ts';

/** The message's id in the URL (`?id=`, as the admins' notice email links it), or null. */
function targetIdFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * One message: a button with the sender, subject, time and the start of the message opens
 * it (and marks it read); open, the whole message shows with Reply by email and Mark as
 * read / unread. Every value the sender wrote is shown as text.
 */
function MessageRow({ message, linked }: { message: ContactMessage; linked: boolean }) {
  const [open, setOpen] = useState(linked);
  const change = useSetMessageRead(message.id);
  const rowRef = useRef<HTMLLIElement>(null);
  const panelId = useId();
  const unread = message.readAt === null;
  const subject = message.subject.trim();

  const mark = (read: boolean) =>
    change.mutate({ id: message.id, read }, { onError: (error) => toast.error(`The message could not be marked: ${error.message}`) });

  // Opened by the notice email's link: shown, scrolled to and read, once.
  const linkHandled = useRef(false);
  useEffect(() => {
    if (!linked || linkHandled.current) return;
    linkHandled.current = true;
    rowRef.current?.scrollIntoView({ block: 'center' });
    if (unread) mark(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the linked message first shows
  }, [linked]);

  const toggle = () => {
    if (!open && unread) mark(true);
    setOpen(!open);
  };

  return (
    <li
      ref={rowRef}
      id={`message-${message.id}`}
      data-testid="inbox-message"
      data-unread={unread}
      className={`overflow-hidden rounded-box border ${unread ? 'border-primary/40 bg-primary/5' : 'border-base-300 bg-base-100'}`}
    >
      <h3>
        <button
          type="button"
          className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-base-200/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary sm:px-5"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
        >
          <span
            aria-hidden="true"
            className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`}
            data-testid="unread-dot"
          />
          <span className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className={`min-w-0 [overflow-wrap:anywhere] ${unread ? 'font-bold' : 'font-medium text-base-content/80'}`}>
                <EmailText email={message.email} />
              </span>
              {unread && <span className="badge badge-sm badge-primary">New</span>}
              <time dateTime={message.createdAt} className="text-sm text-base-content/70 sm:ml-auto">
                {when.format(new Date(message.createdAt))}
              </time>
            </span>
            <span className={`[overflow-wrap:anywhere] ${unread ? 'font-bold' : ''} ${subject ? '' : 'italic text-base-content/60'}`}>
              {subject || '(no subject)'}
            </span>
            {!open && <span className="truncate text-sm font-normal text-base-content/70">{message.message}</span>}
          </span>
          <span aria-hidden="true" className={`mt-1 shrink-0 text-base-content/50 transition-transform ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-base-300 px-4 py-4 sm:px-5 sm:pl-[2.625rem]">
        {open && (
          <>
            <p className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="message-text">
              {message.message}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <a className="btn btn-primary btn-sm gap-2" href={replyMailto(message)}>
                <Icon name="mail" className="h-4 w-4" />
                Reply by email
              </a>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => mark(unread)} disabled={change.isPending}>
                {change.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                {unread ? 'Mark as read' : 'Mark as unread'}
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * /dashboard/inbox (admin): the messages sent through Contact Us on the home page, newest
 * first, unread ones marked. `?id=N` (the notice email's link) opens that message.
 */
export default function InboxPage() {
  const [searchParams] = useSearchParams();
  const targetId = targetIdFrom(searchParams);
  const inbox = useInbox();
  const pages = inbox.data?.pages ?? [];
  const messages = pages.flatMap((page) => page.items);
  // The count the menu shows (kept by the list's loads and by each mark at once).
  const unread = useInboxUnread(true).data ?? pages[0]?.unread ?? 0;
  const lastId = messages.at(-1)?.id;

  // The linked message is further down: load pages until it shows (ids fall page by page).
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = inbox;
  const targetShown = targetId !== null && messages.some((m) => m.id === targetId);
  useEffect(() => {
    if (targetId === null || targetShown || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (lastId !== undefined && lastId > targetId) void fetchNextPage();
  }, [targetId, targetShown, hasNextPage, isFetchingNextPage, isFetchNextPageError, lastId, fetchNextPage]);

  return (
    <section aria-labelledby="inbox-heading" className="flex max-w-4xl flex-col gap-5">
      <header>
        <h2 id="inbox-heading" className="text-2xl font-bold text-primary">
          Inbox
        </h2>
        <p className="text-base-content/70">
          Messages sent through Contact Us on the home page, newest first. Reply to the sender by email.
        </p>
        {inbox.data && messages.length > 0 && (
          <p className="mt-1 text-sm font-medium" data-testid="inbox-unread">
            {unread === 0 ? 'All messages read' : `${unread} unread`}
          </p>
        )}
      </header>

      {inbox.isError && !inbox.data ? (
        <RetryAlert
          title="We could not load the Inbox."
          error={inbox.error}
          retrying={inbox.isFetching}
          onRetry={() => void inbox.refetch()}
        />
      ) : inbox.isPending ? (
        <Spinner label="Loading the Inbox" />
      ) : messages.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center">
          <Icon name="mail" className="h-10 w-10 text-base-content/40" />
          <p className="font-semibold">No messages yet</p>
          <p className="text-sm text-base-content/70">Messages sent through Contact Us on the home page show here.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-2">
          {messages.map((message) => (
            <MessageRow key={message.id} message={message} linked={message.id === targetId} />
          ))}
        </ul>
      )}
      {inbox.isFetchNextPageError ? (
        <RetryAlert
          title="We could not load more messages."
          error={inbox.error}
          retrying={inbox.isFetchingNextPage}
          onRetry={() => void inbox.fetchNextPage()}
        />
      ) : (
        <LoadMoreButton list={inbox} label="Load more" />
      )}
    </section>
  );
}
