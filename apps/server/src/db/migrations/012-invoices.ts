import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Invoices (issue 15): a paid order gets an invoice number from a gap-free sequence per
 * calendar year (`invoice_counter`, incremented in the payment's own transaction, so a
 * rolled-back payment leaves no gap), and its PDF is kept as first rendered (`invoice_pdf`), so
 * every download is the same bytes even if the store's details or the renderer change.
 */
export function invoices(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('invoice_counter')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('orders').addColumn('invoice_number', 'text').execute();
      await db.schema.alterTable('orders').addColumn('invoiced_at', ts).execute();
      await db.schema.createIndex('orders_invoice_number_idx').on('orders').column('invoice_number').unique().execute();
      await db.schema
        .createTable('invoice_pdf')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('pdf', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('invoice_pdf').execute();
      await db.schema.dropIndex('orders_invoice_number_idx').execute();
      for (const column of ['invoiced_at', 'invoice_number']) await db.schema.alterTable('orders').dropColumn(column).execute();
      await db.schema.dropTable('invoice_counter').execute();
    },
  };
}
