import { nowIso, type Db } from '../../db/schema.ts';

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
