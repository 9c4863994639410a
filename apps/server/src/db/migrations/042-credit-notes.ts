import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Credit notes (decision 025): a refunded order's invoice is cancelled by a credit note of its
 * own series, CN-2026-000001, numbered in the refund's transaction as invoices are in the
 * payment's (migration 012): one counter row a year, so the series has no gaps. Its PDF is kept
 * as first rendered, as an invoice's is.
 */
export function creditNotes(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('credit_note_counter')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('orders').addColumn('credit_note_number', 'text').execute();
      await db.schema.createIndex('orders_credit_note_number_idx').on('orders').column('credit_note_number').unique().execute();
      await db.schema
        .createTable('credit_note_pdf')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('pdf', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('credit_note_pdf').execute();
      await db.schema.dropIndex('orders_credit_note_number_idx').execute();
      await db.schema.alterTable('orders').dropColumn('credit_note_number').execute();
      await db.schema.dropTable('credit_note_counter').execute();
    },
  };
}
