import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { ContactInput, ContactMessage, ContactMessagePage } from '@toolsify/shared/contact';
import { AppError } from '../../lib/errors.ts';
import {
  countUnreadContactMessages,
  enqueueContactNotice,
  findContactMessages,
  insertContactMessage,
  setContactMessageRead,
} from './contact.repository.ts';

/**
 * Stores a Contact Us message with the sender's address (for abuse handling) and, in the same
 * transaction, an email to every admin about it (the outbox sends it); answers its id.
 */
export async function receiveContactMessage(deps: Pick<ServiceDeps, 'db'>, input: ContactInput, ip: string | null): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertContactMessage(trx, { email: input.email, subject: input.subject, message: input.message, ip });
    await enqueueContactNotice(trx, id);
    return id;
  });
}

/** The admins' Inbox: newest first, a page at a time, with how many are unread. */
export async function listContactMessages(deps: Pick<ServiceDeps, 'db'>, limit: number, cursor?: number): Promise<ContactMessagePage> {
  const rows = await findContactMessages(deps.db, limit + 1, cursor);
  const items = rows.slice(0, limit);
  return {
    items,
    nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null,
    unread: await countUnreadContactMessages(deps.db),
  };
}

/** Marks a message read or unread (an admin, in the Inbox). */
export async function markContactMessage(deps: Pick<ServiceDeps, 'db'>, id: number, read: boolean): Promise<ContactMessage> {
  const message = await setContactMessageRead(deps.db, id, read);
  if (!message) throw new AppError('NOT_FOUND', 'This message does not exist.');
  return message;
}
