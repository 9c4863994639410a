import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * The mail outbox (issue 15): every email the store sends is first a row here, written in the
 * same statement or transaction as the change that causes it, then sent by the outbox worker
 * of any server process (modules/mail/outbox.ts).
 *
 * - `kind` says which email; `payload` (JSON text) what it needs beyond the order it is about
 *   (`order_id`): the worker renders it when it sends.
 * - `dedupe_key` (unique) makes an email about an order exist once: `order_placed:42`.
 * - `token` is random, set by the database, and names the message (its Message-ID) on every
 *   attempt, so a rare second delivery after a crash is recognisable as the same message.
 * - A worker claims a row by setting `claimed_until` (a lease); a worker that dies mid-send
 *   leaves it to be claimed again when the lease runs out. `next_attempt_at` holds retries back
 *   (exponential backoff); `sent_at` ends it; `failed_at` after too many attempts.
 */
export function outbox(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const time = pg ? 'timestamptz' : 'text';
  const random = pg ? sql`md5(random()::text || clock_timestamp()::text)` : sql`(lower(hex(randomblob(16))))`;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', id)
        .addColumn('token', 'text', (c) => c.notNull().unique().defaultTo(random))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('next_attempt_at', time, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', time)
        .addColumn('sent_at', time)
        .addColumn('failed_at', time)
        .addColumn('last_error', 'text')
        .execute();
      // What the worker looks for: due rows not yet sent, oldest first.
      await db.schema
        .createIndex('outbox_due_idx')
        .on('outbox')
        .columns(['next_attempt_at', 'id'])
        .where(sql.ref('sent_at'), 'is', null)
        .execute();
      await db.schema.createIndex('outbox_order_idx').on('outbox').column('order_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('outbox').execute();
    },
  };
}
