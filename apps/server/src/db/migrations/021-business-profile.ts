import type { Kysely, Migration } from 'kysely';

/**
 * Issue 18, item 8: a business profile.
 *
 * - `profile.company` and `profile.tax_id`: the buyer's company name and tax / VAT number,
 *   both optional (empty strings until filled, like the profile's other fields).
 * - `orders.buyer_company` and `orders.buyer_tax_id`: copied from the buyer's profile when the
 *   order is placed (null when empty), like its name, phone and address: the invoice and the
 *   order's emails show them as they were then, and an issued invoice never changes.
 */
export const businessProfile: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('profile')
      .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('profile')
      .addColumn('tax_id', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('orders').addColumn('buyer_company', 'text').execute();
    await db.schema.alterTable('orders').addColumn('buyer_tax_id', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('buyer_tax_id').execute();
    await db.schema.alterTable('orders').dropColumn('buyer_company').execute();
    await db.schema.alterTable('profile').dropColumn('tax_id').execute();
    await db.schema.alterTable('profile').dropColumn('company').execute();
  },
};
