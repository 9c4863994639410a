import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Issue 18, item 7: the contact form reaches someone.
 *
 * - `contact_message.read_at`: when an admin marked the message read in the Inbox (null: unread).
 * - `contact_message_id_idx` is the primary key already; the Inbox pages by id, newest first.
 * Each new message also writes a `contact_message_admin` email to every admin (the outbox).
 */
export function contactInbox(dialect: DialectName): Migration {
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('contact_message').addColumn('read_at', time).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('contact_message').dropColumn('read_at').execute();
    },
  };
}
