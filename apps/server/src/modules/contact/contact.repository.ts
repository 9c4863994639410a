import type { ContactMessage } from '@toolsify/shared/contact';
import { nowIso, toIso, type Db } from '../../db/schema.ts';
import { adminEmails, enqueueMailToEach } from '../mail/outbox.repository.ts';

export interface NewContactMessage {
  email: string;
  subject: string;
  message: string;
  /** The sender's address as the server saw it (abuse handling). */
  ip: string | null;
}

/** Stores one Contact Us message and answers its id. */
export async function insertContactMessage(db: Db, input: NewContactMessage): Promise<number> {
  const row = await db
    .insertInto('contact_message')
    .values({ email: input.email, subject: input.subject, message: input.message, ip: input.ip, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Tells every admin of a new message (an email each, to the outbox), in the caller's transaction. */
export async function enqueueContactNotice(db: Db, messageId: number): Promise<void> {
  await enqueueMailToEach(db, await adminEmails(db), {
    kind: 'contact_message_admin',
    key: `contact_message_admin:${messageId}`,
    payload: { messageId },
  });
}

const COLUMNS = ['id', 'email', 'subject', 'message', 'created_at', 'read_at'] as const;

type MessageRow = { id: number; email: string; subject: string; message: string; created_at: string | Date; read_at: string | Date | null };

function toContactMessage(row: MessageRow): ContactMessage {
  return {
    id: row.id,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: toIso(row.created_at),
    readAt: row.read_at === null ? null : toIso(row.read_at),
  };
}

export async function findContactMessage(db: Db, id: number): Promise<ContactMessage | undefined> {
  const row = await db.selectFrom('contact_message').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toContactMessage(row) : undefined;
}

/** The Inbox: newest first, after `cursor` (the last id seen). */
export async function findContactMessages(db: Db, limit: number, cursor?: number): Promise<ContactMessage[]> {
  let query = db.selectFrom('contact_message').select(COLUMNS);
  if (cursor !== undefined) query = query.where('id', '<', cursor);
  return (await query.orderBy('id', 'desc').limit(limit).execute()).map(toContactMessage);
}

export async function countUnreadContactMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('contact_message')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks a message read (keeping the first time) or unread; answers it, or undefined when there is none. */
export async function setContactMessageRead(db: Db, id: number, read: boolean): Promise<ContactMessage | undefined> {
  await db
    .updateTable('contact_message')
    .set({ read_at: read ? nowIso() : null })
    .where('id', '=', id)
    .where('read_at', read ? 'is' : 'is not', null)
    .execute();
  return findContactMessage(db, id);
}
