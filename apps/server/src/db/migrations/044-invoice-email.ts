import type { Kysely, Migration } from 'kysely';

/**
 * `profile.invoice_email`: where the buyer's invoices go besides their own inbox (their accounts
 * payable), optional, '' until filled like the profile's other fields. Read when an order is
 * paid: that address gets the invoice then.
 */
export const invoiceEmail: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('profile')
      .addColumn('invoice_email', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('profile').dropColumn('invoice_email').execute();
  },
};
